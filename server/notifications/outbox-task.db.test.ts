import { defaultReminderSettings } from '#common/reminders/settings.ts';
import type express from 'express';
import pino from 'pino';
import request from 'supertest';
import { defaultCustomerEmails } from '#common/site-content/site-content.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import { createTestDatabase } from '#tests/support/database.ts';
import { makeEnquiry } from '#tests/support/factories.ts';
import { startSmtpServer, until } from '#tests/support/smtp.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { enquiries, outbox } from '../db/schema.ts';
import { createMailer, oneLine, type Mailer } from './mailer.ts';
import { countPendingNotifications } from './outbox.ts';
import { startOutbox, type TestOutbox } from '#tests/support/outbox.ts';
import { retryDelayMs } from './outbox-task.ts';

let database: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: TestOutbox | undefined;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(outbox);
  await database.db.delete(enquiries);
  smtp.received.length = 0;
  smtp.refuse(false);
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

function startWorker(
  overrides: { pollMs?: number; retryBaseMs?: number; mailer?: Mailer; logger?: pino.Logger } = {},
) {
  worker = startOutbox(database, {
    mailer: overrides.mailer ?? createMailer({ smtpUrl: smtp.url })!,
    logger: overrides.logger ?? logger,
    addresses: async () => ({
      from: 'Website <website@example.com>',
      to: 'staff@example.com',
      business: {
        companyName: 'Test Tyres',
        phone: '01708555000',
        formattedPhone: '01708 555 000',
        email: 'office@test-tyres.example',
      },
      customerEmails: defaultCustomerEmails,
      branches: [],
      noticeHours: 4,
      reminders: defaultReminderSettings,
      tyreService: null,
    }),
    publicUrl: 'https://tyres.example.com',
    pollMs: overrides.pollMs ?? 50,
    retryBaseMs: overrides.retryBaseMs ?? 20,
    maxRetryMs: 100,
  });
  return worker;
}

function appWith(notifications: TestOutbox): express.Express {
  return createTestApp(database, {
    config: testConfig({ ENQUIRY_RATE_LIMIT: '1000' }),
    notifications,
  });
}

/** Message-ID header of a raw mail. */
const messageId = (raw: string) => /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim();

describe('staff notification of a new enquiry', () => {
  it('reaches the SMTP server with every field of the enquiry', async () => {
    const app = appWith(startWorker({ pollMs: 60_000 }));
    await request(app)
      .post('/api/enquiries')
      .send(
        makeEnquiry({
          name: 'Sarah Mitchell',
          phone: '07700 900123',
          email: 'sarah@example.com',
          vehicle: 'Ford Focus 2019',
          service: 'mot',
          message: 'Saturday morning please.',
          postcode: 'co1 1aa',
        }),
      )
      .expect(201);
    // Sent on the wake-up after the enquiry was stored, not on the (here: one minute) poll.
    await until(() => smtp.received.length === 2);
    const mail = smtp.received.find((received) => received.to.includes('staff@example.com'));
    expect(mail!.to).toEqual(['staff@example.com']);
    expect(mail!.from).toBe('website@example.com');
    const raw = mail!.raw.replace(/\r\n/g, '\n');
    expect(raw).toMatch(/^Subject: New enquiry: Sarah Mitchell \(MOT Testing\)$/m);
    expect(raw).toMatch(/^Reply-To: sarah@example\.com$/m);
    for (const line of [
      'Name: Sarah Mitchell',
      'Phone: 07700 900123',
      'Email: sarah@example.com',
      'Vehicle Make & Model: Ford Focus 2019',
      'Service: MOT Testing',
      'Postcode: CO1 1AA (OUTSIDE the covered area)',
      'Saturday morning please.',
    ]) {
      expect(raw).toContain(line);
    }
    await until(async () => (await countPendingNotifications(database.db)) === 0);
  });

  it('and the customer’s acknowledgement, once, with the reference and the business’s details', async () => {
    const app = appWith(startWorker({ pollMs: 60_000 }));
    const { body } = await request(app)
      .post('/api/enquiries')
      .send(
        makeEnquiry({
          name: 'Sarah Mitchell',
          email: 'sarah@example.com',
          vehicle: 'Ford Focus 2019',
          postcode: 'rm3 0ab',
        }),
      )
      .expect(201);
    await until(() => smtp.received.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const toCustomer = smtp.received.filter((received) => received.to.includes('sarah@example.com'));
    expect(toCustomer).toHaveLength(1);
    const raw = toCustomer[0]!.raw.replace(/\r\n/g, '\n').replace(/=\n/g, '');
    expect(toCustomer[0]!.from).toBe('website@example.com');
    expect(raw).toMatch(
      new RegExp(`^Subject: We have your enquiry \\(${body.reference}\\) - Test Tyres$`, 'm'),
    );
    expect(raw).toMatch(/^Reply-To: office@test-tyres\.example$/m);
    for (const line of [
      'Dear Sarah Mitchell,',
      `Your reference: ${body.reference}`,
      'Service: Puncture Repair',
      'Vehicle: Ford Focus 2019',
      'Postcode: RM3 0AB',
      'please call us on 01708 555 000 and quote your reference',
    ]) {
      expect(raw).toContain(line);
    }
    expect(raw).not.toContain('outside the area');
  });

  it('is not sent, nor the acknowledgement, when the honeypot is filled in', async () => {
    const app = appWith(startWorker());
    await request(app)
      .post('/api/enquiries')
      .send(makeEnquiry({ website: 'https://spam.example' }))
      .expect(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await database.db.select().from(enquiries)).toHaveLength(0);
    expect(await countPendingNotifications(database.db)).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('cannot be given extra headers through the customer name', async () => {
    const app = appWith(startWorker());
    await request(app)
      .post('/api/enquiries')
      .send(makeEnquiry({ name: 'Eve\r\nBcc: victim@example.org\r\nX-Evil: 1', email: 'eve@example.com' }))
      .expect(201);
    await until(() => smtp.received.length === 2);
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([['eve@example.com'], ['staff@example.com']]);
    for (const mail of smtp.received) {
      const headers = mail.raw.split(/\r?\n\r?\n/)[0]!;
      expect(headers).not.toMatch(/^Bcc:/im);
      expect(headers).not.toMatch(/^X-Evil:/im);
    }
    expect(oneLine('a\r\nb\nc')).toBe('a b c');
  });

  it('keeps trying while the mail server refuses, then delivers each notification exactly once', async () => {
    smtp.refuse(true);
    const app = appWith(startWorker());
    for (let count = 0; count < 3; count += 1) {
      await request(app).post('/api/enquiries').send(makeEnquiry()).expect(201);
    }
    await until(() => smtp.refusals() >= 6);
    expect(smtp.received).toHaveLength(0);
    expect(await countPendingNotifications(database.db)).toBe(6);
    smtp.refuse(false);
    await until(async () => (await countPendingNotifications(database.db)) === 0);
    // Give a duplicate the chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = smtp.received.map((mail) => messageId(mail.raw));
    // Each enquiry's staff notification and customer acknowledgement.
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('does not slow the enquiry down while the mail server is down', async () => {
    smtp.refuse(true);
    const app = appWith(startWorker());
    const started = Date.now();
    await request(app).post('/api/enquiries').send(makeEnquiry()).expect(201);
    // Generous bound: the point is that the answer does not wait for retries.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await database.db.select().from(enquiries)).toHaveLength(1);
  });

  it('sends what was left unsent when the previous process stopped', async () => {
    smtp.refuse(true);
    const first = startWorker();
    const app = appWith(first);
    await request(app).post('/api/enquiries').send(makeEnquiry()).expect(201);
    await request(app).post('/api/enquiries').send(makeEnquiry()).expect(201);
    await until(() => smtp.refusals() >= 2);
    await first.stop();
    worker = undefined;
    smtp.refuse(false);
    startWorker();
    // A mail reaches the SMTP server a moment before the worker records it as sent.
    await until(async () => (await countPendingNotifications(database.db)) === 0);
    expect(smtp.received).toHaveLength(4);
  });

  it('sends one mail to staff and one to the customer for each of 200 enquiries sent at once', async () => {
    const app = appWith(startWorker());
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => request(app).post('/api/enquiries').send(makeEnquiry())),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    await until(async () => (await countPendingNotifications(database.db)) === 0, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = smtp.received.map((mail) => messageId(mail.raw));
    expect(ids).toHaveLength(400);
    expect(new Set(ids).size).toBe(400);
    expect(await database.db.select().from(enquiries)).toHaveLength(200);
  }, 90_000);
});

describe('a round of notifications', () => {
  it('is written and sent a few at a time, as many as the mail server connections', async () => {
    const smtpMailer = createMailer({ smtpUrl: smtp.url })!;
    let sending = 0;
    let most = 0;
    const mailer: Mailer = {
      async send(mail) {
        sending += 1;
        most = Math.max(most, sending);
        try {
          await smtpMailer.send(mail);
        } finally {
          sending -= 1;
        }
      },
      close: () => smtpMailer.close(),
    };
    const app = appWith(startWorker({ mailer }));
    await Promise.all(
      Array.from({ length: 30 }, () => request(app).post('/api/enquiries').send(makeEnquiry()).expect(201)),
    );
    await until(async () => (await countPendingNotifications(database.db)) === 0, 30_000);
    expect(smtp.received).toHaveLength(60);
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThan(1);
  }, 60_000);
});

describe('a stored message no domain can read', () => {
  it('fails alone, kept and retried with its reason, and logged without what it holds', async () => {
    const lines: string[] = [];
    const app = appWith(
      startWorker({ logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) }),
    );
    const [unknown, malformed] = await database.db
      .insert(outbox)
      .values([
        { kind: 'parcel-sent', payload: { kind: 'parcel-sent', email: 'priya@example.com' } },
        {
          kind: 'enquiry-received',
          payload: { kind: 'enquiry-received', enquiry: { email: 'priya@example.com' } },
        },
      ])
      .returning({ id: outbox.id });
    await request(app).post('/api/enquiries').send(makeEnquiry()).expect(201);
    await until(() => smtp.received.length === 2);
    const unread = async () =>
      (await database.db.select().from(outbox))
        .filter((row) => row.sentAt === null)
        .sort((a, b) => a.id - b.id);
    await until(async () => (await unread()).every((row) => row.attempts >= 2));
    const rows = await unread();
    expect(rows.map((row) => row.id)).toEqual([unknown!.id, malformed!.id]);
    expect(rows[0]!.lastError).toBe('No e-mail is written for messages of kind parcel-sent.');
    expect(rows[1]!.lastError).toMatch(/^The enquiry-received message is not of its kind at enquiry\.id, /);
    const warnings = lines.filter((line) => line.includes('notification not sent, will retry'));
    expect(
      warnings.some((line) => line.includes('"UnreadableMessageError"') && line.includes('"parcel-sent"')),
    ).toBe(true);
    expect(lines.join('\n')).not.toContain('priya@example.com');
  });
});

describe('retry delays', () => {
  it('double with each attempt up to the ceiling', () => {
    expect([1, 2, 3, 4, 10].map((attempt) => retryDelayMs(attempt, 10_000, 60_000))).toEqual([
      10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });
});

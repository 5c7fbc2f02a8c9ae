import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type express from 'express';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  mailNotConfiguredMessage,
  unreadableMessageSubject,
  type WaitingMessages,
} from '#common/notifications/outbox.ts';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import {
  bookingContent,
  bookingNow,
  clearBookings,
  fixedContentStore,
  makeBooking,
} from '#tests/support/bookings.ts';
import { createTestDatabase } from '#tests/support/database.ts';
import { clearEnquiries, makeEnquiry, sameOriginHeaders, signedInStaff } from '#tests/support/factories.ts';
import { startSmtpServer, until } from '#tests/support/smtp.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { activityLog, outbox } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { notificationAddresses } from './addresses.ts';
import { createMailer } from './mailer.ts';
import { startOutbox, type TestOutbox } from '#tests/support/outbox.ts';

/**
 * Without SMTP_URL: a customer's whole journey (an enquiry, a booking, its manage link, its
 * cancellation) leaves their details in no log line; the e-mails wait in the outbox for an owner,
 * who reads, sends or discards them; a later start with a mail server sends the recent ones.
 */
let database: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: TestOutbox | undefined;
let owner: Awaited<ReturnType<typeof signedInStaff>>;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
const logLines: string[] = [];
const logger = createLogger({ logLevel: 'debug' }, { write: (line: string) => void logLines.push(line) });
const content = fixedContentStore(bookingContent());

const customer = {
  name: 'Priya Ramanathan',
  email: 'priya.ramanathan@example.com',
  phone: '07700 900987',
};

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  owner = await signedInStaff(database.db);
  staff = await signedInStaff(database.db, undefined, undefined, 'staff');
});

afterAll(async () => {
  await smtp?.close();
  await database?.close();
});

beforeEach(async () => {
  logLines.length = 0;
  smtp.received.length = 0;
  await clearEnquiries(database.db);
  await clearBookings(database.db);
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

/** The server as started with (or without) SMTP_URL: its app and its outbox worker. */
function start(smtpUrl?: string): express.Express {
  const config = testConfig({ ENQUIRY_RATE_LIMIT: '100', ...(smtpUrl && { SMTP_URL: smtpUrl }) });
  const addresses = notificationAddresses(config, content, content.settings.inForce);
  worker = startOutbox(database, {
    mailer: createMailer({ smtpUrl }),
    logger,
    addresses,
    publicUrl: config.publicUrl,
    pollMs: 50,
  });
  const notifications = worker;
  return createTestApp(database, {
    config,
    logger,
    clock: () => bookingNow,
    siteContent: content,
    settings: content.settings,
    notifications,
  });
}

const waitingRows = () =>
  database.db
    .select()
    .from(outbox)
    .where(sql`${outbox.waitingSince} is not null and ${outbox.sentAt} is null`);

async function waitingMessages(app: express.Express): Promise<WaitingMessages> {
  return (await request(app).get('/api/outbox?status=waiting').set(owner.headers).expect(200)).body;
}

async function customerJourney(app: express.Express): Promise<string> {
  await request(app)
    .post('/api/enquiries')
    .send(makeEnquiry({ ...customer, message: 'My front tyre is flat, can you come today?' }))
    .expect(201);
  const booked = await request(app).post('/api/bookings').send(makeBooking(customer)).expect(201);
  const token = new URL(booked.body.manageUrl).pathname.split('/').pop()!;
  await request(app).get(`/api/bookings/manage/${token}`).expect(200);
  await request(app).post(`/api/bookings/manage/${token}/cancel`).set(sameOriginHeaders).expect(200);
  return token;
}

describe('without SMTP_URL', () => {
  it('keeps the e-mails of a whole journey waiting in the outbox, and the customer out of the log', async () => {
    const app = start();
    const token = await customerJourney(app);
    // The enquiry's two e-mails, the booking's two and its cancellation's two.
    await until(async () => (await waitingRows()).length === 6);
    const rows = await database.db.select().from(outbox);
    expect(rows.every((row) => row.sentAt === null && row.waitingSince !== null)).toBe(true);
    expect(smtp.received).toHaveLength(0);

    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(5);
    for (const secret of [customer.name, 'Priya', customer.email, customer.phone, '07700900987', token]) {
      expect(log).not.toContain(secret);
    }
    // The outbox's runs say how many it left waiting, and why.
    expect(log).toMatch(/"waiting":\d+,"reason":"e-mail is not set up \(SMTP_URL\)","task":"outbox"/);
  });

  it('shows owners the waiting messages: recipient, subject, body and time', async () => {
    const app = start();
    await customerJourney(app);
    await until(async () => (await waitingRows()).length === 6);
    const answer = await waitingMessages(app);
    expect(answer.mailConfigured).toBe(false);
    expect(answer.messages).toHaveLength(6);
    const acknowledgement = answer.messages.find((message) => message.kind === 'enquiry-acknowledgement')!;
    expect(acknowledgement.to).toBe(customer.email);
    expect(acknowledgement.subject).toMatch(/^We have your enquiry \(ENQ-/);
    expect(acknowledgement.body).toContain(`Dear ${customer.name},`);
    expect(new Date(acknowledgement.createdAt).getTime()).not.toBeNaN();

    // Owners only: staff get 403, nobody signed in 401, and a bad question 400.
    await request(app).get('/api/outbox?status=waiting').set(staff.headers).expect(403);
    await request(app).get('/api/outbox?status=waiting').expect(401);
    await request(app).post(`/api/outbox/${acknowledgement.id}/discard`).set(staff.headers).expect(403);
    await request(app).get('/api/outbox').set(owner.headers).expect(400);
  });

  it('refuses to send with a clear 409, and discards on an owner’s word, recording neither content', async () => {
    const app = start();
    await request(app).post('/api/enquiries').send(makeEnquiry(customer)).expect(201);
    await until(async () => (await waitingRows()).length === 2);
    const [first, second] = (await waitingMessages(app)).messages;
    const refused = await request(app).post(`/api/outbox/${first!.id}/send`).set(owner.headers).expect(409);
    expect(refused.body).toEqual({ error: mailNotConfiguredMessage });

    await request(app).post(`/api/outbox/${second!.id}/discard`).set(owner.headers).expect(200);
    await request(app).post(`/api/outbox/${second!.id}/discard`).set(owner.headers).expect(404);
    expect((await waitingMessages(app)).messages.map((message) => message.id)).toEqual([first!.id]);
    const entries = await database.db
      .select()
      .from(activityLog)
      .where(inArray(activityLog.kind, ['outbox-sent', 'outbox-discarded']));
    expect(entries).toMatchObject([
      { kind: 'outbox-discarded', actorId: owner.userId, target: `message ${second!.id}` },
    ]);
    const recorded = JSON.stringify(await database.db.select().from(activityLog));
    for (const secret of [customer.name, customer.email, customer.phone])
      expect(recorded).not.toContain(secret);
  });

  it('shows a message no domain can read among the others, for an owner to discard', async () => {
    const app = start();
    await request(app).post('/api/enquiries').send(makeEnquiry(customer)).expect(201);
    const [unreadable] = await database.db
      .insert(outbox)
      .values({
        kind: 'booking-moved',
        payload: { kind: 'booking-moved', booking: { email: customer.email } },
      })
      .returning({ id: outbox.id });
    await until(async () => (await waitingRows()).length === 3);
    const { messages } = await waitingMessages(app);
    expect(messages).toHaveLength(3);
    const shown = messages.find((message) => message.id === unreadable!.id)!;
    expect(shown).toMatchObject({ kind: 'booking-moved', to: '', subject: unreadableMessageSubject });
    expect(shown.body).toMatch(/^The booking-moved message is not of its kind at booking\.id, /);
    expect(shown.body).not.toContain(customer.email);

    await request(app).post(`/api/outbox/${unreadable!.id}/discard`).set(owner.headers).expect(200);
    expect((await waitingMessages(app)).messages.map((message) => message.kind).sort()).toEqual([
      'enquiry-acknowledgement',
      'enquiry-received',
    ]);
  });

  it('lets an erasure reach the waiting e-mails of the person', async () => {
    const app = start();
    await request(app).post('/api/enquiries').send(makeEnquiry(customer)).expect(201);
    await request(app).post('/api/bookings').send(makeBooking(customer)).expect(201);
    await until(async () => (await waitingRows()).length === 4);
    const erased = await request(app)
      .post('/api/privacy/erase')
      .set(owner.headers)
      .send({ email: customer.email.toUpperCase() })
      .expect(200);
    expect(erased.body.notifications).toBe(4);
    expect(await database.db.select().from(outbox)).toEqual([]);
  });
});

describe('a later start with SMTP_URL', () => {
  it('sends the waiting e-mails younger than 24 hours; older ones wait for an owner to send or discard', async () => {
    let app = start();
    await request(app).post('/api/enquiries').send(makeEnquiry(customer)).expect(201);
    await request(app)
      .post('/api/enquiries')
      .send(makeEnquiry({ name: 'Old Enquirer', email: 'old@example.com' }))
      .expect(201);
    await until(async () => (await waitingRows()).length === 4);
    await worker!.stop();
    // The second enquiry's e-mails have waited two days.
    const older = (await database.db.select().from(outbox).orderBy(outbox.id)).slice(2).map((row) => row.id);
    await database.db
      .update(outbox)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(inArray(outbox.id, older));

    app = start(smtp.url);
    await until(() => smtp.received.length === 2);
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual(
      [customer.email, 'enquiries@example.com'].sort(),
    );
    const waiting = await waitingMessages(app);
    expect(waiting.mailConfigured).toBe(true);
    expect(waiting.messages.map((message) => message.id)).toEqual(older);

    await request(app).post(`/api/outbox/${older[0]}/send`).set(owner.headers).expect(200);
    await until(() => smtp.received.length === 3);
    await request(app).post(`/api/outbox/${older[1]}/discard`).set(owner.headers).expect(200);
    expect((await waitingMessages(app)).messages).toEqual([]);
    await until(
      async () => (await database.db.select().from(outbox).where(isNull(outbox.sentAt))).length === 0,
    );
    const [sent] = await database.db.select().from(outbox).where(eq(outbox.id, older[0]!));
    expect(sent!.sentAt).not.toBeNull();
    expect(smtp.received).toHaveLength(3);
  });
});

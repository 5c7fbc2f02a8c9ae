import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '#tests/support/app.ts';
import { makeRecord, newKey, useJobsApp } from '#tests/support/jobs.ts';
import { pdfText } from '#tests/support/pdf-text.ts';
import { startSmtpServer, until } from '#tests/support/smtp.ts';
import { notificationAddresses } from '../notifications/addresses.ts';
import { createMailer } from '../notifications/mailer.ts';
import { startOutbox } from '#tests/support/outbox.ts';
import { eq } from 'drizzle-orm';
import { outbox, users } from '../db/schema.ts';

const { fixture, content, people, bookJob, as } = useJobsApp();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

describe('the customer’s e-mails of a job', () => {
  it('are one "on my way" and one job report with its invoice, however often the phone sends', async () => {
    const job = await bookJob({ email: 'sarah@example.com', name: 'Sarah Mitchell' });
    const onTheWay = { type: 'on-the-way', eta: '08:35', idempotencyKey: newKey() };
    const completed = { type: 'completed', record: makeRecord(), idempotencyKey: newKey() };
    const payment = { amount: 2500, method: 'card' as const, idempotencyKey: newKey() };
    for (let round = 0; round < 2; round += 1) {
      await as(people.fitter).event(job.id, onTheWay);
      await as(people.fitter).event(job.id, { type: 'arrived' });
      await as(people.fitter).event(job.id, completed);
      await as(people.fitter).pay(job.id, payment);
    }

    smtp.received.length = 0;
    const config = testConfig();
    const worker = startOutbox(fixture.database, {
      mailer: createMailer({ smtpUrl: smtp.url })!,
      logger: pino({ level: 'silent' }),
      addresses: notificationAddresses(config, content, content.settings.inForce),
      publicUrl: config.publicUrl,
      pollMs: 50,
    });
    try {
      // The booking's own two e-mails go too.
      await until(() => smtp.received.length === 4);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await worker.stop();
    }
    const mails = await Promise.all(smtp.received.map((mail) => simpleParser(mail.raw)));
    const toCustomer = mails.filter((mail) => /on our way|job report/.test(mail.subject ?? ''));
    expect(toCustomer.map((mail) => mail.subject)).toEqual([
      `We are on our way: arriving about 8:35am (${job.reference}) - ${content.content.business.companyName}`,
      `Your job report and invoice INV-000001 (${job.reference}) - ${content.content.business.companyName}`,
    ]);
    expect(
      toCustomer.every((mail) => mail.to && 'text' in mail.to && mail.to.text === 'sarah@example.com'),
    ).toBe(true);
    expect(toCustomer[0]!.text).toContain('Your fitter from');
    // A fitter's username is half of their sign-in: not for customers.
    expect(toCustomer[0]!.text).not.toContain('frank');
    const report = toCustomer[1]!;
    for (const line of [
      'Near-side front: Hankook Ventus Prime 4 205/55 R16 91V, DOT 2324 (week 23 of 2024)',
      'Off-side front: Hankook Ventus Prime 4 205/55 R16 91V, DOT 2324',
      'Near-side front: 2.1 mm',
      'Off-side front: 1.6 mm',
      'Rear tyres at 3 mm: replace within 2 months.',
    ]) {
      expect(report.text).toContain(line);
    }
    expect(report.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['INV-000001.pdf', 'application/pdf'],
    ]);
    const invoice = (await pdfText(report.attachments[0]!.content)).join('\n');
    expect(invoice).toContain('INV-000001');
    // Paid at the kerb before the report went: the invoice says so.
    expect(invoice).toContain('Paid in full');
  });

  it('name the fitter by the first word of their display name, kept with the message when queued', async () => {
    const { db } = fixture.database;
    await db.update(users).set({ displayName: 'Frank  Miller' }).where(eq(users.id, people.fitter.userId));
    try {
      await db.delete(outbox);
      const job = await bookJob({ email: 'sarah@example.com', name: 'Sarah Mitchell' });
      await as(people.fitter).event(job.id, { type: 'on-the-way', eta: '08:35', idempotencyKey: newKey() });
      await as(people.fitter).event(job.id, {
        type: 'completed',
        record: makeRecord(),
        idempotencyKey: newKey(),
      });
      const queued = await db.select({ kind: outbox.kind, payload: outbox.payload }).from(outbox);
      const fitterOf = (kind: string) =>
        (queued.find((row) => row.kind === kind)?.payload as { fitter?: unknown } | undefined)?.fitter;
      expect(fitterOf('job-on-the-way')).toBe('Frank');
      expect(fitterOf('job-report')).toBe('Frank');
    } finally {
      await db.update(users).set({ displayName: null }).where(eq(users.id, people.fitter.userId));
    }
  });

  it('name no fitter when the fitter has no display name, never their username', async () => {
    const { db } = fixture.database;
    await db.delete(outbox);
    const job = await bookJob({ email: 'sarah@example.com', name: 'Sarah Mitchell' });
    await as(people.fitter).event(job.id, { type: 'on-the-way', eta: '08:35', idempotencyKey: newKey() });
    const [queued] = await db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.kind, 'job-on-the-way'));
    expect(queued?.payload).toMatchObject({ fitter: null });
    expect(JSON.stringify(queued?.payload)).not.toContain('"fitter":"frank"');
  });
});

import { eq } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Reminder } from '#common/reminders/reminders.ts';
import { defaultReminderSettings } from '#common/reminders/settings.ts';
import { createApp } from '#server/app.ts';
import { testConfig } from '#tests/support/app.ts';
import { bookingContent } from '#tests/support/bookings.ts';
import { makeRecord, motAtHaroldHill, useJobsApp } from '#tests/support/jobs.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { startSmtpServer, until } from '#tests/support/smtp.ts';
import { bookings, outbox, reminders, vehicles } from '../db/schema.ts';
import { mailContext, outboxMails } from '../notifications/mail-kinds.ts';
import { createMailer } from '../notifications/mailer.ts';
import { claimDueNotifications } from '../notifications/outbox.ts';
import type { NotificationAddresses } from '../notifications/addresses.ts';
import { defaultCustomerEmails } from '#common/site-content/site-content.ts';
import { reminderMails } from './mails.ts';
import { sendDueReminders } from './send.ts';
import { unsubscribe, unsubscribeToken } from './unsubscribe.ts';

// Due reminders go through the outbox once each, whoever sends them and however often, only from
// 09:00 to 19:00 in London unless an owner sends them, and not when the customer has since booked
// what they would ask for. Each carries one-click unsubscribe headers and a visible link.
const { fixture, people, bookJob, as, clock, content } = useJobsApp();
const reviewLink = 'https://g.page/r/anytown-tyres/review';
const settings = { ...defaultReminderSettings, reviewLink };

beforeEach(async () => {
  const { db } = fixture.database;
  await db.delete(reminders);
  await db.delete(vehicles);
  await db.delete(outbox);
  content.content = { ...bookingContent(), reminders: settings };
});

/** An MOT at the Harold Hill branch, reminders agreed to, given to the fitter unless `fitter` is null. */
const motJob = (overrides: Record<string, unknown> = {}, fitter?: null) =>
  bookJob({ ...motAtHaroldHill, remindersConsent: true, ...overrides }, fitter);

const complete = (id: number, record = makeRecord({ advisories: '' })) =>
  as(people.fitter).event(id, { type: 'completed', record }).expect(201);
const remindersOf = async (query = '') =>
  (
    await as(await signedInStaff(fixture.database.db, undefined, clock.now, 'staff'))
      .get(`/api/reminders${query}`)
      .expect(200)
  ).body as Reminder[];
const queued = async () =>
  (await fixture.database.db.select().from(outbox).where(eq(outbox.kind, 'reminder')).orderBy(outbox.id)).map(
    (row) => row.payload as { reminder: { id: number; kind: string; step: number } },
  );
/**
 * An owner's "send due reminders now" (or `person`'s), signed in at the tests' clock (which moves
 * by months), expecting `status`; answers the response.
 */
async function sendDue(status = 200, person?: { headers: Record<string, string> }) {
  const by = person ?? (await signedInStaff(fixture.database.db, undefined, clock.now, 'owner'));
  return request(fixture.app).post('/api/reminders/send-due').set(by.headers).expect(status);
}

const addresses: NotificationAddresses = {
  from: 'Anytown Mobile Tyres <enquiries@example.com>',
  to: 'enquiries@example.com',
  business: {
    companyName: 'Anytown Mobile Tyres',
    phone: '+442079460123',
    formattedPhone: '020 7946 0123',
    email: 'enquiries@example.com',
  },
  customerEmails: defaultCustomerEmails,
  branches: [{ key: 'harold-hill', name: 'Harold Hill', address: '1 Gooshays Drive, Romford, RM3 0AB' }],
  noticeHours: 4,
  reminders: settings,
  tyreService: 'tyre-replacement',
};
const publicUrl = 'https://www.example.com';
/** The e-mail of a reminder's outbox row, as the outbox worker writes it. */
const writeMail = ({ id, kind, payload }: { id: number; kind: string; payload: unknown }) =>
  outboxMails([reminderMails])
    .read({ kind, payload })
    .write(mailContext(addresses, publicUrl, id));

describe('an MOT’s reminders', () => {
  it('go when due, with a link to book the MOT where it was done; an MOT booked since stops the second', async () => {
    const job = await motJob({ registration: 'MO71 TST', name: 'Priya Shah', email: 'priya@example.com' });
    await complete(job.id);
    const [first, second] = await remindersOf('?kind=mot');
    // Not due yet: nothing goes, even for an owner.
    expect((await sendDue()).body).toEqual({ sent: 0 });

    clock.now = new Date(first!.due);
    // The review request (due long before) goes as well as the first reminder.
    expect((await sendDue()).body).toEqual({ sent: 2 });
    const [reviewMail, motMail] = await queued();
    expect(reviewMail!.reminder.kind).toBe('review');
    expect(motMail!.reminder).toMatchObject({ id: first!.id, kind: 'mot', step: 1 });
    const sent = (await remindersOf('?kind=mot&status=sent'))[0]!;
    expect(sent.sentAt).toBe(first!.due);

    // The e-mail as it goes: the expiry, the booking link, the unsubscribe link and headers.
    const [row] = await fixture.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'reminder'))
      .orderBy(outbox.id)
      .offset(1);
    const mail = writeMail(row!);
    expect(mail.to).toBe('priya@example.com');
    expect(mail.subject).toBe(
      'Your MOT runs out on Wednesday 24 November 2027 (MO71 TST) - Anytown Mobile Tyres',
    );
    expect(mail.text).toContain('Dear Priya Shah,');
    expect(mail.text).toContain(
      'Book your MOT at our Harold Hill branch online: https://www.example.com/book?service=mot&location=harold-hill',
    );
    expect(mail.text).toContain('You can have it tested from Monday 25 October 2027');
    const link = /To receive no more reminders or review requests from us: (\S+)/.exec(mail.text)![1]!;
    expect(link).toMatch(/^https:\/\/www\.example\.com\/unsubscribe\/[1-9][0-9]*\.[A-Za-z0-9_-]{43}$/);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The customer books an MOT for the vehicle meanwhile: the second reminder is cancelled at
    // once. The booking cancelled, it is back; booked again, cancelled again, and never sent.
    const cancelledSteps = async () =>
      (await remindersOf('?kind=mot&status=cancelled')).map((r) => [r.step, r.cancelledReason]);
    const date = addDays(londonDate(clock.now), 1);
    const rebooked = await motJob({ registration: 'mo71tst', date }, null);
    expect(await cancelledSteps()).toEqual([[2, 'mot-booked']]);
    const office = await signedInStaff(fixture.database.db, undefined, clock.now, 'staff');
    await request(fixture.app)
      .put(`/api/bookings/${rebooked.id}`)
      .set(office.headers)
      .send({ status: 'cancelled', reason: 'Booked elsewhere' })
      .expect(200);
    expect(await cancelledSteps()).toEqual([]);
    await motJob({ registration: 'MO71TST', date, start: '10:00' }, null);
    expect(await cancelledSteps()).toEqual([[2, 'mot-booked']]);
    clock.now = new Date(second!.due);
    expect((await sendDue()).body).toEqual({ sent: 0 });
    expect((await remindersOf('?kind=mot&status=cancelled')).map((r) => [r.step, r.cancelledReason])).toEqual(
      [[2, 'mot-booked']],
    );
    expect(await queued()).toHaveLength(2);
  });

  it('a tyre reminder is not sent once tyre work was booked for the vehicle, and goes otherwise', async () => {
    await complete((await bookJob({ registration: 'TY71 RES', remindersConsent: true })).id, makeRecord());
    await complete(
      (await bookJob({ registration: 'WO71 RNT', remindersConsent: true, start: '10:00' })).id,
      makeRecord(),
    );
    // Another tyre job booked for the first vehicle; only an MOT for the second, which is no tyre work.
    await bookJob({ registration: 'TY71RES' });
    await motJob({ registration: 'WO71RNT', remindersConsent: false });
    clock.now = new Date((await remindersOf('?kind=tyres'))[0]!.due);
    await sendDue();
    expect(
      (await remindersOf('?kind=tyres')).map((r) => [r.registration, r.status, r.cancelledReason]),
    ).toEqual([
      ['TY71RES', 'cancelled', 'tyres-booked'],
      ['WO71RNT', 'sent', null],
    ]);
    const tyreMail = (await fixture.database.db.select().from(outbox)).find(
      (row) => (row.payload as { reminder?: { kind: string } }).reminder?.kind === 'tyres',
    );
    const mail = writeMail(tyreMail!);
    expect(mail.subject).toBe('Time to look at your tyres (WO71 RNT) - Anytown Mobile Tyres');
    expect(mail.text).toContain('https://www.example.com/book?service=tyre-replacement&location=mobile');
  });
});

describe('sending', () => {
  it('goes from 09:00 to 19:00 in London only, in winter and in summer, unless an owner sends', async () => {
    const { db } = fixture.database;
    const job = await bookJob();
    const due = (at: string) =>
      db.insert(reminders).values({
        kind: 'review',
        dueAt: new Date(at),
        registration: 'AB12CDE',
        bookingId: job.id,
        name: 'Sam',
        email: `sam.${at}@example.com`,
        location: 'mobile',
      });
    await due('2026-10-24T06:00:00Z');
    // The clocks go back at 02:00 on Sunday 25 October 2026: 08:30 UTC is 08:30 in London.
    expect(await sendDueReminders(db, new Date('2026-10-25T08:59:59Z'), settings)).toBe(0);
    expect(await sendDueReminders(db, new Date('2026-10-25T09:00:00Z'), settings)).toBe(1);
    await due('2026-10-25T10:00:00Z');
    expect(await sendDueReminders(db, new Date('2026-10-25T19:00:00Z'), settings)).toBe(0);
    expect(await sendDueReminders(db, new Date('2026-10-25T18:59:00Z'), settings)).toBe(1);
    // The clocks go forward on Sunday 28 March 2027: 08:00 UTC is 09:00 in London, 18:00 is 19:00.
    await due('2027-03-27T12:00:00Z');
    expect(await sendDueReminders(db, new Date('2027-03-28T07:59:00Z'), settings)).toBe(0);
    expect(await sendDueReminders(db, new Date('2027-03-28T18:00:00Z'), settings)).toBe(0);
    expect(await sendDueReminders(db, new Date('2027-03-28T08:00:00Z'), settings)).toBe(1);
    // At 22:00 an owner's "send now" sends what is due; the runner would have waited.
    await due('2027-03-28T12:00:00Z');
    expect(await sendDueReminders(db, new Date('2027-03-28T21:00:00Z'), settings)).toBe(0);
    expect(await sendDueReminders(db, new Date('2027-03-28T21:00:00Z'), settings, { anyHour: true })).toBe(1);
    expect(await queued()).toHaveLength(4);
  });

  it('catches up after days stopped, sending each once, however many processes send at once', async () => {
    const { db } = fixture.database;
    const job = await bookJob();
    await db.insert(reminders).values(
      Array.from({ length: 60 }, (_, index) => ({
        kind: 'review',
        dueAt: new Date(Date.UTC(2026, 10, 10 + (index % 10), 10)),
        registration: 'AB12CDE',
        bookingId: job.id,
        name: `Customer ${index}`,
        email: `customer${index}@example.com`,
        location: 'mobile',
      })),
    );
    // A second process on the same database, its owner pressing "send" as this one's does.
    const other = createApp({
      config: testConfig(),
      logger: pino({ level: 'silent' }),
      database: fixture.database,
      clock: () => clock.now,
      siteContent: content,
      settings: content.settings,
    });
    const answers = await Promise.all([
      sendDue(),
      request(other).post('/api/reminders/send-due').set(people.owner.headers).expect(200),
      sendDue(),
      sendDueReminders(db, clock.now, settings),
    ]);
    const sentCounts = answers.map((answer) => (typeof answer === 'number' ? answer : answer.body.sent));
    expect(sentCounts.reduce((sum, count) => sum + count, 0)).toBe(60);
    const ids = (await queued()).map((mail) => mail.reminder.id);
    expect(new Set(ids).size).toBe(60);
    expect(ids).toHaveLength(60);
    expect(await remindersOf('?status=scheduled')).toEqual([]);
    expect(await sendDueReminders(db, clock.now, settings)).toBe(0);
  });

  it('is for owners; review requests wait for a review link, unsubscribed addresses get nothing', async () => {
    await sendDue(403, fixture.staff);
    await sendDue(403, people.fitter);
    await request(fixture.app).post('/api/reminders/send-due').expect(401);

    // No review link in the site content yet: review requests cannot ask for anything.
    content.content = { ...bookingContent(), reminders: defaultReminderSettings };
    await complete((await bookJob({ email: 'no.link@example.com' })).id);
    await complete((await motJob({ registration: 'UN71 SUB', email: 'gone@example.com' })).id);
    clock.now = new Date('2026-11-25T10:00:00Z');
    expect((await sendDue()).body).toEqual({ sent: 0 });
    expect(
      (await remindersOf('?kind=review')).map((r) => [r.customer.email, r.status, r.cancelledReason]),
    ).toEqual([
      ['no.link@example.com', 'cancelled', 'no-review-link'],
      ['gone@example.com', 'cancelled', 'no-review-link'],
    ]);

    // The customer unsubscribes by the link of one of them: the MOT reminders are cancelled, and
    // one scheduled meanwhile (by another process, say) is cancelled when due rather than sent.
    const [review] = await remindersOf('?kind=review');
    const { db } = fixture.database;
    const gone = (await remindersOf('?kind=review')).find((r) => r.customer.email === 'gone@example.com')!;
    expect(review).toBeDefined();
    await unsubscribe(db, await unsubscribeToken(db, gone.id), clock.now);
    expect((await remindersOf('?kind=mot')).map((r) => [r.status, r.cancelledReason])).toEqual([
      ['cancelled', 'unsubscribed'],
      ['cancelled', 'unsubscribed'],
    ]);
    const [late] = await db
      .insert(reminders)
      .values({
        kind: 'mot',
        dueAt: clock.now,
        registration: 'UN71SUB',
        bookingId: (await db.select().from(bookings).where(eq(bookings.registration, 'UN71SUB')))[0]!.id,
        name: 'Gone',
        email: 'Gone@Example.com',
        location: 'harold-hill',
      })
      .returning();
    content.content = { ...bookingContent(), reminders: settings };
    expect((await sendDue()).body).toEqual({ sent: 0 });
    const [cancelled] = await db.select().from(reminders).where(eq(reminders.id, late!.id));
    expect([cancelled!.status, cancelled!.cancelledReason]).toEqual(['cancelled', 'unsubscribed']);
    expect(await queued()).toEqual([]);
  });
});

describe('a reminder through the mail server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('carries well-formed one-click unsubscribe headers', async () => {
    await complete((await bookJob({ email: 'headers@example.com' })).id);
    clock.now = new Date('2026-11-25T10:00:00Z');
    expect((await sendDue()).body).toEqual({ sent: 1 });
    const claimed = (await claimDueNotifications(fixture.database.db, { limit: 100, lockMs: 60_000 })).find(
      (entry) => entry.kind === 'reminder',
    );
    const mailer = createMailer({ smtpUrl: smtp.url })!;
    try {
      await mailer.send(writeMail(claimed!));
    } finally {
      mailer.close();
    }
    await until(() => smtp.received.length === 1);
    const { raw, to } = smtp.received[0]!;
    expect(to).toEqual(['headers@example.com']);
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toMatch(
      /^List-Unsubscribe: <https:\/\/www\.example\.com\/unsubscribe\/[1-9][0-9]*\.[A-Za-z0-9_-]{43}>$/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(headers).toMatch(/^Subject: How did we do\? - Anytown Mobile Tyres$/m);
    // The body as written, its quoted-printable soft line breaks undone.
    expect(raw.replace(/=\r\n/g, '')).toContain(reviewLink);
  });
});

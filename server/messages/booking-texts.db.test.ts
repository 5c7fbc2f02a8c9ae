import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ManagedBooking } from '#common/bookings/booking.ts';
import { defaultMessageSettings } from '#common/messages/settings.ts';
import { defaultReminderSettings } from '#common/reminders/settings.ts';
import { useJobsApp } from '#tests/support/jobs.ts';
import { useTextsApp } from '#tests/support/texts-app.ts';
import { bookings, outbox, reminders, vehicles } from '../db/schema.ts';
import { dayBeforeTextsTask } from '../bookings/day-before-texts.ts';
import { sendDueReminders } from '../reminders/send.ts';
import { textBooking, textLinkKey } from '../bookings/texts.ts';

// Tuesday 24 November 2026, 10:00 London (GMT); tomorrow's windows are open.
const texts = useTextsApp(useJobsApp);
const { fixture, clock, content, people, bookJob, as, twilio, publicUrl, sendTexts, queuedTexts } = texts;
const db = () => fixture.database.db;
const international = '+447700900123';

const dayBefore = () =>
  dayBeforeTextsTask({
    db: db(),
    clock: () => clock.now,
    publicUrl,
    settings: () => content.settings.inForce(),
    businessName: async () => 'Anytown Mobile Tyres',
  }).run({ signal: new AbortController().signal, runSoon: () => {} });

describe('the text of the day before', () => {
  it('goes once, from the set time, to each of tomorrow’s customers who asked for texts', async () => {
    const job = await bookJob({ phone: '07700 900123', contactBy: 'text', start: '10:00' });
    await bookJob({ phone: '07700 900124', contactBy: 'email' });
    await db().delete(outbox);

    clock.now = new Date('2026-11-24T16:55:00Z');
    expect(await dayBefore()).toBeUndefined();
    clock.now = new Date('2026-11-24T17:05:00Z');
    expect(await dayBefore()).toEqual({ texted: 1 });
    expect(await dayBefore()).toBeUndefined();
    expect(await sendTexts()).toMatchObject({ sent: 1 });

    const [text] = twilio().texts;
    expect(text!.to).toBe(international);
    expect(text!.body).toMatch(
      new RegExp(
        `^Anytown Mobile Tyres: see you tomorrow, Wed 25 Nov, between 10:00-12:00 for .+ \\(${job.reference}\\)\\. Need to change it\\? ${publicUrl}/m/[\\w-]{17,24}$`,
      ),
    );
    // Its link opens the booking, though the booking's own token is no longer known.
    const token = text!.body.split('/m/')[1]!;
    expect(token).not.toBe(job.token);
    const managed = await request(fixture.app).get(`/api/bookings/manage/${token}`).expect(200);
    expect((managed.body as ManagedBooking).reference).toBe(job.reference);
  });

  it('waits outside the sending hours, and is not sent for a cancelled booking', async () => {
    const job = await bookJob({ phone: '07700 900123', contactBy: 'both' });
    clock.now = new Date('2026-11-24T19:05:00Z');
    expect(await dayBefore()).toBeUndefined();
    await db().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, job.id));
    clock.now = new Date('2026-11-24T17:05:00Z');
    expect(await dayBefore()).toBeUndefined();
  });
});

describe('on my way', () => {
  it('is texted with the fitter’s time to a customer who asked for texts alone, and not e-mailed', async () => {
    const job = await bookJob({ phone: '07700 900123', contactBy: 'text' });
    await as(people.fitter).event(job.id, { type: 'on-the-way', eta: '08:40' }).expect(201);
    const kinds = (await db().select({ kind: outbox.kind }).from(outbox)).map((row) => row.kind);
    expect(kinds).not.toContain('job-on-the-way');
    await sendTexts();
    expect(twilio().texts.map((text) => text.body)).toEqual([
      expect.stringContaining('is confirmed for'),
      expect.stringMatching(
        new RegExp(
          `^Anytown Mobile Tyres: your fitter is on the way for ${job.reference} and expects to arrive about 08:40\\. ${publicUrl}/m/`,
        ),
      ),
    ]);
  });

  it('is e-mailed as before to a customer who asked for e-mail', async () => {
    const job = await bookJob({ phone: '07700 900123' });
    await as(people.fitter).event(job.id, { type: 'on-the-way', eta: '08:40' }).expect(201);
    const kinds = (await db().select({ kind: outbox.kind }).from(outbox)).map((row) => row.kind);
    expect(kinds).toContain('job-on-the-way');
    expect(await queuedTexts()).toEqual([]);
  });
});

describe('reminders by text', () => {
  it('go to customers who asked for texts, within the reminders’ hours, e-mailed too only for both', async () => {
    const textOnly = await bookJob({ phone: '07700 900123', contactBy: 'text', registration: 'AB12CDE' });
    const both = await bookJob({ phone: '07700 900124', contactBy: 'both', registration: 'CD34EFG' });
    await db().delete(outbox);
    await db()
      .insert(vehicles)
      .values([
        { registration: 'AB12CDE', motExpiry: '2026-12-21' },
        { registration: 'CD34EFG', motExpiry: '2026-12-21' },
      ]);
    const reminder = (bookingId: number, registration: string) => ({
      kind: 'mot',
      dueAt: clock.now,
      registration,
      bookingId,
      name: 'Jo',
      email: 'jo@example.com',
      location: 'mobile',
    });
    await db()
      .insert(reminders)
      .values([reminder(textOnly.id, 'AB12CDE'), reminder(both.id, 'CD34EFG')]);
    const sent = await sendDueReminders(db(), clock.now, defaultReminderSettings, {
      texts: {
        wording: defaultMessageSettings.texts,
        businessName: 'Anytown Mobile Tyres',
        publicUrl,
        tyreService: 'tyre-replacement',
      },
    });
    expect(sent).toBe(2);
    const mails = await db().select({ kind: outbox.kind }).from(outbox).where(eq(outbox.channel, 'email'));
    expect(mails).toEqual([{ kind: 'reminder' }]);
    await sendTexts();
    expect(twilio().texts.map((text) => [text.to, text.body])).toEqual([
      [
        international,
        `Anytown Mobile Tyres: the MOT of AB12 CDE runs out on Mon 21 Dec. Book your MOT: ${publicUrl}/book?service=mot Reply STOP for no more reminders.`,
      ],
      ['+447700900124', expect.stringContaining('the MOT of CD34 EFG runs out on Mon 21 Dec')],
    ]);
  });
});

describe('the tyre reminder by text', () => {
  it('books the service the site shows first for tyres', async () => {
    const job = await bookJob({ phone: '07700 900123', contactBy: 'text', registration: 'AB12CDE' });
    await db().delete(outbox);
    await db().insert(reminders).values({
      kind: 'tyres',
      dueAt: clock.now,
      registration: 'AB12CDE',
      bookingId: job.id,
      name: 'Jo',
      email: 'jo@example.com',
      location: 'mobile',
    });
    await sendDueReminders(db(), clock.now, defaultReminderSettings, {
      texts: {
        wording: defaultMessageSettings.texts,
        businessName: 'Anytown Mobile Tyres',
        publicUrl,
        tyreService: 'tyre-replacement',
      },
    });
    expect(await db().select().from(outbox).where(eq(outbox.channel, 'email'))).toEqual([]);
    await sendTexts();
    expect(twilio().texts.map((text) => text.body)).toEqual([
      `Anytown Mobile Tyres: when we last saw AB12 CDE, its tyres were getting low. Book a check: ${publicUrl}/book?service=tyre-replacement Reply STOP for no more reminders.`,
    ]);
  });
});

describe('the payment link by text', () => {
  it('goes to the customer’s mobile when staff ask, whichever way they chose, with the /pay link', async () => {
    const job = await bookJob({ phone: '07700 900123' });
    const linkKey = await textLinkKey(db());
    await db()
      .transaction((tx) =>
        textBooking(tx, {
          kind: 'payment-link',
          bookingId: job.id,
          context: {
            linkKey,
            settings: { messages: defaultMessageSettings },
            businessName: 'Anytown Mobile Tyres',
            publicUrl,
          },
          facts: { amount: '£85.00' },
          linkPath: '/pay',
          staffAsked: true,
        }),
      )
      .then((answer) => expect(answer).toEqual({ texted: true, emails: true }));
    await sendTexts();
    expect(twilio().texts.map((text) => text.body)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Anytown Mobile Tyres: £85\\.00 to pay for ${job.reference}\\. Pay securely by card: ${publicUrl}/m/[\\w-]+/pay$`,
        ),
      ),
    ]);
  });
});

describe('the payment link a text carries', () => {
  it('opens the booking’s page while no page to pay is open (card payments off)', async () => {
    const job = await bookJob({ phone: '07700 900123' });
    const answer = await request(fixture.app).get(`/m/${job.token}/pay`).expect(302);
    expect(answer.headers.location).toBe(`/bookings/manage/${job.token}`);
    await request(fixture.app)
      .get(`/m/${'x'.repeat(43)}/pay`)
      .expect(404);
  });
});

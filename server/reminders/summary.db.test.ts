import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedBooking } from '#common/bookings/booking.ts';
import { reminderBookingDays, type ReminderKind, type ReminderStatus } from '#common/reminders/reminders.ts';
import type { ReminderSummary } from '#common/reminders/summary.ts';
import { addDays } from '#common/time/week.ts';
import { bookingNow, makeBooking, tomorrow } from '#tests/support/bookings.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { bookings, reminders, reminderUnsubscribes } from '../db/schema.ts';
import { reminderSummary } from './summary.ts';

// The Reminders section's figures: each kind's reminders by status, the sent ones the customer
// followed with a booking within 30 days (by registration or address, cancelled bookings aside),
// and how many addresses unsubscribed.
const { fixture, book } = useBookingsApp();
const people = {} as Record<'owner' | 'fitter', Awaited<ReturnType<typeof signedInStaff>>>;

beforeAll(async () => {
  people.owner = await signedInStaff(fixture.database.db, 'olivia', bookingNow, 'owner');
  people.fitter = await signedInStaff(fixture.database.db, 'frank', bookingNow, 'fitter');
});

beforeEach(async () => {
  await fixture.database.db.delete(reminders);
  await fixture.database.db.delete(reminderUnsubscribes);
});

const day = 24 * 60 * 60 * 1000;
/** When the sent reminders of these tests went. */
const sentAt = new Date('2026-10-01T09:00:00Z');
const daysAfterSending = (days: number) => new Date(sentAt.getTime() + days * day);

let bookedDays = 0;
/**
 * A booking by `customer`, made (created) at `createdAt`: booked through the API, each on a day
 * of its own so that the windows never fill, then dated as the test needs.
 */
async function bookingBy(
  customer: { registration: string; email: string },
  createdAt: Date,
  status: 'booked' | 'cancelled' = 'booked',
) {
  const fields = makeBooking({ ...customer, date: addDays(tomorrow, bookedDays++ % 14) });
  const created = (await book(fields).expect(201)).body as CreatedBooking;
  const [row] = await fixture.database.db
    .update(bookings)
    .set({ createdAt, status, ...(status === 'cancelled' && { cancelReason: 'Sold the car.' }) })
    .where(eq(bookings.reference, created.reference))
    .returning({ id: bookings.id });
  return row!.id;
}

/** The job every reminder of these tests follows: long before, by someone else. */
const originalJob = () =>
  bookingBy({ registration: 'OR16 JOB', email: 'first.job@example.com' }, new Date('2026-01-05T12:00:00Z'));

async function addReminder(
  bookingId: number,
  kind: ReminderKind,
  status: ReminderStatus,
  customer: { registration: string; email: string } = {
    registration: 'NO12SHO',
    email: 'no.show@example.com',
  },
) {
  await fixture.database.db.insert(reminders).values({
    kind,
    status,
    dueAt: sentAt,
    registration: customer.registration,
    bookingId,
    name: 'Jo Driver',
    email: customer.email,
    location: 'mobile',
    sentAt: status === 'sent' ? sentAt : null,
    cancelledReason: status === 'cancelled' ? 'expiry-changed' : null,
  });
}

const summaryAs = (person: { headers: Record<string, string> }) =>
  request(fixture.app).get('/api/reminders/summary').set(person.headers);

describe('the reminders’ summary', () => {
  it('counts every kind by status, with none left out when there is nothing yet', async () => {
    const none = { scheduled: 0, sent: 0, cancelled: 0, booked: 0 };
    expect((await summaryAs(fixture.staff).expect(200)).body).toEqual({
      kinds: [
        { kind: 'mot', ...none },
        { kind: 'tyres', ...none },
        { kind: 'review', ...none },
      ],
      unsubscribed: 0,
    } satisfies ReminderSummary);
  });

  it('counts a sent reminder as booked when the same vehicle or address books within 30 days', async () => {
    expect(reminderBookingDays).toBe(30);
    const job = await originalJob();
    const byPlate = { registration: 'AB12CDE', email: 'plate@example.com' };
    const byAddress = { registration: 'EM12AIL', email: 'Sam.Case@Example.com' };
    const tooLate = { registration: 'LA71TER', email: 'late@example.com' };
    const cancelledOnly = { registration: 'CA12NCL', email: 'cancel@example.com' };
    const bookedBefore = { registration: 'BE12FOR', email: 'before@example.com' };
    const both = { registration: 'BO71THS', email: 'both@example.com' };

    await addReminder(job, 'mot', 'sent', byPlate);
    await addReminder(job, 'mot', 'scheduled', byPlate);
    await addReminder(job, 'mot', 'cancelled', byPlate);
    await addReminder(job, 'tyres', 'sent', byAddress);
    await addReminder(job, 'tyres', 'cancelled', byAddress);
    for (const customer of [tooLate, cancelledOnly, bookedBefore, both]) {
      await addReminder(job, 'review', 'sent', customer);
    }

    // On the 30th day, by the same plate and another address.
    await bookingBy({ registration: 'ab12 cde', email: 'someone.else@example.com' }, daysAfterSending(29.9));
    // By the same address written otherwise, in another car.
    await bookingBy({ registration: 'ZZ99 ZZZ', email: 'sam.case@EXAMPLE.COM' }, daysAfterSending(3));
    // 31 days on: too late.
    await bookingBy(tooLate, daysAfterSending(31));
    // Within the 30 days, but cancelled.
    await bookingBy(cancelledOnly, daysAfterSending(5), 'cancelled');
    // Before the reminder went: not led by it.
    await bookingBy(bookedBefore, daysAfterSending(-2));
    // Two bookings, each matching by plate and address: still one reminder.
    await bookingBy(both, daysAfterSending(1));
    await bookingBy(both, daysAfterSending(2));

    await fixture.database.db
      .insert(reminderUnsubscribes)
      .values([{ email: 'gone@example.com' }, { email: 'also.gone@example.com' }]);

    const expected: ReminderSummary = {
      kinds: [
        { kind: 'mot', scheduled: 1, sent: 1, cancelled: 1, booked: 1 },
        { kind: 'tyres', scheduled: 0, sent: 1, cancelled: 1, booked: 1 },
        { kind: 'review', scheduled: 0, sent: 4, cancelled: 0, booked: 1 },
      ],
      unsubscribed: 2,
    };
    expect(await reminderSummary(fixture.database.db)).toEqual(expected);
    expect((await summaryAs(fixture.staff).expect(200)).body).toEqual(expected);
    expect((await summaryAs(people.owner).expect(200)).body).toEqual(expected);
  });

  it('does not count a scheduled or cancelled reminder as booked, whatever followed', async () => {
    const job = await originalJob();
    const customer = { registration: 'SC12HED', email: 'scheduled@example.com' };
    // Review requests: a booking does not answer them (it would cancel a scheduled tyre reminder).
    await addReminder(job, 'review', 'scheduled', customer);
    await addReminder(job, 'review', 'cancelled', customer);
    await bookingBy(customer, daysAfterSending(1));
    const [, , review] = (await reminderSummary(fixture.database.db)).kinds;
    expect(review).toEqual({ kind: 'review', scheduled: 1, sent: 0, cancelled: 1, booked: 0 });
  });

  it('refuses fitters, and anyone not signed in', async () => {
    await summaryAs(people.fitter).expect(403);
    await request(fixture.app).get('/api/reminders/summary').expect(401);
  });
});

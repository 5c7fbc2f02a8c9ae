import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Booking } from '#common/bookings/booking.ts';
import type { JobRecord } from '#common/jobs/jobs.ts';
import {
  aYearOn,
  motReminderDates,
  motService,
  needsTyreReminder,
  reviewRequestMonths,
  reviewRequestTime,
  tyreReminderWeeks,
} from '#common/reminders/reminders.ts';
import { sendingHours } from '#common/reminders/sending-hours.ts';
import { londonDate, londonInstant } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import type { Database } from '../db/client.ts';
import { bookings, reminders, vehicles } from '../db/schema.ts';
import { isUnsubscribed } from './unsubscribe.ts';

/** Whom a booking's reminders go to, and whether they agreed to reminders. */
const customerColumns = {
  id: bookings.id,
  name: bookings.name,
  email: bookings.email,
  location: bookings.location,
  agreed: bookings.remindersConsent,
};

/**
 * What a completed job leads to. An MOT records the vehicle's MOT expiry, a year on from the day
 * it was done, and schedules its reminders. A record (from the fitter's phone) that notes a worn
 * tyre left on or an advisory schedules one tyre reminder 8 weeks on, where the customer agreed.
 * Every customer is asked for a review (`requestReview`). Nothing is scheduled for an address
 * that unsubscribed.
 */
export async function recordCompletedJob(
  tx: Database,
  booking: Pick<Booking, 'id' | 'service' | 'registration'>,
  now: Date,
  record?: JobRecord,
) {
  if (booking.service === motService) {
    await setMotExpiry(tx, booking.registration, aYearOn(londonDate(now)), now);
  }
  const [customer] = await tx.select(customerColumns).from(bookings).where(eq(bookings.id, booking.id));
  if (!customer || (await isUnsubscribed(tx, customer.email))) return;
  await requestReview(tx, { ...customer, registration: booking.registration }, now);
  if (!record || !needsTyreReminder(record) || !customer.agreed) return;
  await tx.insert(reminders).values({
    kind: 'tyres',
    dueAt: londonInstant(addDays(londonDate(now), tyreReminderWeeks * 7), sendingHours.from),
    registration: booking.registration,
    bookingId: booking.id,
    name: customer.name,
    email: customer.email,
    location: customer.location,
  });
}

/**
 * The review request of a completed job: the day after, at 10:00 in London, to every customer
 * alike, but to one e-mail address at most once in 12 months (its requests scheduled or sent).
 * Customers finishing two jobs at once are asked once: the address is locked meanwhile.
 */
async function requestReview(
  tx: Database,
  job: { id: number; registration: string; name: string; email: string; location: string },
  now: Date,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review:${job.email.toLowerCase()}`}))`);
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - reviewRequestMonths);
  const [asked] = await tx
    .select({ id: reminders.id })
    .from(reminders)
    .where(
      and(
        eq(reminders.kind, 'review'),
        ne(reminders.status, 'cancelled'),
        sql`lower(${reminders.email}) = ${job.email.toLowerCase()}`,
        gt(reminders.dueAt, since),
      ),
    )
    .limit(1);
  if (asked) return;
  await tx.insert(reminders).values({
    kind: 'review',
    dueAt: londonInstant(addDays(londonDate(now), 1), reviewRequestTime),
    registration: job.registration,
    bookingId: job.id,
    name: job.name,
    email: job.email,
    location: job.location,
  });
}

/**
 * Records when `registration`'s MOT runs out and schedules its two reminders afresh: those
 * scheduled before are cancelled. Reminders go only where the customer of the vehicle's latest
 * booking agreed to them; none once the MOT has run out. A reminder whose day has passed goes at
 * once, unless the second's has passed too (the first would say less, later).
 */
export async function setMotExpiry(tx: Database, registration: string, expiry: string, now: Date) {
  await tx
    .insert(vehicles)
    .values({ registration, motExpiry: expiry, updatedAt: now })
    .onConflictDoUpdate({ target: vehicles.registration, set: { motExpiry: expiry, updatedAt: now } });
  await tx
    .update(reminders)
    .set({ status: 'cancelled', cancelledReason: 'The MOT expiry changed.' })
    .where(
      and(
        eq(reminders.registration, registration),
        eq(reminders.kind, 'mot'),
        eq(reminders.status, 'scheduled'),
      ),
    );
  const today = londonDate(now);
  if (expiry < today) return;
  const [customer] = await tx
    .select(customerColumns)
    .from(bookings)
    .where(and(eq(bookings.registration, registration), ne(bookings.status, 'cancelled')))
    .orderBy(desc(bookings.date), desc(bookings.startTime), desc(bookings.id))
    .limit(1);
  if (!customer?.agreed || (await isUnsubscribed(tx, customer.email))) return;
  const days = motReminderDates(expiry);
  const steps = [
    { step: 1, day: days.first },
    { step: 2, day: days.second },
  ].filter(({ step, day }) => day >= today || (step === 1 ? days.second > today : true));
  if (steps.length === 0) return;
  await tx.insert(reminders).values(
    steps.map(({ step, day }) => ({
      kind: 'mot',
      step,
      dueAt: day >= today ? maxOf(londonInstant(day, sendingHours.from), now) : now,
      registration,
      bookingId: customer.id,
      name: customer.name,
      email: customer.email,
      location: customer.location,
    })),
  );
}

const maxOf = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

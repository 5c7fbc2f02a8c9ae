import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Booking } from '#common/bookings/booking.ts';
import type { JobRecord } from '#common/jobs/jobs.ts';
import {
  aYearOn,
  motReminderDates,
  motService,
  needsTyreReminder,
  reviewRequestMonths,
} from '#common/reminders/reminders.ts';
import type { ReminderSettings } from '#common/reminders/settings.ts';
import { sendingHours } from '#common/reminders/sending-hours.ts';
import { londonDate, londonInstant } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import type { Database } from '../db/client.ts';
import { bookings, reminders } from '../db/schema.ts';
import { recordMotExpiry, type MotExpirySource } from '../vehicles/mot-expiry.ts';
import { cancelScheduledReminders } from './cancel.ts';
import { isUnsubscribed } from './unsubscribe.ts';

/** Whom a booking's reminders go to, and whether they agreed to reminders. */
const customerColumns = {
  id: bookings.id,
  name: bookings.name,
  email: bookings.email,
  location: bookings.location,
  agreed: bookings.remindersConsent,
  askForReview: bookings.reviewRequest,
};

/**
 * What a completed job leads to. An MOT records the vehicle's MOT expiry, a year on from the day
 * it was done, and schedules its reminders. A record (from the fitter's phone) that notes a worn
 * tyre left on or an advisory schedules one tyre reminder (8 weeks on by default), where the
 * customer agreed. Every customer is asked for a review (`requestReview`), unless staff unticked
 * it on the job. Nothing is scheduled for an address that unsubscribed.
 */
export async function recordCompletedJob(
  tx: Database,
  booking: Pick<Booking, 'id' | 'service' | 'registration'>,
  now: Date,
  settings: ReminderSettings,
  record?: JobRecord,
) {
  if (booking.service === motService) {
    await setMotExpiry(tx, booking.registration, aYearOn(londonDate(now)), now, settings, 'here');
  }
  const [customer] = await tx.select(customerColumns).from(bookings).where(eq(bookings.id, booking.id));
  if (!customer || (await isUnsubscribed(tx, customer.email))) return;
  if (customer.askForReview) {
    await requestReview(tx, { ...customer, registration: booking.registration }, now, settings);
  }
  if (!record || !needsTyreReminder(record) || !customer.agreed) return;
  await scheduleTyreReminder(tx, { ...customer, registration: booking.registration }, now, settings);
}

/** One tyre reminder, `tyreWeeks` on (8 by default), at the start of the sending hours. */
async function scheduleTyreReminder(
  tx: Database,
  customer: { id: number; registration: string; name: string; email: string; location: string },
  now: Date,
  settings: ReminderSettings,
) {
  await tx.insert(reminders).values({
    kind: 'tyres',
    dueAt: londonInstant(addDays(londonDate(now), settings.tyreWeeks * 7), sendingHours.from),
    registration: customer.registration,
    bookingId: customer.id,
    name: customer.name,
    email: customer.email,
    location: customer.location,
  });
}

/**
 * A tyre advisory of a vehicle's MOT test read from the DVSA (reminders/mot-history.ts): one tyre
 * reminder to the customer of its latest booking, where they agreed to reminders and have not
 * unsubscribed, unless one is scheduled for the vehicle already.
 */
export async function tyreAdvisoryReminder(
  tx: Database,
  registration: string,
  now: Date,
  settings: ReminderSettings,
) {
  const customer = await latestCustomerOf(tx, registration);
  if (!customer?.agreed || (await isUnsubscribed(tx, customer.email))) return;
  const [scheduled] = await tx
    .select({ id: reminders.id })
    .from(reminders)
    .where(
      and(
        eq(reminders.registration, registration),
        eq(reminders.kind, 'tyres'),
        eq(reminders.status, 'scheduled'),
      ),
    )
    .limit(1);
  if (scheduled) return;
  await scheduleTyreReminder(tx, { ...customer, registration }, now, settings);
}

/** The customer of a vehicle's latest booking not cancelled: whom its reminders go to. */
async function latestCustomerOf(tx: Database, registration: string) {
  const [customer] = await tx
    .select(customerColumns)
    .from(bookings)
    .where(and(eq(bookings.registration, registration), ne(bookings.status, 'cancelled')))
    .orderBy(desc(bookings.date), desc(bookings.startTime), desc(bookings.id))
    .limit(1);
  return customer;
}

/**
 * The review request of a completed job: the day after, at 10:00 in London by default, to every customer
 * alike, but to one e-mail address at most once in 12 months (its requests scheduled or sent).
 * Customers finishing two jobs at once are asked once: the address is locked meanwhile.
 */
async function requestReview(
  tx: Database,
  job: { id: number; registration: string; name: string; email: string; location: string },
  now: Date,
  settings: ReminderSettings,
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
    dueAt: londonInstant(addDays(londonDate(now), 1), settings.reviewTime),
    registration: job.registration,
    bookingId: job.id,
    name: job.name,
    email: job.email,
    location: job.location,
  });
}

/**
 * Records when `registration`'s MOT runs out (vehicles/mot-expiry.ts) and schedules its two
 * reminders afresh: those scheduled before are cancelled. Reminders go only where the customer of the vehicle's latest
 * booking agreed to them; none once the MOT has run out. A reminder whose day has passed goes at
 * once, unless the second's has passed too (the first would say less, later).
 */
export async function setMotExpiry(
  tx: Database,
  registration: string,
  expiry: string,
  now: Date,
  settings: ReminderSettings,
  source: MotExpirySource,
) {
  await recordMotExpiry(tx, registration, expiry, now, source);
  await cancelScheduledReminders(
    tx,
    and(eq(reminders.registration, registration), eq(reminders.kind, 'mot')),
    'expiry-changed',
  );
  const today = londonDate(now);
  if (expiry < today) return;
  const customer = await latestCustomerOf(tx, registration);
  if (!customer?.agreed || (await isUnsubscribed(tx, customer.email))) return;
  const days = motReminderDates(expiry, settings);
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

/**
 * Staff setting a vehicle's MOT expiry (PUT /api/vehicles/{registration}, vehicles/routes.ts):
 * recorded, and its reminders scheduled afresh by the settings in force, in one transaction.
 */
export const motExpiryChange =
  ({
    db,
    clock,
    reminderSettings,
  }: {
    db: Database;
    clock: () => Date;
    reminderSettings: () => Promise<ReminderSettings>;
  }) =>
  async (registration: string, expiry: string): Promise<void> => {
    const inForce = await reminderSettings();
    await db.transaction((tx) => setMotExpiry(tx, registration, expiry, clock(), inForce, 'staff'));
  };

const maxOf = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * Staff tick or untick a job's review request. Unticked, the request scheduled for it (if any) is
 * cancelled and none is made when it is completed. Ticked again on a completed job, it is asked
 * for afresh, by the same rule as at completion (once in 12 months per address).
 */
export async function setReviewRequest(
  tx: Database,
  bookingId: number,
  ask: boolean,
  now: Date,
  settings: ReminderSettings,
): Promise<boolean> {
  const [booking] = await tx
    .update(bookings)
    .set({ reviewRequest: ask })
    .where(eq(bookings.id, bookingId))
    .returning({ status: bookings.status, registration: bookings.registration });
  if (!booking) return false;
  if (!ask) {
    await cancelScheduledReminders(
      tx,
      and(eq(reminders.bookingId, bookingId), eq(reminders.kind, 'review')),
      'unticked',
    );
    return true;
  }
  if (booking.status !== 'completed') return true;
  const [customer] = await tx.select(customerColumns).from(bookings).where(eq(bookings.id, bookingId));
  if (customer && !(await isUnsubscribed(tx, customer.email))) {
    await requestReview(tx, { ...customer, registration: booking.registration }, now, settings);
  }
  return true;
}

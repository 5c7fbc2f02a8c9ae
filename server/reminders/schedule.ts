import { and, desc, eq, ne } from 'drizzle-orm';
import type { Booking } from '#common/bookings/booking.ts';
import type { JobRecord } from '#common/jobs/jobs.ts';
import {
  aYearOn,
  motReminderDates,
  motService,
  needsTyreReminder,
  tyreReminderWeeks,
} from '#common/reminders/reminders.ts';
import { sendingHours } from '#common/reminders/sending-hours.ts';
import { londonDate, londonInstant } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import type { Database } from '../db/client.ts';
import { bookings, reminders, vehicles } from '../db/schema.ts';

/**
 * What a completed job leads to. An MOT records the vehicle's MOT expiry, a year on from the day
 * it was done, and schedules its reminders. A record (from the fitter's phone) that notes a worn
 * tyre left on or an advisory schedules one tyre reminder 8 weeks on, where the customer agreed.
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
  if (!record || !needsTyreReminder(record)) return;
  const [customer] = await tx
    .select({
      name: bookings.name,
      email: bookings.email,
      location: bookings.location,
      agreed: bookings.remindersConsent,
    })
    .from(bookings)
    .where(eq(bookings.id, booking.id));
  if (!customer?.agreed) return;
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
    .select({
      id: bookings.id,
      name: bookings.name,
      email: bookings.email,
      location: bookings.location,
      agreed: bookings.remindersConsent,
    })
    .from(bookings)
    .where(and(eq(bookings.registration, registration), ne(bookings.status, 'cancelled')))
    .orderBy(desc(bookings.date), desc(bookings.startTime), desc(bookings.id))
    .limit(1);
  if (!customer?.agreed) return;
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

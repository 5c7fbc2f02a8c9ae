// zod/mini: the dashboard's Reminders section and the vehicle's MOT form check as the API does.
import * as z from 'zod/mini';
import type { JobRecord, TyrePosition } from '#common/jobs/jobs.ts';
import { addDays, isCalendarDate } from '#common/time/week.ts';

export const reminderKinds = ['mot', 'tyres', 'review'] as const;
export type ReminderKind = (typeof reminderKinds)[number];

export const reminderStatuses = ['scheduled', 'sent', 'cancelled'] as const;
export type ReminderStatus = (typeof reminderStatuses)[number];

/** A reminder as GET /api/reminders answers it. */
export type Reminder = {
  id: number;
  kind: ReminderKind;
  status: ReminderStatus;
  /** When it may go (ISO 8601). */
  due: string;
  registration: string;
  customer: { name: string; email: string };
  /** Of an MOT's two reminders, which. */
  step: number;
  sentAt: string | null;
  cancelledReason: string | null;
};

/** How long before an MOT runs out its two reminders go. */
export const motReminderDays = { first: 28, second: 7 } as const;

/** The service whose completion records a vehicle's MOT expiry. */
export const motService = 'mot';

/** The same day a year on (28 February for 29 February). */
export function aYearOn(date: string): string {
  const [year, month, day] = date.split('-');
  const next = `${Number(year) + 1}-${month}-${day}`;
  return isCalendarDate(next) ? next : addDays(`${Number(year) + 1}-${month}-01`, Number(day) - 2);
}

/** The days an MOT expiring on `expiry` is reminded of: 28 and 7 days before. */
export const motReminderDates = (expiry: string) => ({
  first: addDays(expiry, -motReminderDays.first),
  second: addDays(expiry, -motReminderDays.second),
});

/** How long after a job noting worn tyres or an advisory its reminder goes. */
export const tyreReminderWeeks = 8;
/** Tread at or below this (mm) is worth a reminder. */
export const tyreReminderTreadMm = 3;

/**
 * Whether a completed job's record calls for a tyre reminder: an advisory written, or a tyre
 * measured at or below 3 mm that was left on (no new tyre fitted at its position).
 */
export function needsTyreReminder(record: JobRecord): boolean {
  if (record.advisories.trim() !== '') return true;
  const fitted = new Set(record.tyres.map((tyre) => tyre.position));
  return Object.entries(record.removedTreadMm).some(
    ([position, mm]) =>
      mm !== undefined && mm <= tyreReminderTreadMm && !fitted.has(position as TyrePosition),
  );
}

/** A review request goes the day after the job, at this time in London... */
export const reviewRequestTime = '10:00';
/** ...and to a customer at most once in this many months, whatever they thought of the job. */
export const reviewRequestMonths = 12;

export const motExpiryMessage = 'Enter the MOT expiry as a date, YYYY-MM-DD';

/** PUT /api/vehicles/{registration}'s body. */
export const vehicleChangeSchema = z.object({
  motExpiry: z.string(motExpiryMessage).check(z.refine(isCalendarDate, motExpiryMessage)),
});

// zod/mini: the dashboard's Reminders section and the vehicle's MOT form check as the API does.
import * as z from 'zod/mini';
import type { BranchService } from '#common/bookings/branch-services.ts';
import type { JobRecord, TyrePosition } from '#common/jobs/jobs.ts';
import { addDays, isCalendarDate } from '#common/time/week.ts';
import type { ReminderSettings } from './settings.ts';

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
  /** Why it was cancelled (`cancelledReasonWords` says it to staff). */
  cancelledReason: CancelledReason | null;
};

/** The service whose completion records a vehicle's MOT expiry. */
export const motService = 'mot' satisfies BranchService;

/**
 * Why a reminder was cancelled, as the database stores it (a check of migration 0034 holds it to
 * these). The two "booked" are written by the database itself, in the statement that stores the
 * booking (drizzle/0027_reminders_follow_bookings, whose reasons 0034 turned into these codes).
 */
export const cancelledReasonCodes = [
  'expiry-changed',
  'unticked',
  'unsubscribed',
  'no-review-link',
  'mot-booked',
  'tyres-booked',
] as const;
export type CancelledReason = (typeof cancelledReasonCodes)[number];

/** Each reason as staff read it: the one place its words live. */
export const cancelledReasonWords: Record<CancelledReason, string> = {
  'expiry-changed': 'The MOT expiry changed.',
  unticked: 'Unticked by staff.',
  unsubscribed: 'Unsubscribed.',
  'no-review-link': 'No review link was set.',
  'mot-booked': 'An MOT was booked since.',
  'tyres-booked': 'Tyre work was booked since.',
};

/** The same day a year on (28 February for 29 February). */
export function aYearOn(date: string): string {
  const [year, month, day] = date.split('-');
  const next = `${Number(year) + 1}-${month}-${day}`;
  return isCalendarDate(next) ? next : addDays(`${Number(year) + 1}-${month}-01`, Number(day) - 2);
}

/**
 * The earliest day an MOT expiring on `expiry` can be done keeping the same renewal date: a
 * month less a day before (15 May: 16 April).
 */
export function earliestMotTest(expiry: string): string {
  const [year, month, day] = expiry.split('-').map(Number) as [number, number, number];
  const before = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const first = `${before.year}-${String(before.month).padStart(2, '0')}-01`;
  // The previous month's length: the day before the first of the month after it.
  const lastDay = Number(addDays(`${addDays(first, 31).slice(0, 8)}01`, -1).slice(8));
  return addDays(first, Math.min(day, lastDay));
}

/**
 * The days an MOT expiring on `expiry` is reminded of: by default 28 and 7 days before
 * (common/reminders/settings.ts).
 */
export const motReminderDates = (
  expiry: string,
  { motFirstDays, motSecondDays }: Pick<ReminderSettings, 'motFirstDays' | 'motSecondDays'>,
) => ({
  first: addDays(expiry, -motFirstDays),
  second: addDays(expiry, -motSecondDays),
});

/** Tread at or below this (mm) is worth a reminder. */
const tyreReminderTreadMm = 3;

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

/**
 * A review request goes the day after the job (at the settings' time), to a customer at most
 * once in this many months, whatever they thought of the job.
 */
export const reviewRequestMonths = 12;

/** PUT /api/jobs/{id}/review-request's body: whether to ask the job's customer for a review. */
export const reviewRequestChangeSchema = z.object({
  reviewRequest: z.boolean('reviewRequest must be true or false'),
});

/**
 * A sent reminder counts as having led to a booking when the same customer (registration, or
 * e-mail address in any case) books within this many days of it, cancelled bookings aside.
 */
export const reminderBookingDays = 30;

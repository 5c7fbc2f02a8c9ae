import type { ReminderKind } from './reminders.ts';

/** One kind's reminders by status, and how many of those sent were followed by a booking. */
export type ReminderKindCounts = {
  kind: ReminderKind;
  scheduled: number;
  sent: number;
  cancelled: number;
  /** Sent reminders after which the customer booked within reminderBookingDays. */
  booked: number;
};

/** GET /api/reminders/summary: every kind, in reminderKinds order, and who unsubscribed. */
export type ReminderSummary = {
  kinds: ReminderKindCounts[];
  /** E-mail addresses that asked for no more reminders. */
  unsubscribed: number;
};

import {
  reminderKinds,
  reminderStatuses,
  type Reminder,
  type ReminderKind,
  type ReminderStatus,
} from '#common/reminders/reminders.ts';
import { formatDateTime } from '#common/time/formats.ts';
import { isOneOf, plural } from '#common/util/words.ts';

/** Each kind as the section's cards and the kind filter name it. */
export const reminderKindTitles: Record<ReminderKind, string> = {
  mot: 'MOT reminders',
  tyres: 'Tyre reminders',
  review: 'Review requests',
};

export const reminderStatusLabels: Record<ReminderStatus, string> = {
  scheduled: 'Scheduled',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** The status badge: grey waiting, green gone, red not going. */
export const reminderStatusBadgeClass: Record<ReminderStatus, string> = {
  scheduled: 'bg-slate-100 text-slate-700',
  sent: 'bg-brand-light text-brand-dark',
  cancelled: 'bg-red-100 text-red-800',
};

export const isReminderKind = (value: string): value is ReminderKind => isOneOf(reminderKinds, value);
export const isReminderStatus = (value: string): value is ReminderStatus => isOneOf(reminderStatuses, value);

/**
 * What a reminder is, in a few words. An MOT's two are told apart by their order: how many days
 * before the expiry each goes is a setting, which may have changed since.
 */
export function reminderText({ kind, step }: Pick<Reminder, 'kind' | 'step'>): string {
  if (kind === 'review') return 'Review request';
  if (kind === 'tyres') return 'Tyre reminder';
  return step === 1 ? 'First MOT reminder' : 'Second MOT reminder';
}

/** "23/11/2026, 09:00", London time. */
export const formatReminderTime = formatDateTime;

/** What "Send due reminders now" reports: "Sent 1 reminder.", "Sent 3 reminders.". */
export const sentDueMessage = (sent: number) => `Sent ${plural(sent, 'reminder')}.`;

import { londonDate, londonInstant } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';

/**
 * Reminders and review requests go out only in the daytime, London time: from 09:00, and none
 * from 19:00 (an owner's explicit "send now" is the one exception).
 */
export const sendingHours = { from: '09:00', until: '19:00' } as const;

/** Whether `instant` falls within the sending hours of its London day. */
export function withinSendingHours(instant: Date): boolean {
  const day = londonDate(instant);
  return (
    instant.getTime() >= londonInstant(day, sendingHours.from).getTime() &&
    instant.getTime() < londonInstant(day, sendingHours.until).getTime()
  );
}

/**
 * The first moment from `instant` on at which a reminder may be sent: `instant` itself within the
 * sending hours, else the next 09:00 in London (that morning, or the next day's after 19:00),
 * whatever the clocks did in between.
 */
export function nextSendingTime(instant: Date): Date {
  if (withinSendingHours(instant)) return instant;
  const day = londonDate(instant);
  const opening = londonInstant(day, sendingHours.from);
  return instant.getTime() < opening.getTime() ? opening : londonInstant(addDays(day, 1), sendingHours.from);
}

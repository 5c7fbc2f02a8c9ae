import { addDays } from '#common/time/week.ts';

/** The business's calendar: days and "today" are Europe/London days, across the clock changes. */
export { londonDate as londonDay } from '#common/time/london.ts';
export { addDays };

/** The `count` days that end with `lastDay`, oldest first. */
export function daysEnding(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(lastDay, index - count + 1));
}

import { addDays, timePattern } from '#common/time/week.ts';
import { londonDate, londonInstant } from '#common/time/london.ts';

/**
 * When a background task runs, in words, which are also what owners read:
 *
 * - `every 5 seconds`, `every 5 minutes`, `every hour`, `every 24 hours`: that long after the
 *   last run started, wherever it ran;
 * - `daily at 03:30`: at that time of the day in London, once a day (across the clock changes);
 * - `on request`: only when the server asks for it (after an upload, say).
 *
 * Any scheduled task may also be asked to run sooner.
 */
export type Schedule = `every ${string}` | `daily at ${string}` | 'on request';

export type ParsedSchedule =
  { kind: 'every'; ms: number } | { kind: 'daily'; time: string } | { kind: 'on request' };

const unitMs = {
  millisecond: 1,
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
} as const;

/** Reads a schedule; throws on one it does not understand (a mistake in the code). */
export function parseSchedule(schedule: Schedule): ParsedSchedule {
  if (schedule === 'on request') return { kind: 'on request' };
  const every = /^every (?:(\d+) )?(millisecond|second|minute|hour)s?$/.exec(schedule);
  if (every) {
    const count = every[1] === undefined ? 1 : Number(every[1]);
    if (count >= 1) return { kind: 'every', ms: count * unitMs[every[2] as keyof typeof unitMs] };
  }
  const daily = /^daily at (\d\d:\d\d)$/.exec(schedule);
  if (daily && timePattern.test(daily[1]!)) return { kind: 'daily', time: daily[1]! };
  throw new Error(`Not a schedule: “${schedule}”`);
}

/** The first time `time` (HH:MM) shows on London's clocks strictly after `after`. */
export function nextLondonTime(after: Date, time: string): Date {
  const today = londonDate(after);
  const later = londonInstant(today, time);
  return later > after ? later : londonInstant(addDays(today, 1), time);
}

/**
 * When a task is next due by its schedule: after its last run's start, or, for one that has never
 * run, after `since` (the start of the process that asks); null for a task run only on request.
 * A time already past means due now.
 */
export function dueAfter(schedule: ParsedSchedule, lastStartedAt: Date | null, since: Date): Date | null {
  switch (schedule.kind) {
    case 'on request':
      return null;
    case 'every':
      return lastStartedAt ? new Date(lastStartedAt.getTime() + schedule.ms) : since;
    case 'daily':
      return nextLondonTime(lastStartedAt ?? since, schedule.time);
  }
}

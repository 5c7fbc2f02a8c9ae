import { londonInstant } from '#common/time/london.ts';
import { addDays, londonDay } from '../analytics/london.ts';

export type WallClockTime = { hour: number; minute: number };

/**
 * When the nightly backup runs, London time: the quietest hour of a business open by day, and
 * clear of 01:00-02:00, the hour that the clock changes skip or repeat.
 */
export const nightlyBackupTime: WallClockTime = { hour: 3, minute: 30 };

/** The instant at which London's clocks show `time` on `day` (YYYY-MM-DD). */
export function londonTimeOn(day: string, { hour, minute }: WallClockTime): Date {
  const pad = (value: number) => String(value).padStart(2, '0');
  return londonInstant(day, `${pad(hour)}:${pad(minute)}`);
}

/** The first time the nightly backup is due strictly after `now`. */
export function nextBackupAt(now: Date, time: WallClockTime = nightlyBackupTime): Date {
  const today = londonDay(now);
  const later = londonTimeOn(today, time);
  return later > now ? later : londonTimeOn(addDays(today, 1), time);
}

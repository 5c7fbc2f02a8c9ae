import { addDays, londonDay } from '../analytics/london.ts';

export type WallClockTime = { hour: number; minute: number };

/**
 * When the nightly backup runs, London time: the quietest hour of a business open by day, and
 * clear of 01:00-02:00, the hour that the clock changes skip or repeat.
 */
export const nightlyBackupTime: WallClockTime = { hour: 3, minute: 30 };

const londonClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far London's clocks are ahead of UTC at an instant: 0 (GMT) or an hour (BST). */
function londonOffsetMs(instant: number): number {
  const part = Object.fromEntries(
    londonClock.formatToParts(instant).map(({ type, value }) => [type, Number(value)]),
  );
  const shownAsUtc = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return shownAsUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which London's clocks show `time` on `day` (YYYY-MM-DD). */
export function londonTimeOn(day: string, { hour, minute }: WallClockTime): Date {
  const pad = (value: number) => String(value).padStart(2, '0');
  const shown = Date.parse(`${day}T${pad(hour)}:${pad(minute)}:00Z`);
  // The offset at a first guess tells which side of a clock change the time falls on.
  const guess = shown - londonOffsetMs(shown);
  return new Date(shown - londonOffsetMs(guess));
}

/** The first time the nightly backup is due strictly after `now`. */
export function nextBackupAt(now: Date, time: WallClockTime = nightlyBackupTime): Date {
  const today = londonDay(now);
  const later = londonTimeOn(today, time);
  return later > now ? later : londonTimeOn(addDays(today, 1), time);
}

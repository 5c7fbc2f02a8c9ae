/**
 * Europe/London time: the business's calendar dates and wall-clock times, and the instants they
 * stand for across the clock changes (GMT in winter, BST in summer).
 */

export const londonTimeZone = 'Europe/London';

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: londonTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** London's wall clock at `instant`, as the numbers of its fields. */
function wallClock(instant: Date) {
  const parts = Object.fromEntries(
    londonParts.formatToParts(instant).map((part) => [part.type, part.value]),
  ) as Record<Intl.DateTimeFormatPartTypes, string>;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far London's clock is ahead of UTC at `instant`, in minutes (0 in winter, 60 in summer). */
export function londonOffsetMinutes(instant: Date): number {
  const wall = wallClock(instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const londonCalendarDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: londonTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

let lastDate = { minute: Number.NaN, date: '' };

/** The London calendar date at `instant`, YYYY-MM-DD (the business's "today": GMT in winter, BST in summer). */
export function londonDate(instant: Date): string {
  // London's date changes only as a minute begins: the last minute's answer is kept (asked for
  // several times by each request of the booking and tyre APIs).
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== lastDate.minute) lastDate = { minute, date: londonCalendarDate.format(instant) };
  return lastDate.date;
}

/** London's wall-clock time at `instant`, HH:MM (24-hour). */
export function londonTime(instant: Date): string {
  const { hour, minute } = wallClock(instant);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/**
 * The instant London's clock shows `time` on `date`. A time the spring change skips (01:30 on
 * the last Sunday of March) is taken an hour later; one the autumn change repeats, at its
 * second showing.
 */
export function londonInstant(date: string, time: string): Date {
  const asUtc = new Date(`${date}T${time}:00Z`).getTime();
  const dayOffset = steadyOffset(date);
  if (dayOffset !== null) return new Date(asUtc - dayOffset * 60_000);
  const first = asUtc - londonOffsetMinutes(new Date(asUtc)) * 60_000;
  const offset = londonOffsetMinutes(new Date(first));
  return new Date(asUtc - offset * 60_000);
}

/** London's offset through each date without a clock change (null on the change days). */
const steadyOffsets = new Map<string, number | null>();

/**
 * London's offset from UTC all through `date`, or null when the clocks change that day. The
 * clocks change at 01:00 UTC, so a date whose offset is the same at 00:00 and 23:59 UTC has the
 * same offset at every one of its London times (which run from 23:00 UTC the day before). Reading
 * the offset formats a date, which costs microseconds; booking asks for hundreds of windows at a
 * time, so each date's answer is kept.
 */
function steadyOffset(date: string): number | null {
  const known = steadyOffsets.get(date);
  if (known !== undefined) return known;
  const midnight = new Date(`${date}T00:00:00Z`);
  const atStart = londonOffsetMinutes(midnight);
  const atEnd = londonOffsetMinutes(new Date(midnight.getTime() + 86_340_000));
  const offset = atStart === atEnd ? atStart : null;
  // Dates asked for are a few years' worth at most; the bound only guards against misuse.
  if (steadyOffsets.size > 10_000) steadyOffsets.clear();
  steadyOffsets.set(date, offset);
  return offset;
}

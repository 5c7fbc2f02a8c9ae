import type { Booking } from '#common/bookings/booking.ts';
import { mobileLocation } from '#common/bookings/settings.ts';
import { addDays, weekdayOf, weekdays } from '#common/time/week.ts';

/** The diary shows one day, or the week (Monday to Sunday) around a day. */
export type DiaryView = 'day' | 'week';

/** The first and last dates (inclusive) the diary shows around `date`. */
export function diaryRange(view: DiaryView, date: string): { from: string; to: string } {
  if (view === 'day') return { from: date, to: date };
  const monday = addDays(date, -weekdays.indexOf(weekdayOf(date)));
  return { from: monday, to: addDays(monday, 6) };
}

/** The dates from `from` to `to`, inclusive. */
export function datesOf({ from, to }: { from: string; to: string }): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The date one step (a day or a week) before (-1) or after (1) `date`. */
export const stepDate = (view: DiaryView, date: string, direction: -1 | 1) =>
  addDays(date, direction * (view === 'day' ? 1 : 7));

type DiaryWindow = { start: string; end: string; bookings: Booking[] };
type DiaryLocation = { location: string; name: string; windows: DiaryWindow[] };

/**
 * One day's bookings by location (mobile fitting first, then the branches by name) and, within
 * each, by window in time order. The name is the one the booking was made under.
 */
export function diaryOf(bookings: readonly Booking[]): DiaryLocation[] {
  const locations = new Map<string, DiaryLocation>();
  for (const booking of bookings) {
    let location = locations.get(booking.location);
    if (!location) {
      location = { location: booking.location, name: booking.locationName, windows: [] };
      locations.set(booking.location, location);
    }
    let window = location.windows.find((entry) => entry.start === booking.start && entry.end === booking.end);
    if (!window) {
      window = { start: booking.start, end: booking.end, bookings: [] };
      location.windows.push(window);
    }
    window.bookings.push(booking);
  }
  for (const location of locations.values()) {
    location.windows.sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  }
  return [...locations.values()].sort(
    (a, b) =>
      Number(b.location === mobileLocation) - Number(a.location === mobileLocation) ||
      a.name.localeCompare(b.name, 'en-GB'),
  );
}

/** The bookings of each date, in the order given. */
export function bookingsByDate(bookings: readonly Booking[]): Map<string, Booking[]> {
  const byDate = new Map<string, Booking[]>();
  for (const booking of bookings) {
    const day = byDate.get(booking.date);
    if (day) day.push(booking);
    else byDate.set(booking.date, [booking]);
  }
  return byDate;
}

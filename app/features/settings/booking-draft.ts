import { bankHolidaysBetween } from '#common/time/bank-holidays.ts';
import type { BookingWeek, BookingWindow, ClosedDate } from '#common/bookings/settings.ts';
import { addDays, minutesOf, timeOf, weekdays } from '#common/time/week.ts';
import { plural } from '#common/util/words.ts';

/** How far ahead the editor lists bank holidays: about two years, as GOV.UK's list goes. */
const bankHolidayDays = 2 * 365;

/** A window to add to a day: two hours from the end of its last one (08:00 on an empty day). */
export function nextWindow(windows: readonly BookingWindow[]): BookingWindow {
  const last = windows[windows.length - 1];
  const start = last ? minutesOf(last.end) : 8 * 60;
  const dayEnd = 23 * 60 + 59;
  return {
    start: timeOf(Math.min(start, dayEnd)),
    end: timeOf(Math.min(start + 120, dayEnd)),
    places: last?.places ?? 2,
  };
}

/** A closed date to fill in: the date left empty, for every location. */
export const newClosedDate: ClosedDate = { date: '', location: '', note: '' };

/** The bank holidays staff choose from: today's (London date) and those of about two years after. */
export const bankHolidaysAhead = (today: string) =>
  bankHolidaysBetween(today, addDays(today, bankHolidayDays));

/** The bank holidays the business opens on, with `date` ticked or not, in date order. */
export function withBankHoliday(openDates: readonly string[], date: string, open: boolean): string[] {
  const others = openDates.filter((entry) => entry !== date);
  return (open ? [...others, date] : others).sort();
}

/** "No windows", "1 window on 1 day", "29 windows on 6 days": a location's week at a glance. */
export function weekSummary(week: BookingWeek): string {
  const count = weekdays.reduce((total, day) => total + week[day].length, 0);
  const days = weekdays.filter((day) => week[day].length > 0).length;
  if (count === 0) return 'No windows';
  return `${plural(count, 'window')} on ${plural(days, 'day')}`;
}

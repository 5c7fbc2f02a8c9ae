/**
 * Calendar dates (YYYY-MM-DD) as every page, e-mail and PDF writes them, en-GB, in one place.
 * Each is read at midnight UTC, so that no time zone, the server's or the browser's, moves it to
 * another day; and put together without the comma after the weekday, where engines differ.
 */

const calendarFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });

const atMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

const fullDay = calendarFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDay = calendarFormat({ weekday: 'short', day: 'numeric', month: 'short' });
const shortDayYear = calendarFormat({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const dayMonthYear = calendarFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const longDayMonthYear = calendarFormat({ day: 'numeric', month: 'long', year: 'numeric' });

const withoutComma = (text: string) => text.replace(',', '');

/** "Wednesday 25 November 2026". */
export function dayText(date: string): string {
  const parts = Object.fromEntries(
    fullDay.formatToParts(atMidnight(date)).map((part) => [part.type, part.value]),
  ) as Record<Intl.DateTimeFormatPartTypes, string>;
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** "Wed 25 Nov": the narrow columns of a week, a tyre's first fitting day. */
export const shortDayText = (date: string) => withoutComma(shortDay.format(atMidnight(date)));

/** "Wed 25 Nov 2026": a vehicle's visits, a bank holiday. */
export const shortDayYearText = (date: string) => withoutComma(shortDayYear.format(atMidnight(date)));

/** "25 Nov 2026": a closed date in the content's history. */
export const dayMonthYearText = (date: string) => dayMonthYear.format(atMidnight(date));

/**
 * "23 – 29 November 2026", "30 November – 6 December 2026". With plain spaces: Node's ICU puts
 * thin ones around the dash where Chromium's puts plain ones, and a page rendered on the server
 * must read the same as in the browser.
 */
export const dayRangeText = (from: string, to: string) =>
  longDayMonthYear.formatRange(atMidnight(from), atMidnight(to)).replace(/\s/g, ' ');

import { londonDate, londonTime } from './london.ts';

/**
 * Every date and time as the dashboard, e-mails, PDFs and exports write them, en-GB, in one place.
 *
 * Calendar dates (YYYY-MM-DD) are each read at midnight UTC, so that no time zone, the server's
 * or the browser's, moves one to another day; and put together without the comma after the
 * weekday, where engines differ.
 */

const calendarFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });

const atMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

const shortDay = /* @__PURE__ */ calendarFormat({ weekday: 'short', day: 'numeric', month: 'short' });
const shortDayYear = /* @__PURE__ */ calendarFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dayMonth = /* @__PURE__ */ calendarFormat({ day: 'numeric', month: 'short' });
const dayMonthYear = /* @__PURE__ */ calendarFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const longDayMonthYear = /* @__PURE__ */ calendarFormat({ day: 'numeric', month: 'long', year: 'numeric' });

const withoutComma = (text: string) => text.replace(',', '');

// "Wednesday 25 November 2026" is `dayText` of common/bookings/words.ts, among the words the
// booking pages' scripts load already (which keeps them within their script budget); it is not
// re-exported here, so that London time's formats depend on no domain.

/** "Wed 25 Nov": the narrow columns of a week. */
export const shortDayText = (date: string) => withoutComma(shortDay.format(atMidnight(date)));

/** "Wed 25 Nov 2026": a vehicle's visits, a bank holiday. */
export const shortDayYearText = (date: string) => withoutComma(shortDayYear.format(atMidnight(date)));

/** "25 Nov": the days along a chart. */
export const dayMonthText = (date: string) => dayMonth.format(atMidnight(date));

/** "25 Nov 2026": a closed date in the content's history. */
export const dayMonthYearText = (date: string) => dayMonthYear.format(atMidnight(date));

/**
 * "23 – 29 November 2026", "30 November – 6 December 2026". With plain spaces: Node's ICU puts
 * thin ones around the dash where Chromium's puts plain ones, and a page rendered on the server
 * must read the same as in the browser.
 */
export const dayRangeText = (from: string, to: string) =>
  longDayMonthYear.formatRange(atMidnight(from), atMidnight(to)).replace(/\s/g, ' ');

/*
 * Instants (a Date, or its ISO 8601 text) as London's clock shows them, whatever the server's or
 * the browser's own time zone.
 */

const londonFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Europe/London' });

const numericDay = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const londonDay = /* @__PURE__ */ londonFormat(numericDay);
const londonDayTime = /* @__PURE__ */ londonFormat({ ...numericDay, hour: '2-digit', minute: '2-digit' });
const londonDayTimeSeconds = /* @__PURE__ */ londonFormat({
  ...numericDay,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const londonLongDay = /* @__PURE__ */ londonFormat({ dateStyle: 'long' });
const londonMediumDayTime = /* @__PURE__ */ londonFormat({ dateStyle: 'medium', timeStyle: 'short' });
const londonFullDayTime = /* @__PURE__ */ londonFormat({ dateStyle: 'full', timeStyle: 'short' });

const instant = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** "23/11/2026": the dashboard's tables. */
export const formatDay = (at: Date | string) => londonDay.format(instant(at));

/** "23/11/2026, 14:05". */
export const formatDateTime = (at: Date | string) => londonDayTime.format(instant(at));

/** "23/11/2026, 14:05:09": the activity log. */
export const formatDateTimeSeconds = (at: Date | string) => londonDayTimeSeconds.format(instant(at));

/** "23 November 2026": a file made for a person (recovery codes). */
export const formatLongDay = (at: Date | string) => londonLongDay.format(instant(at));

/** "23 Nov 2026, 14:05": a message waiting to be sent. */
export const formatMediumDateTime = (at: Date | string) => londonMediumDayTime.format(instant(at));

/** "Monday 23 November 2026 at 14:05": when an enquiry arrived, in its e-mail to staff. */
export const formatFullDateTime = (at: Date | string) => londonFullDayTime.format(instant(at));

/** "2026-11-23 14:05": what a spreadsheet sorts and reads as a date and time (the CSV exports). */
export const formatSortableDateTime = (at: Date | string) =>
  `${londonDate(instant(at))} ${londonTime(instant(at))}`;

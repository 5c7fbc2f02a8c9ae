import { formatTime, weekdayNames, weekdayOf } from '#common/week.ts';

/**
 * How the booking pages write dates, windows and places (en-GB, as the rest of the site writes
 * them). Plain string work on London calendar dates: no time zone is involved, so the server's
 * HTML and the browser's render always agree.
 */

export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const partsOf = (date: string) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day };
};

/** 2026-11-24 reads "Tuesday 24 November 2026". */
export function formatDate(date: string): string {
  const { year, month, day } = partsOf(date);
  return `${weekdayNames[weekdayOf(date)]} ${day} ${monthNames[month - 1]} ${year}`;
}

/** 2026-11-24 reads "Tuesday 24 November", where the year goes without saying (a calendar's month). */
export function formatDayAndMonth(date: string): string {
  const { month, day } = partsOf(date);
  return `${weekdayNames[weekdayOf(date)]} ${day} ${monthNames[month - 1]}`;
}

/** A window as customers read it: "8:00am – 10:00am". */
export const windowText = (window: { start: string; end: string }) =>
  `${formatTime(window.start)} – ${formatTime(window.end)}`;

export const placesText = (free: number) => (free === 1 ? '1 place left' : `${free} places left`);

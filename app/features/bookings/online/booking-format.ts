import { dayText } from '#common/bookings/words.ts';
import { formatTime } from '#common/time/week.ts';

/** How the booking pages write days in a calendar, windows and places (en-GB, as the site writes them). */

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

/** 2026-11-24 reads "Tuesday 24 November", where the year goes without saying (a calendar's month). */
export const dayAndMonthText = (date: string) => dayText(date).replace(/ \d{4}$/, '');

/** A window as customers read it: "8:00am – 10:00am". */
export const windowText = (window: { start: string; end: string }) =>
  `${formatTime(window.start)} – ${formatTime(window.end)}`;

export const placesText = (free: number) => (free === 1 ? '1 place left' : `${free} places left`);

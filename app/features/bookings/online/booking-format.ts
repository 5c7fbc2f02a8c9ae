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

/** "2 places left", "1 place left"; nothing for a window whose places are not told (not few). */
export const placesText = (placesLeft: number | null) =>
  placesLeft === null ? undefined : placesLeft === 1 ? '1 place left' : `${placesLeft} places left`;

/** The days of the week, Monday first, as the site content's weekly hours and booking windows key them. */
export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof weekdays)[number];

export const weekdayNames: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** A time of day on the 24-hour clock, HH:MM. */
export const timePattern = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** A calendar date, YYYY-MM-DD (its existence is checked apart: see `isCalendarDate`). */
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real date written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!datePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The weekday of a calendar date (the same everywhere: no time zone involved). */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday.
  return weekdays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** The calendar date `days` after `date` (negative for before). */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** Minutes since midnight of an HH:MM time. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** HH:MM of minutes since midnight. */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 08:00 reads 8:00am, 13:30 reads 1:30pm, 12:00 reads 12:00pm (en-GB, as the site writes hours). */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')}${suffix}`;
}

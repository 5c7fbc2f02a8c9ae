import { bankHolidaysBetween } from '#common/time/bank-holidays.ts';
import {
  bookingSettingsOf,
  mobileLocation,
  type BookingLocationSettings,
  type BookingWeek,
  type BookingWindow,
  type ClosedDate,
} from '#common/bookings/settings.ts';
import type { BranchContent, SiteContent } from '#common/site-content/site-content.ts';
import { addDays, minutesOf, timeOf, weekdays } from '#common/time/week.ts';
import { plural } from '#common/util/words.ts';

/** How far ahead the editor lists bank holidays: about two years, as GOV.UK's list goes. */
const bankHolidayDays = 2 * 365;

const locationKeys = (content: Pick<SiteContent, 'branches'>) => [
  mobileLocation,
  ...content.branches.map((branch) => branch.key),
];

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a location is as the editor shows it: a branch with its MOT testing and servicing. */
const hasServices = (location: BookingLocationSettings) =>
  location.key === mobileLocation || location.services !== undefined;

/**
 * Whether the booking settings hold one location for mobile fitting and each branch, in order,
 * each branch with its MOT testing and servicing.
 */
function locationsInStep(content: SiteContent): boolean {
  const keys = locationKeys(content);
  const locations = content.booking?.locations;
  return (
    locations?.length === keys.length &&
    locations.every((location, index) => location.key === keys[index] && hasServices(location))
  );
}

/**
 * A location with its MOT testing and servicing, the defaults when it has none (settings
 * published before they were bookable); the same object when it has them.
 */
const withServices = (location: BookingLocationSettings, fallback: BookingLocationSettings) =>
  hasServices(location) || !fallback.services ? location : { ...location, services: fallback.services };

/**
 * The content as the editor edits it: with the booking settings in force written out, so that
 * staff see the defaults a site books from before it publishes its own (and a branch's MOT
 * testing and servicing before they have settings of their own), and publishing writes them.
 * The same object when they already are.
 */
export function editableContent(content: SiteContent): SiteContent {
  return locationsInStep(content) ? content : { ...content, booking: bookingSettingsOf(content) };
}

/** Each location's defaults for these branches: windows within their opening hours. */
const defaultLocations = (branches: readonly BranchContent[]) =>
  new Map(bookingSettingsOf({ branches }).locations.map((location) => [location.key, location]));

/**
 * The draft after an edit, its booking locations kept in step with its branches: mobile fitting,
 * then each branch in its order; a new branch starts from its opening hours and a removed one's
 * settings go. A location whose settings were never published and are still the defaults follows
 * the opening hours as they are edited, as the booking page would.
 */
export function bookingInStep(
  edited: SiteContent,
  previous: SiteContent,
  published: SiteContent,
): SiteContent {
  const booking = edited.booking;
  if (!booking) return editableContent(edited);
  const hoursMayHaveChanged = edited.branches !== previous.branches;
  if (!hoursMayHaveChanged && locationsInStep(edited)) return edited;
  const publishedKeys = new Set(published.booking?.locations.map((location) => location.key));
  const defaults = defaultLocations(edited.branches);
  const previousDefaults = hoursMayHaveChanged ? defaultLocations(previous.branches) : new Map();
  const locations = locationKeys(edited).map((key): BookingLocationSettings => {
    const location = booking.locations.find((entry) => entry.key === key);
    const fallback = defaults.get(key)!;
    if (!location) return fallback;
    const follows =
      hoursMayHaveChanged && !publishedKeys.has(key) && sameJson(location, previousDefaults.get(key));
    return follows && !sameJson(location, fallback) ? fallback : withServices(location, fallback);
  });
  const unchanged =
    locations.length === booking.locations.length &&
    locations.every((location, index) => location === booking.locations[index]);
  return unchanged ? edited : { ...edited, booking: { ...booking, locations } };
}

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

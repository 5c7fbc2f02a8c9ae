// zod/mini: this module reaches the staff dashboard's bundle and the booking page.
import * as z from 'zod/mini';
import { branchServices, type BranchService } from './branch-services.ts';
import { mobileLocation } from './words.ts';
import { isCalendarDate, minutesOf, timeOf, timePattern, weekdays, type Weekday } from '#common/time/week.ts';

/**
 * When customers may book online, part of the staff-edited site content: for
 * mobile fitting and for each branch, the windows of each weekday and how many jobs each takes,
 * and for each branch its MOT testing and servicing with windows and places of their own;
 * how far ahead and how soon bookings may be made; closed dates; and which bank holidays the
 * business opens on. A site whose content has no booking settings yet books from defaults that
 * follow the branches' opening hours (`bookingSettingsOf`).
 */

export { branchServices, mobileLocation, type BranchService };

export const bookingLimits = {
  windowsPerDay: 12,
  placesPerWindow: 50,
  closedDates: 200,
  openBankHolidays: 60,
  closedNote: 80,
  horizonDays: 90,
  noticeHours: 168,
} as const;

/** Defaults for a new site: three weeks ahead, and the Terms of Service's cancellation notice. */
export const defaultHorizonDays = 21;
export const defaultNoticeHours = 4;

/**
 * How default windows are cut from opening hours: so many minutes each, taking so many jobs, a
 * last one shorter than `shortest` minutes left out.
 */
export type WindowPattern = { minutes: number; places: number; shortest: number };

/** Tyre work: two-hour windows of two jobs each. */
export const tyreWindows: WindowPattern = { minutes: 120, places: 2, shortest: 60 };

/**
 * A branch's MOT tests take about an hour on its one testing bay; a service takes the car for
 * half a day or so, so servicing has a few long windows, one car each.
 */
export const branchServiceWindows: Record<BranchService, WindowPattern> = {
  mot: { minutes: 60, places: 1, shortest: 60 },
  servicing: { minutes: 240, places: 1, shortest: 120 },
};

const timeSchema = z.string().check(z.regex(timePattern, 'Enter a time as HH:MM, for example 08:00'));

export const bookingWindowSchema = z
  .object({
    start: timeSchema,
    end: timeSchema,
    places: z
      .number('Enter a whole number of jobs')
      .check(
        z.int('Enter a whole number of jobs'),
        z.minimum(1, 'At least 1 job'),
        z.maximum(bookingLimits.placesPerWindow, `At most ${bookingLimits.placesPerWindow} jobs`),
      ),
  })
  .check(
    z.superRefine((window, context) => {
      if (timePattern.test(window.start) && timePattern.test(window.end) && window.start >= window.end) {
        context.issues.push({
          code: 'custom',
          input: window.end,
          path: ['end'],
          message: 'The window must end after it starts',
        });
      }
    }),
  );
export type BookingWindow = z.output<typeof bookingWindowSchema>;

/** A weekday's windows, in order and not overlapping. */
const dayWindowsSchema = z.array(bookingWindowSchema).check(
  z.maxLength(bookingLimits.windowsPerDay, `At most ${bookingLimits.windowsPerDay} windows a day`),
  z.superRefine((windows, context) => {
    windows.forEach((window, index) => {
      const previous = windows[index - 1];
      if (previous && window.start < previous.end) {
        context.issues.push({
          code: 'custom',
          input: window.start,
          path: [index, 'start'],
          message: 'Windows must be in order and must not overlap',
        });
      }
    });
  }),
);

const weekSchema = z.object(
  Object.fromEntries(weekdays.map((day) => [day, dayWindowsSchema])) as Record<
    Weekday,
    typeof dayWindowsSchema
  >,
);
export type BookingWeek = Record<Weekday, BookingWindow[]>;

/** A branch's MOT testing or servicing: whether it is booked online there, and its own windows. */
export const branchServiceSettingsSchema = z.object({
  enabled: z.boolean(),
  week: weekSchema,
});
export type BranchServiceSettings = z.output<typeof branchServiceSettingsSchema>;

export const bookingLocationSchema = z
  .object({
    /** `mobile`, or the key of a branch. */
    key: z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid key')),
    /** Whether customers can book it online at all. */
    enabled: z.boolean(),
    /** The windows of the tyre services, which share them and their places. */
    week: weekSchema,
    /**
     * A branch's MOT testing and servicing, booked in windows of their own whose places they do
     * not share with the tyre work (or with each other). Absent: the defaults within the branch's
     * opening hours (`bookingSettingsOf`). Never for mobile fitting.
     */
    services: z.optional(
      z.object(
        Object.fromEntries(branchServices.map((service) => [service, branchServiceSettingsSchema])) as Record<
          BranchService,
          typeof branchServiceSettingsSchema
        >,
      ),
    ),
  })
  .check(
    z.superRefine((location, context) => {
      if (location.key === mobileLocation && location.services) {
        context.issues.push({
          code: 'custom',
          input: location.services,
          path: ['services'],
          message: 'MOT testing and servicing are booked at a branch only',
        });
      }
    }),
  );
export type BookingLocationSettings = z.output<typeof bookingLocationSchema>;

const dateSchema = z.string().check(z.refine(isCalendarDate, 'Enter a date as YYYY-MM-DD'));

export const closedDateSchema = z.object({
  date: dateSchema,
  /** A location's key, or empty for every location. */
  location: z._default(z.string(), ''),
  /** For staff (for example "Staff training"); never shown to customers. */
  note: z._default(
    z.pipe(
      z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
      z
        .string()
        .check(
          z.maxLength(bookingLimits.closedNote, `Must be ${bookingLimits.closedNote} characters or fewer`),
        ),
    ),
    '',
  ),
});
export type ClosedDate = z.output<typeof closedDateSchema>;

export const bookingSettingsSchema = z.object({
  /** Customers may book up to this many days after today. */
  horizonDays: z
    .number('Enter a whole number of days')
    .check(
      z.int('Enter a whole number of days'),
      z.minimum(1, 'At least 1 day'),
      z.maximum(bookingLimits.horizonDays, `At most ${bookingLimits.horizonDays} days`),
    ),
  /** A window can be booked, or cancelled by the customer, until this many hours before it starts. */
  noticeHours: z
    .number('Enter a whole number of hours')
    .check(
      z.int('Enter a whole number of hours'),
      z.minimum(0, 'Cannot be negative'),
      z.maximum(bookingLimits.noticeHours, `At most ${bookingLimits.noticeHours} hours`),
    ),
  locations: z.array(bookingLocationSchema).check(z.maxLength(12, 'Too many locations')),
  closedDates: z
    .array(closedDateSchema)
    .check(z.maxLength(bookingLimits.closedDates, `At most ${bookingLimits.closedDates} closed dates`)),
  /** Bank holidays (England and Wales) the business opens on; every other one is closed. */
  openBankHolidays: z
    .array(dateSchema)
    .check(z.maxLength(bookingLimits.openBankHolidays, `At most ${bookingLimits.openBankHolidays} dates`)),
});
export type BookingSettings = z.output<typeof bookingSettingsSchema>;

/** A day's opening hours as the site content holds them. */
type OpenHours = { closed: boolean; opens: string; closes: string };
/** What of the site content the defaults follow. */
type BranchHours = { key: string; name: string; hours: Record<Weekday, OpenHours> };

/**
 * Windows from opening to closing as `pattern` cuts them (two hours of two jobs each unless told;
 * a shorter last one when the hours do not divide, unless it is too short to be of use), no more
 * than a day may have.
 */
export function windowsWithin(day: OpenHours, pattern: WindowPattern = tyreWindows): BookingWindow[] {
  if (day.closed) return [];
  const windows: BookingWindow[] = [];
  const closes = minutesOf(day.closes);
  for (let start = minutesOf(day.opens); start < closes; start += pattern.minutes) {
    const end = Math.min(start + pattern.minutes, closes);
    if (end - start < pattern.shortest || windows.length === bookingLimits.windowsPerDay) break;
    windows.push({ start: timeOf(start), end: timeOf(end), places: pattern.places });
  }
  return windows;
}

/** A week of windows within these opening hours. */
export const weekWithin = (hours: Record<Weekday, OpenHours>, pattern: WindowPattern = tyreWindows) =>
  Object.fromEntries(weekdays.map((day) => [day, windowsWithin(hours[day], pattern)])) as BookingWeek;

/** A branch's MOT testing and servicing before staff set their own: bookable, within its hours. */
const branchServicesWithin = (hours: Record<Weekday, OpenHours>) =>
  Object.fromEntries(
    branchServices.map((service) => [
      service,
      { enabled: true, week: weekWithin(hours, branchServiceWindows[service]) },
    ]),
  ) as Record<BranchService, BranchServiceSettings>;

/**
 * Mobile fitting follows the first branch's hours from Monday to Saturday; on Sunday the vans
 * take emergency call-outs only, by phone.
 */
function defaultMobileWeek(branches: readonly BranchHours[]): BookingWeek {
  const first = branches[0];
  const week = first
    ? weekWithin(first.hours)
    : (Object.fromEntries(
        weekdays.map((day) => [
          day,
          windowsWithin({ closed: day === 'sunday', opens: '08:00', closes: '16:00' }),
        ]),
      ) as BookingWeek);
  return { ...week, sunday: [] };
}

/** The settings of a location that has none yet: windows within its hours. */
function defaultLocation(key: string, branches: readonly BranchHours[]): BookingLocationSettings {
  const branch = branches.find((entry) => entry.key === key);
  if (key === mobileLocation || !branch) return { key, enabled: true, week: defaultMobileWeek(branches) };
  return { key, enabled: true, week: weekWithin(branch.hours), services: branchServicesWithin(branch.hours) };
}

/**
 * A published location as it books: a branch with its MOT testing and servicing, the defaults
 * within its opening hours until staff set their own (settings published before they were
 * bookable have none). The same object when it has them.
 */
function locationInForce(
  location: BookingLocationSettings,
  branches: readonly BranchHours[],
): BookingLocationSettings {
  const branch = branches.find((entry) => entry.key === location.key);
  if (location.key === mobileLocation || !branch || location.services) return location;
  return { ...location, services: branchServicesWithin(branch.hours) };
}

/**
 * The booking settings in force: those published, with every location present (mobile first,
 * then the branches in their order; a new branch starts from its opening hours, a removed
 * branch's settings are left out), or the defaults when none were ever published.
 */
export function bookingSettingsOf(content: {
  booking?: BookingSettings;
  branches: readonly BranchHours[];
}): BookingSettings {
  const published = content.booking;
  const keys = [mobileLocation, ...content.branches.map((branch) => branch.key)];
  return {
    horizonDays: published?.horizonDays ?? defaultHorizonDays,
    noticeHours: published?.noticeHours ?? defaultNoticeHours,
    locations: keys.map((key) => {
      const location = published?.locations.find((entry) => entry.key === key);
      return location ? locationInForce(location, content.branches) : defaultLocation(key, content.branches);
    }),
    closedDates: published?.closedDates ?? [],
    openBankHolidays: published?.openBankHolidays ?? [],
  };
}

/** A location's name for customers: "Mobile fitting (we come to you)" or the branch's name. */
export function bookingLocationName(key: string, branches: readonly { key: string; name: string }[]): string {
  if (key === mobileLocation) return 'Mobile fitting';
  const branch = branches.find((entry) => entry.key === key);
  return branch ? `${branch.name} branch` : key;
}

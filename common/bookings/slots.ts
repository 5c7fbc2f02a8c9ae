import { londonDate, londonInstant } from '#common/time/london.ts';
import { bankHolidays } from '#common/time/bank-holidays.ts';
import type { BookingSettings, BookingWeek, BookingWindow } from './settings.ts';
import { branchServices, isBranchService, type BranchService } from './branch-services.ts';
import { mobileLocation } from './words.ts';
import { addDays, weekdayOf } from '#common/time/week.ts';

/**
 * The slot arithmetic of booking: which windows of which days customers may book, from the
 * booking settings and the time now. Windows are London wall-clock times; the instants they
 * start and end at follow the clock changes (a 08:00 window is 08:00 GMT in winter and 08:00
 * BST in summer). Pure functions of their arguments, shared by the server (which enforces them)
 * and the booking page. A service is asked for where it matters: a branch's MOT testing and
 * servicing have windows of their own; the tyre services (any other, or none) share the
 * location's.
 */

/** A window of one day as customers can book it. */
export type Slot = BookingWindow & { date: string; startsAt: Date; endsAt: Date };

/** The closed date that closes `location` on `date` (one of its own, or one for every location). */
export const closedDateOn = (settings: BookingSettings, location: string, date: string) =>
  settings.closedDates.find(
    (entry) => entry.date === date && (entry.location === '' || entry.location === location),
  );

/** Why a location does not open on `date`: a closed date, a bank holiday, or null when it opens. */
export function closure(settings: BookingSettings, location: string, date: string): string | null {
  if (closedDateOn(settings, location, date)) return 'closed';
  const holiday = bankHolidays[date];
  if (holiday && !settings.openBankHolidays.includes(date)) return holiday;
  return null;
}

/**
 * The week `service` is booked in at `location`, or null where it is not booked online: the
 * location is switched off, or the service is a branch's MOT testing or servicing that is
 * switched off there (and mobile fitting never does them).
 */
export function bookingWeekOf(settings: BookingSettings, location: string, service = ''): BookingWeek | null {
  const found = settings.locations.find((entry) => entry.key === location);
  if (!found?.enabled) return null;
  if (!isBranchService(service)) return found.week;
  const own = location === mobileLocation ? undefined : found.services?.[service];
  return own?.enabled ? own.week : null;
}

/** Whether customers can book `service` at `location` online at all. */
export const isBookableAt = (settings: BookingSettings, location: string, service = '') =>
  bookingWeekOf(settings, location, service) !== null;

/** The keys of the locations where customers can book `service` online, in the settings' order. */
export const locationsOffering = (settings: BookingSettings, service = '') =>
  settings.locations
    .filter((location) => isBookableAt(settings, location.key, service))
    .map((location) => location.key);

/**
 * What the public pages say of online booking, worked out from the settings on the server: where
 * customers can book what, and how far ahead; never a window's places or a closed date's note.
 */
export type BookingOffer = {
  horizonDays: number;
  noticeHours: number;
  /** The places that take bookings online (`mobile`, branch keys), in the settings' order. */
  locations: string[];
  /** The branches that take each of a branch's services online. */
  branchServices: Record<BranchService, string[]>;
};

export const bookingOfferOf = (settings: BookingSettings): BookingOffer => ({
  horizonDays: settings.horizonDays,
  noticeHours: settings.noticeHours,
  locations: locationsOffering(settings),
  branchServices: Object.fromEntries(
    branchServices.map((service) => [service, locationsOffering(settings, service)]),
  ) as Record<BranchService, string[]>,
});

/**
 * The windows a location offers for `service` on `date`, ignoring notice and horizon: none when
 * it is closed, or when the service is not booked there.
 */
export function windowsOn(
  settings: BookingSettings,
  location: string,
  date: string,
  service = '',
): BookingWindow[] {
  const week = bookingWeekOf(settings, location, service);
  if (!week || closure(settings, location, date)) return [];
  return week[weekdayOf(date)];
}

/** The last date customers may book: `horizonDays` after today in London. */
const lastBookableDate = (settings: BookingSettings, now: Date) =>
  addDays(londonDate(now), settings.horizonDays);

/** Whether a window starting at `startsAt` is still far enough ahead to book or to cancel online. */
export const outsideNotice = (settings: Pick<BookingSettings, 'noticeHours'>, startsAt: Date, now: Date) =>
  startsAt.getTime() - now.getTime() >= settings.noticeHours * 3_600_000;

/** The window of `location` for `service` starting at `start` on `date`, as a slot, if the settings have one. */
export function slotAt(
  settings: BookingSettings,
  location: string,
  date: string,
  start: string,
  service = '',
): Slot | null {
  const window = windowsOn(settings, location, date, service).find((entry) => entry.start === start);
  return window ? toSlot(date, window) : null;
}

const toSlot = (date: string, window: BookingWindow): Slot => ({
  ...window,
  date,
  startsAt: londonInstant(date, window.start),
  endsAt: londonInstant(date, window.end),
});

/** Whether customers may book `slot` now: within the horizon and outside the notice period. */
export const isBookableNow = (settings: BookingSettings, slot: Slot, now: Date) =>
  slot.date >= londonDate(now) &&
  slot.date <= lastBookableDate(settings, now) &&
  outsideNotice(settings, slot.startsAt, now);

/**
 * Every window customers may book for `service` at `location` on the `days` days from `from`
 * (London dates), before counting what is taken: open days only, within the horizon, outside the
 * notice period.
 */
export function bookableSlots(
  settings: BookingSettings,
  location: string,
  from: string,
  days: number,
  now: Date,
  service = '',
): Slot[] {
  const today = londonDate(now);
  // The days asked for are `from` and the `days - 1` after it; those already past have no slots.
  const end = addDays(from, days - 1);
  const last = lastBookableDate(settings, now);
  const slots: Slot[] = [];
  for (let date = from < today ? today : from; date <= end && date <= last; date = addDays(date, 1)) {
    for (const window of windowsOn(settings, location, date, service)) {
      const slot = toSlot(date, window);
      if (outsideNotice(settings, slot.startsAt, now)) slots.push(slot);
    }
  }
  return slots;
}

/** One day of GET /api/availability. */
export type AvailabilityDay = {
  date: string;
  windows: AvailableWindow[];
};

/**
 * A window with places left. Mobile fitting asked for a postcode while routes are kept
 * (common/routing) also says whether a van is already near that day, and the call-out charge.
 */
export type AvailableWindow = { start: string; end: string; free: number } & RouteFacts;

export type RouteFacts = { nearby?: boolean; callOutPence?: number };

/**
 * What mobile fitting offers a postcode: the windows with a place left that some van can reach,
 * each saying whether a van is nearby that day and what the call-out is; or why none is offered
 * (common/routing/words.ts). Without routes kept (no vans' starts), the windows with a place
 * left, as before.
 */
export type RoutedAvailability =
  | {
      kind: 'days';
      days: AvailabilityDay[];
      /** The call-out charge before any nearby discount; null while routes are not kept. */
      callOutPence: number | null;
    }
  | { kind: 'not-found' | 'unplaced' | 'beyond' };

/**
 * The most places left that the public booking page tells ("2 places left"): with more, a window
 * shows as free without a count, so that what a window holds stays with staff.
 */
export const fewPlacesLeft = 3;

/** The places left in a window as the public page may tell them: the count when few, else null. */
export const placesLeftToTell = (free: number): number | null => (free <= fewPlacesLeft ? free : null);

/**
 * A day of GET /api/availability, as anyone may read it: a window's places left only when few
 * (`placesLeftToTell`), else null ("free").
 */
export type ToldAvailabilityDay = {
  date: string;
  windows: ({ start: string; end: string; free: number | null } & RouteFacts)[];
};

export const toldDays = (days: readonly AvailabilityDay[]): ToldAvailabilityDay[] =>
  days.map(({ date, windows }) => ({
    date,
    windows: windows.map(({ free, ...window }) => ({ ...window, free: placesLeftToTell(free) })),
  }));

/** The places taken in each window: `taken(date, start)`. */
type TakenPlaces = (date: string, start: string) => number;

/** The windows with a place left, by day; days without one are left out. */
export function availabilityOf(slots: readonly Slot[], taken: TakenPlaces): AvailabilityDay[] {
  const days: AvailabilityDay[] = [];
  for (const slot of slots) {
    const free = slot.places - taken(slot.date, slot.start);
    if (free <= 0) continue;
    let day = days[days.length - 1];
    if (day?.date !== slot.date) {
      day = { date: slot.date, windows: [] };
      days.push(day);
    }
    day.windows.push({ start: slot.start, end: slot.end, free });
  }
  return days;
}

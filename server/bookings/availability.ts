import { and, between, eq } from 'drizzle-orm';
import type { FreeWindow } from '#common/bookings/booking.ts';
import type { BookingSettings } from '#common/bookings/settings.ts';
import {
  availabilityOf,
  bookableSlots,
  toldDays,
  type AvailabilityDay,
  type RoutedAvailability,
} from '#common/bookings/slots.ts';
import { placesKey } from '#common/bookings/branch-services.ts';
import { londonDate } from '#common/time/london.ts';
import { keptFor } from '#common/util/kept-for.ts';
import { addDays } from '#common/time/week.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import type { Database } from '../db/client.ts';
import { bookingPlaces } from '../db/schema.ts';
import { prepareJson, type PreparedJson } from '../http/prepared-json.ts';
import { AvailabilityBoard } from './availability-board.ts';
import { HttpError } from '../http/errors.ts';
import { reachOf } from '../routing/reach.ts';
import { reachRefusals } from '#common/routing/words.ts';
import { mobileLocation } from '#common/bookings/words.ts';
import type { BookingDependencies } from './dependencies.ts';

/**
 * What can be booked: the windows of the published booking settings less the places taken,
 * worked out once a second per database and places key (a location's tyre work, or a branch's
 * MOT testing or servicing: `placesKey`), and the booking settings in force.
 */

/** Places taken in the windows counted under `key` (`placesKey`) from `from` to `to`. */
async function takenPlaces(db: Database, key: string, from: string, to: string) {
  const rows = await db
    .select({ date: bookingPlaces.date, start: bookingPlaces.startTime, taken: bookingPlaces.taken })
    .from(bookingPlaces)
    .where(and(eq(bookingPlaces.location, key), between(bookingPlaces.date, from, to)));
  const taken = new Map(rows.map((row) => [`${row.date} ${row.start}`, row.taken]));
  return (date: string, start: string) => taken.get(`${date} ${start}`) ?? 0;
}

/**
 * `days` days from `from` (a London date; today, by the service's clock, when not given) at
 * `location`, for `service` (a branch's MOT testing or servicing has windows of its own; any
 * other service, or none, asks for the location's tyre windows).
 */
export type AvailabilityQuery = {
  location: string;
  service?: string;
  from?: string;
  days: number;
  /**
   * Mobile fitting: the customer's postcode, and the tyres booked with the fitting (a tyre
   * service's time on site is per tyre). With a postcode, and routes kept, only the windows a van
   * can reach are offered, each with its call-out charge (`routedAvailability`).
   */
  postcode?: string;
  tyres?: number;
};

/** The windows of `location` for `service` with a place left, from today to the end of the booking horizon. */
async function readAvailability(
  db: Database,
  settings: BookingSettings,
  { location, service = '' }: Pick<AvailabilityQuery, 'location' | 'service'>,
  now: Date,
): Promise<AvailabilityDay[]> {
  const slots = bookableSlots(settings, location, londonDate(now), settings.horizonDays + 1, now, service);
  if (slots.length === 0) return [];
  const key = placesKey(location, service);
  const taken = await takenPlaces(db, key, slots[0]!.date, slots[slots.length - 1]!.date);
  return availabilityOf(slots, taken);
}

/** How long what can be booked is kept (availability-board.ts), per database. */
export const availabilityKeptMs = 1_000;

const boards = new WeakMap<Database, AvailabilityBoard>();

const boardOf = (db: Database) =>
  keptFor(boards, db, () => new AvailabilityBoard({ ttlMs: availabilityKeptMs }));

/**
 * A number per settings in force (the store makes a new object at each change of the settings
 * or the content): what an answer kept in memory depends on.
 */
const settingsIds = new WeakMap<BusinessSettings, number>();
let lastSettingsId = 0;

export const settingsId = (settings: BusinessSettings) =>
  keptFor(settingsIds, settings, () => ++lastSettingsId);

/** How many times this process has changed the board's answers (AvailabilityBoard `changes`). */
export const availabilityChanges = (db: Database) => boards.get(db)?.changes ?? 0;

/** Forgets the kept answers after places were given back here. */
export const forgetAvailability = (db: Database) => boards.get(db)?.clear();
/**
 * Notes the places a window counted under `key` (`placesKey`) has left, as a statement that took
 * places there found them.
 */
export const noteFreePlaces = (db: Database, key: string, date: string, start: string, free: number) =>
  boardOf(db).noteFree(key, date, start, free);

/**
 * What the board holds for the query's places key (every tyre service of a location shares one
 * answer), and the days the query asks for.
 */
async function keptDays(deps: BookingDependencies, query: AvailabilityQuery) {
  const settings = await deps.settings();
  // Reckoned from the end of the current minute, so that a window offered here is still
  // outside the notice period for the whole of the minute the answer is kept.
  const now = deps.clock();
  const minute = Math.ceil(now.getTime() / 60_000);
  const key = placesKey(query.location, query.service ?? '');
  const days = await boardOf(deps.db).get(key, `${settingsId(settings)} ${minute}`, () =>
    readAvailability(deps.db, settings.booking, query, new Date(minute * 60_000)),
  );
  const from = query.from ?? londonDate(now);
  return { days, from, last: addDays(from, query.days - 1) };
}

/** The days each answer of the board (a new one with each change) gave each query. */
const answered = new WeakMap<AvailabilityDay[], Map<string, AvailabilityDay[]>>();

/**
 * The windows of `location` for `service` with a place left, over `days` days from `from` (the
 * booking page, the tyres' "fitted from"): the same array for the same query while the board's
 * answer stands (not to be changed by the caller).
 */
export async function availability(
  deps: BookingDependencies,
  query: AvailabilityQuery,
): Promise<AvailabilityDay[]> {
  const { days, from, last } = await keptDays(deps, query);
  const byQuery = keptFor(answered, days, () => new Map<string, AvailabilityDay[]>());
  const key = `${from} ${last}`;
  let answer = byQuery.get(key);
  if (!answer) {
    answer = days.filter((day) => day.date >= from && day.date <= last);
    byQuery.set(key, answer);
  }
  return answer;
}

/** The windows of `query` a van can reach (`query.postcode`, mobile fitting; see RoutedAvailability). */
export async function routedAvailability(
  deps: BookingDependencies,
  query: AvailabilityQuery,
): Promise<RoutedAvailability> {
  const days = await availability(deps, query);
  if (query.location !== mobileLocation || !query.postcode || !deps.routing) {
    return { kind: 'days', days, callOutPence: null };
  }
  const windows = days.flatMap((day) =>
    day.windows.map(({ start, end }) => ({ date: day.date, start, end })),
  );
  const reach = await reachOf(
    deps.routing,
    (await deps.settings()).routes,
    { postcode: query.postcode, service: query.service ?? '', tyres: query.tyres ?? null },
    windows,
  );
  if (reach.kind === 'off') return { kind: 'days', days, callOutPence: null };
  if (reach.kind !== 'reached') return { kind: reach.kind };
  const reached = new Map(reach.windows.map((window) => [`${window.date} ${window.start}`, window]));
  const routed: AvailabilityDay[] = [];
  for (const day of days) {
    const windowsReached = day.windows.flatMap((window) => {
      const found = reached.get(`${day.date} ${window.start}`);
      return found
        ? [
            {
              ...window,
              free: Math.min(window.free, found.vans),
              nearby: found.nearby,
              callOutPence: found.callOutPence,
            },
          ]
        : [];
    });
    if (windowsReached.length > 0) routed.push({ date: day.date, windows: windowsReached });
  }
  return { kind: 'days', days: routed, callOutPence: reach.callOutPence };
}

/** The answers written out, per array of days. */
const preparedAnswers = new WeakMap<AvailabilityDay[], PreparedJson>();

/**
 * GET /api/availability's answer, written out once for each answer of the board and query: a
 * window's places left told only when few, as the booking page tells them (what a window holds
 * stays with staff, who set it).
 */
export async function availabilityAnswer(deps: BookingDependencies, query: AvailabilityQuery) {
  if (query.postcode === undefined) {
    return keptFor(preparedAnswers, await availability(deps, query), (days) => prepareJson(toldDays(days)));
  }
  const routed = await routedAvailability(deps, query);
  if (routed.kind !== 'days') {
    throw new HttpError(routed.kind === 'unplaced' ? 503 : 400, reachRefusals[routed.kind], {
      postcode: [reachRefusals[routed.kind]],
    });
  }
  return prepareJson(toldDays(routed.days));
}

/**
 * The next free windows of `location` for `service` after `after` (the answer to a window that
 * just went).
 */
export async function nextFreeWindows(
  deps: BookingDependencies,
  settings: BookingSettings,
  {
    location,
    service,
    postcode,
    tyreId,
    quantity,
  }: { location: string; service: string; postcode?: string; tyreId?: number; quantity?: number },
  after: { date: string; start: string },
): Promise<FreeWindow[]> {
  const query = { location, service, from: after.date, days: settings.horizonDays + 1 };
  // For mobile fitting at a postcode, the windows a van can reach there, with the time on site
  // of the tyres booked (a tyre service's is per tyre), as the booking itself is routed.
  const tyres = tyreId !== undefined ? (quantity ?? 1) : undefined;
  const routed = postcode
    ? await routedAvailability(deps, { ...query, postcode, ...(tyres !== undefined && { tyres }) })
    : null;
  const days = routed ? (routed.kind === 'days' ? routed.days : []) : await availability(deps, query);
  return days
    .flatMap((day) => day.windows.map((window) => ({ date: day.date, ...window })))
    .filter((window) => window.date > after.date || window.start > after.start)
    .slice(0, 5);
}

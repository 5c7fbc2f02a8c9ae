import { and, between, eq, inArray, ne } from 'drizzle-orm';
import { callOutPenceFor, nearbyCallOutPence } from '#common/routing/bands.ts';
import { estimatedLeg, type LatLng } from '#common/routing/geo.ts';
import { routesKept, type RouteSettings } from '#common/routing/settings.ts';
import {
  dayPoints,
  legsWithExtra,
  nearestStart,
  nextToJobWithin,
  onSiteMinutes,
  plannedPositions,
  reachingVan,
  stopOf,
  vanDays,
  type DayJob,
  type Van,
} from '#common/routing/vans.ts';
import { normalisePostcode } from '#common/site-content/postcode.ts';
import { keptFor } from '#common/util/kept-for.ts';
import type { Database } from '../db/client.ts';
import { bookings, routeDays } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { placesOf, type PlaceAnswer, type PlaceDependencies } from './places.ts';
import { travelTable, type TravelDependencies, type TravelTable } from './travel.ts';

/**
 * Which mobile windows a van can really reach (common/routing): the customer's postcode placed,
 * the call-out charge by road from the nearest start, and for each window offered, whether some
 * van can drive from its previous job (or its start) to the customer, do the work, and still
 * reach its next booked job in time. Booking checks the same rule for the window chosen, and
 * claims the van's day at the version it read (route_days), so that two customers cannot both
 * take its last reachable gap.
 */

export type RoutingDependencies = PlaceDependencies &
  TravelDependencies & { db: Database; logger: Logger; clock: () => Date };

/** A mobile booking's service and tyres, which set its time on site. */
export type ReachRequest = { postcode: string; service: string; tyres: number | null };

/** A window asked about: its date and times. */
export type AskedWindow = { date: string; start: string; end: string };

/** A window a van can reach: which van, at which version of its day, and what the call-out is. */
export type ReachedWindow = AskedWindow & {
  van: string;
  version: number;
  nearby: boolean;
  callOutPence: number;
  /** How many vans could take it. */
  vans: number;
  /**
   * The van's day with the job put in: each job's planned arrival (minutes after midnight), the
   * new job's as `id` -1. Kept as the jobs' places in the route when the booking is stored, so
   * that the day is read back in the order the job was routed by.
   */
  positions: { id: number; position: number }[];
};

export type Reach =
  /** Routes are not kept (no vans' starts): windows are offered by their places alone. */
  | { kind: 'off' }
  /** postcodes.io does not know the postcode. */
  | { kind: 'not-found' }
  /** Neither postcodes.io nor the postcode district's centre can place it: an enquiry for the office. */
  | { kind: 'unplaced' }
  /** Beyond the last call-out band: mobile fitting is not booked online there. */
  | { kind: 'beyond'; miles: number }
  | { kind: 'reached'; place: LatLng; miles: number; callOutPence: number; windows: ReachedWindow[] };

/** How long the vans' starts, once all placed by their postcodes, are kept per settings in force. */
const vansKeptMs = 60_000;

const keptVans = new WeakMap<RouteSettings, { until: number; vans: Van[] }>();

/**
 * The vans whose starts could be placed, read from the kept places once a minute rather than at
 * each question (a start placed only at its district's centre is asked again next time).
 */
async function placedVans(deps: RoutingDependencies, settings: RouteSettings): Promise<Van[]> {
  const kept = keptVans.get(settings);
  if (kept && kept.until > Date.now()) return kept.vans;
  const { vans, exact } = await placeVans(deps, settings);
  if (exact) keptVans.set(settings, { until: Date.now() + vansKeptMs, vans });
  return vans;
}

/**
 * The vans whose starts could be placed (a start that cannot be is left out, and logged), and
 * whether every one was placed by its own postcode.
 */
async function placeVans(deps: RoutingDependencies, settings: RouteSettings) {
  const answers = await placesOf(
    deps,
    settings.starts.map((start) => start.postcode),
  );
  const vans: Van[] = [];
  let exact = true;
  for (const start of settings.starts) {
    const answer = answers.get(normalisePostcode(start.postcode));
    if (answer?.kind === 'found') {
      vans.push({ name: start.name, fitterId: start.fitterId ?? null, place: answer.place });
      if (answer.place.source !== 'postcode') exact = false;
    } else {
      exact = false;
      deps.logger.warn(
        { start: start.name, answer: answer?.kind },
        'routes: a van’s start could not be placed',
      );
    }
  }
  return { vans, exact };
}

/** The mobile jobs booked on `dates` (active ones), placed, by date; and each van-day's version. */
async function bookedDays(
  deps: RoutingDependencies,
  settings: RouteSettings,
  dates: readonly string[],
  moving?: number,
) {
  const [first, last] = [dates[0]!, dates[dates.length - 1]!];
  // The versions are read before the jobs: a booking stored between the two reads is seen, and
  // its claim moved the version on, so a claim made from these fails and is worked out again.
  const versionRows = await deps.db
    .select()
    .from(routeDays)
    .where(between(routeDays.date, first, last));
  const rows = await deps.db
    .select({
      id: bookings.id,
      date: bookings.date,
      start: bookings.startTime,
      end: bookings.endTime,
      service: bookings.service,
      tyres: bookings.tyreQuantity,
      postcode: bookings.postcode,
      latitude: bookings.latitude,
      longitude: bookings.longitude,
      van: bookings.routeVan,
      fitterId: bookings.fitterId,
      position: bookings.routePosition,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.location, 'mobile'),
        between(bookings.date, first, last),
        inArray(bookings.status, ['booked', 'confirmed']),
        ...(moving === undefined ? [] : [ne(bookings.id, moving)]),
      ),
    );
  // Jobs booked before routes were kept are placed by their postcodes (kept for 90 days).
  const unplaced = rows.filter((row) => row.latitude === null && row.postcode).map((row) => row.postcode!);
  const places = unplaced.length > 0 ? await placesOf(deps, unplaced) : new Map<string, PlaceAnswer>();
  const byDate = new Map<string, DayJob[]>();
  for (const row of rows) {
    let place: LatLng | null = null;
    if (row.latitude !== null && row.longitude !== null)
      place = { latitude: row.latitude, longitude: row.longitude };
    else if (row.postcode) {
      const answer = places.get(normalisePostcode(row.postcode));
      if (answer?.kind === 'found') place = answer.place;
    }
    const jobs = byDate.get(row.date) ?? [];
    jobs.push({
      id: row.id,
      start: row.start,
      end: row.end,
      onSite: onSiteMinutes(settings, row.service, row.tyres),
      place,
      van: row.van,
      fitterId: row.fitterId,
      position: row.position,
    });
    byDate.set(row.date, jobs);
  }
  const versions = new Map(versionRows.map((row) => [`${row.date} ${row.van}`, row.version]));
  return { byDate, version: (date: string, van: string) => versions.get(`${date} ${van}`) ?? 0 };
}

type BookedDays = Awaited<ReturnType<typeof bookedDays>> & {
  /**
   * Each day's vans as worked out for the first question of the second (their points, jobs in
   * route order and estimated legs), where drives are estimated: the next questions add only
   * their customer.
   */
  prepared?: Map<string, PreparedDay>;
};

type PreparedDay = {
  points: readonly LatLng[];
  days: ReturnType<typeof vanDays>;
  legs: TravelTable['legs'];
};

/** A day's vans and jobs, kept with the booked days read (estimated drives only). */
async function preparedDay(
  settings: RouteSettings,
  booked: BookedDays & { prepared: Map<string, PreparedDay> },
  vans: readonly Van[],
  date: string,
): Promise<PreparedDay> {
  const kept = booked.prepared.get(date);
  if (kept) return kept;
  const jobs = booked.byDate.get(date) ?? [];
  const { points, jobPoint } = dayPoints(vans, jobs);
  const { legs } = await travelTable({ osrm: null }, points, settings);
  const day = { points, days: vanDays(vans, jobs, jobPoint, legs), legs };
  booked.prepared.set(date, day);
  return day;
}

/**
 * A day's vans and jobs with the customer's place as the last point: kept days where drives are
 * estimated (and the vans are those kept with them), else worked out afresh with OSRM's table.
 */
async function dayWithCustomer(
  deps: RoutingDependencies,
  settings: RouteSettings,
  booked: BookedDays,
  vans: readonly Van[],
  date: string,
  place: LatLng,
) {
  if (!deps.osrm && booked.prepared !== undefined) {
    const day = await preparedDay(settings, { ...booked, prepared: booked.prepared }, vans, date);
    const customer = day.points.length;
    const legs = legsWithExtra(day.legs, customer, (other, toExtra) =>
      toExtra
        ? estimatedLeg(day.points[other]!, place, settings)
        : estimatedLeg(place, day.points[other]!, settings),
    );
    return { days: day.days, legs, customer };
  }
  const jobs = booked.byDate.get(date) ?? [];
  const { points, jobPoint, extraPoints } = dayPoints(vans, jobs, [place]);
  const { legs } = await travelTable(deps, points, settings);
  return { days: vanDays(vans, jobs, jobPoint, legs), legs, customer: extraPoints[0]! };
}

/** How long the days read for availability are kept: as long as its places (availability.ts). */
const bookedDaysKeptMs = 1_000;

const keptDays = new WeakMap<Database, Map<string, { until: number; days: Promise<BookedDays> }>>();
const settingsIds = new WeakMap<RouteSettings, number>();
let lastSettingsId = 0;

/**
 * The booked days for availability, read once a second per database, dates and settings in
 * force: a search of the whole horizon reads every mobile job in it. A booking is checked against
 * the days read afresh (`bookedDays`), so a job stored meanwhile is never missed where it counts.
 */
function keptBookedDays(
  deps: RoutingDependencies,
  settings: RouteSettings,
  dates: readonly string[],
  vans: readonly Van[],
) {
  const kept = keptFor(keptDays, deps.db, () => new Map());
  const id = keptFor(settingsIds, settings, () => ++lastSettingsId);
  // The vans as placed now: a start placed otherwise since (postcodes.io back) is another day.
  const placed = vans.map(({ name, place }) => `${name}@${place.latitude},${place.longitude}`).join(';');
  const key = `${id} ${placed} ${dates.join(',')}`;
  const now = Date.now();
  const found = kept.get(key);
  if (found && found.until > now) return found.days;
  for (const [entry, { until }] of kept) if (until <= now) kept.delete(entry);
  const days: Promise<BookedDays> = bookedDays(deps, settings, dates).then((read) => ({
    ...read,
    prepared: new Map<string, PreparedDay>(),
  }));
  kept.set(key, { until: now + bookedDaysKeptMs, days });
  days.catch(() => kept.delete(key));
  return days;
}

/** Forgets the days kept for availability: a booking was just stored here. */
export const forgetBookedDays = (db: Database) => keptDays.get(db)?.clear();

/**
 * Which of `windows` (any dates, in order) a van can reach for a job at `request.postcode`, and
 * the call-out charge there. Never throws for an outside service: postcodes.io down falls back to
 * the district's centre, OSRM down to the estimate.
 */
export async function reachOf(
  deps: RoutingDependencies,
  settings: RouteSettings,
  request: ReachRequest,
  windows: readonly AskedWindow[],
  options: {
    /** Work out the office's order of the van's day with the job put in (a booking being stored). */
    positions?: boolean;
    /** A booking being moved: its own place in the days is left out. */
    moving?: number;
  } = {},
): Promise<Reach> {
  if (!routesKept(settings)) return { kind: 'off' };
  const [answer] = (await placesOf(deps, [request.postcode])).values();
  if (!answer || answer.kind === 'not-found') return { kind: 'not-found' };
  if (answer.kind === 'unavailable') return { kind: 'unplaced' };
  const vans = await placedVans(deps, settings);
  if (vans.length === 0) return { kind: 'off' };
  const place = answer.place;
  const startsTable = await travelTable(deps, [...vans.map((van) => van.place), place], settings);
  const nearest = nearestStart(vans.length, vans.length, startsTable.legs)!;
  const basePence = callOutPenceFor(nearest.miles, settings.callOutBands);
  if (basePence === null) return { kind: 'beyond', miles: nearest.miles };
  const reached: ReachedWindow[] = [];
  const dates = [...new Set(windows.map((window) => window.date))];
  if (dates.length > 0) {
    const booked: BookedDays = options.positions
      ? await bookedDays(deps, settings, dates, options.moving)
      : await keptBookedDays(deps, settings, dates, vans);
    const { version } = booked;
    const onSite = onSiteMinutes(settings, request.service, request.tyres);
    await Promise.all(
      dates.map(async (date) => {
        const { days, legs, customer } = await dayWithCustomer(deps, settings, booked, vans, date, place);
        for (const window of windows) {
          if (window.date !== date) continue;
          const van = reachingVan(days, { ...window, onSite }, customer, legs);
          if (!van) continue;
          const nearby =
            settings.nearbyMiles > 0 &&
            nextToJobWithin(van.day, van.index, customer, settings.nearbyMiles, legs);
          const stop = stopOf({ id: -1, ...window, onSite }, customer);
          reached.push({
            ...window,
            van: van.day.van.name,
            version: version(date, van.day.van.name),
            nearby,
            callOutPence: nearbyCallOutPence(basePence, nearby, settings.nearbyDiscountPence),
            vans: van.vans,
            // Kept with a booking only: the office's order of the day with the job put in.
            positions: options.positions ? (plannedPositions(van.day, stop, van.index, legs) ?? []) : [],
          });
        }
      }),
    );
  }
  const order = new Map(windows.map((window, index) => [`${window.date} ${window.start}`, index]));
  reached.sort((a, b) => order.get(`${a.date} ${a.start}`)! - order.get(`${b.date} ${b.start}`)!);
  return { kind: 'reached', place, miles: nearest.miles, callOutPence: basePence, windows: reached };
}

import { and, eq, inArray } from 'drizzle-orm';
import {
  arrivals,
  clockTime,
  type DayRoute,
  type OrderedDayRoute,
  type RouteStopView,
} from '#common/routing/day-route.ts';
import type { LatLng } from '#common/routing/geo.ts';
import { orderRoute, routeTotals, type RouteStop } from '#common/routing/plan.ts';
import type { RouteSettings } from '#common/routing/settings.ts';
import { byRoute, onSiteMinutes, stopOf } from '#common/routing/vans.ts';
import { normalisePostcode } from '#common/site-content/postcode.ts';
import { bookings } from '../db/schema.ts';
import { placesOf } from './places.ts';
import type { RoutingDependencies } from './reach.ts';
import { travelTable } from './travel.ts';

/**
 * A fitter's day as a route: their mobile jobs of the day in the office's order (else by window),
 * from their van's start, with each arrival and drive; the office's re-ordering, which keeps
 * every window and shortens the drive; and the time the fitter will reach a job from the stop
 * before it ("On my way").
 */

/** The fitter's active mobile jobs of `date`, in route order, placed where their postcodes could be. */
async function fitterDay(deps: RoutingDependencies, settings: RouteSettings, date: string, fitterId: number) {
  const rows = await deps.db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      name: bookings.name,
      addressLine: bookings.addressLine,
      town: bookings.town,
      postcode: bookings.postcode,
      start: bookings.startTime,
      end: bookings.endTime,
      service: bookings.service,
      tyres: bookings.tyreQuantity,
      latitude: bookings.latitude,
      longitude: bookings.longitude,
      van: bookings.routeVan,
      position: bookings.routePosition,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.date, date),
        eq(bookings.fitterId, fitterId),
        eq(bookings.location, 'mobile'),
        inArray(bookings.status, ['booked', 'confirmed']),
      ),
    );
  rows.sort(byRoute);
  // The van's start: the fitter's own, else the one their jobs were booked on, else the first.
  const start =
    settings.starts.find((entry) => entry.fitterId === fitterId) ??
    settings.starts.find((entry) => rows.some((row) => row.van === entry.name)) ??
    settings.starts[0] ??
    null;
  const postcodes = [
    ...(start ? [start.postcode] : []),
    ...rows.filter((row) => row.latitude === null && row.postcode).map((row) => row.postcode!),
  ];
  const places = postcodes.length > 0 ? await placesOf(deps, postcodes) : new Map();
  const placeOf = (postcode: string | null): LatLng | null => {
    const answer = postcode ? places.get(normalisePostcode(postcode)) : undefined;
    return answer?.kind === 'found' ? answer.place : null;
  };
  const startPlace = start ? placeOf(start.postcode) : null;
  const jobs = rows.map((row) => ({
    ...row,
    place:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude }
        : placeOf(row.postcode),
  }));
  const points: LatLng[] = [...(startPlace ? [startPlace] : [])];
  const routed = jobs.flatMap((job) => {
    if (!job.place) return [];
    const point = points.push(job.place) - 1;
    const onSite = onSiteMinutes(settings, job.service, job.tyres);
    return [{ job, stop: stopOf({ ...job, onSite }, point) }];
  });
  const table = await travelTable(deps, points, settings);
  return { start, startPoint: startPlace ? 0 : null, jobs, routed, table };
}

type FitterDay = Awaited<ReturnType<typeof fitterDay>>;

type DayJobRow = FitterDay['jobs'][number];

/** A job of the day as its route shows it, with when the van gets there and the drive before. */
const stopView = (
  job: DayJobRow,
  timing: Pick<RouteStopView, 'arrival' | 'driveMinutes' | 'miles' | 'late'>,
): RouteStopView => ({
  bookingId: job.id,
  reference: job.reference,
  name: job.name,
  addressLine: job.addressLine,
  town: job.town,
  postcode: job.postcode,
  start: job.start,
  end: job.end,
  ...timing,
  latitude: job.place?.latitude ?? null,
  longitude: job.place?.longitude ?? null,
});

/** The day's stops in `order` (the placed ones), then those that could not be placed, as a route. */
function routeOf(
  day: FitterDay,
  order: readonly RouteStop<number>[],
  { date, fitterId }: { date: string; fitterId: number },
): DayRoute {
  const times = arrivals(day.startPoint, order, day.table.legs);
  const byId = new Map(day.jobs.map((job) => [job.id, job]));
  const stops = order.map((stop, index) => {
    const job = byId.get(stop.id)!;
    const { arrival, leg, late } = times[index]!;
    return stopView(job, {
      arrival: clockTime(arrival),
      driveMinutes: Math.round(leg.minutes),
      miles: Math.round(leg.miles * 10) / 10,
      late,
    });
  });
  // A job whose postcode could not be placed comes last, at its window's start.
  const unplaced = day.jobs
    .filter((job) => !job.place)
    .map((job) => stopView(job, { arrival: job.start, driveMinutes: 0, miles: 0, late: false }));
  const total = times.reduce(
    (sum, { leg }) => ({ minutes: sum.minutes + leg.minutes, miles: sum.miles + leg.miles }),
    { minutes: 0, miles: 0 },
  );
  return {
    date,
    fitterId,
    start: day.start ? { name: day.start.name, postcode: day.start.postcode } : null,
    source: day.table.source,
    stops: [...stops, ...unplaced],
    driveMinutes: Math.round(total.minutes),
    miles: Math.round(total.miles * 10) / 10,
  };
}

/** GET /api/jobs/route: the fitter's day in route order. */
export async function dayRoute(
  deps: RoutingDependencies,
  settings: RouteSettings,
  asked: { date: string; fitterId: number },
): Promise<DayRoute> {
  const day = await fitterDay(deps, settings, asked.date, asked.fitterId);
  return routeOf(
    day,
    day.routed.map(({ stop }) => stop),
    asked,
  );
}

/**
 * POST /api/jobs/route/order: the fitter's day put in the order that drives least and keeps every
 * window (nearest neighbour, then 2-opt; common/routing/plan.ts), each job's planned arrival kept
 * as its place in the route; null when no order keeps every window (nothing changes).
 */
export async function orderDayRoute(
  deps: RoutingDependencies,
  settings: RouteSettings,
  asked: { date: string; fitterId: number },
): Promise<OrderedDayRoute | null> {
  const day = await fitterDay(deps, settings, asked.date, asked.fitterId);
  const current = day.routed.map(({ stop }) => stop);
  // A day without a start begins at its first stop: a start point that costs nothing to leave.
  const start = day.startPoint ?? current[0]?.at ?? 0;
  const ordered = orderRoute(
    start,
    current,
    day.startPoint === null ? freeFrom(start, day.table.legs) : day.table.legs,
  );
  if (!ordered) return null;
  const before = arrivals(day.startPoint, current, day.table.legs).reduce(
    (sum, { leg }) => ({ minutes: sum.minutes + leg.minutes, miles: sum.miles + leg.miles }),
    { minutes: 0, miles: 0 },
  );
  await deps.db.transaction(async (tx) => {
    for (const stop of ordered.stops) {
      await tx
        .update(bookings)
        .set({ routePosition: Math.floor(stop.arrival) })
        .where(eq(bookings.id, stop.id));
    }
  });
  const route = routeOf(day, ordered.stops, asked);
  const after = routeTotals(ordered.stops);
  return {
    ...route,
    saving: {
      minutes: Math.max(0, Math.round(before.minutes - after.minutes)),
      miles: Math.max(0, Math.round((before.miles - after.miles) * 10) / 10),
    },
  };
}

/** Legs in which leaving `start` costs nothing (a day with no van's start). */
const freeFrom = (start: number, legs: FitterDay['table']['legs']) => (from: number, to: number) =>
  from === start && to !== start ? { minutes: 0, miles: 0 } : legs(from, to);

/**
 * When the fitter will reach `bookingId`, setting off at `now` (minutes after midnight, London)
 * from their stop before it in the day's route (or their start): "On my way"'s time. Null when
 * the job or the stop before cannot be placed.
 */
export async function etaFromLastStop(
  deps: RoutingDependencies,
  settings: RouteSettings,
  job: { bookingId: number; date: string; fitterId: number },
  now: number,
): Promise<string | null> {
  const day = await fitterDay(deps, settings, job.date, job.fitterId);
  const index = day.routed.findIndex(({ stop }) => stop.id === job.bookingId);
  if (index < 0) return null;
  const from = index > 0 ? day.routed[index - 1]!.stop.at : day.startPoint;
  if (from === null) return null;
  const leg = day.table.legs(from, day.routed[index]!.stop.at);
  return clockTime(now + leg.minutes);
}

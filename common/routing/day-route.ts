import type { Leg } from './geo.ts';
import type { Legs, RouteStop } from './plan.ts';

/**
 * A fitter's day as a route (GET /api/jobs/route): their stops in order, each with when the van
 * should arrive and the drive there; the office's "Put in route order" answers the same with what
 * the new order saves.
 */

export type RouteStopView = {
  bookingId: number;
  reference: string;
  name: string;
  addressLine: string | null;
  town: string | null;
  postcode: string | null;
  /** Its window, London wall-clock times. */
  start: string;
  end: string;
  /** When the van should arrive (HH:MM, London), and the drive from the stop before (or the start). */
  arrival: string;
  driveMinutes: number;
  miles: number;
  /** The van would arrive after its window closes. */
  late: boolean;
  /** Where to drive to: its coordinates, when its postcode is placed. */
  latitude: number | null;
  longitude: number | null;
};

export type DayRoute = {
  date: string;
  fitterId: number;
  /** Where the van starts (the routes settings), or null when no start is the fitter's. */
  start: { name: string; postcode: string } | null;
  /** Where the drives come from: OSRM's roads, or the straight-line estimate. */
  source: 'osrm' | 'estimate';
  stops: RouteStopView[];
  driveMinutes: number;
  miles: number;
};

/** The answer of POST /api/jobs/route/order: the day in its new order, and what it saves. */
export type OrderedDayRoute = DayRoute & { saving: { minutes: number; miles: number } };

/** When the van reaches each stop in the order given, however late; and the drive there. */
export function arrivals<Id>(
  start: number | null,
  stops: readonly RouteStop<Id>[],
  legs: Legs,
): { arrival: number; leg: Leg; late: boolean }[] {
  let point = start;
  let free = -Infinity;
  return stops.map((stop) => {
    const leg = point === null ? { minutes: 0, miles: 0 } : legs(point, stop.at);
    const arrival = Number.isFinite(free) ? Math.max(stop.from, free + leg.minutes) : stop.from;
    point = stop.at;
    free = arrival + stop.onSite;
    return { arrival, leg, late: arrival > stop.until + 1e-9 };
  });
}

/** Minutes after midnight as a London wall-clock time: 545 is `09:05`. */
export const clockTime = (minutes: number) => {
  const whole = Math.min(Math.round(minutes), 24 * 60 - 1);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
};

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

/** The drive to a stop: from the stop before it, or from the van's start (`from` names it). */
export type DriveThere = {
  minutes: number;
  miles: number;
  /** When the van should arrive (HH:MM, London), and whether that is after the window closes. */
  arrival: string;
  late: boolean;
  from: { previous: true } | { previous: false; start: string };
};

/**
 * The drive to a booking's stop in the day's route, or null when the route cannot tell it: the
 * booking is not on the route, its postcode could not be placed, or it is the first stop of a day
 * with no van's start to drive from.
 */
export function driveThere(route: DayRoute | undefined, bookingId: number): DriveThere | null {
  const index = route?.stops.findIndex((stop) => stop.bookingId === bookingId) ?? -1;
  const stop = route?.stops[index];
  if (!route || !stop || stop.latitude === null) return null;
  if (index === 0 && !route.start) return null;
  return {
    minutes: stop.driveMinutes,
    miles: stop.miles,
    arrival: stop.arrival,
    late: stop.late,
    from: index === 0 ? { previous: false, start: route.start!.name } : { previous: true },
  };
}

/** "12 min", "1 hr", "1 hr 5 min": a drive's length. */
export function driveMinutesText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const rest = whole % 60;
  return `${Math.floor(whole / 60)} hr${rest > 0 ? ` ${rest} min` : ''}`;
}

/** "4.1 mi": a drive's distance, to a tenth of a mile. */
export const milesText = (miles: number) =>
  `${miles.toLocaleString('en-GB', { maximumFractionDigits: 1 })} mi`;

/** "12 min drive · 4.1 mi". */
export const driveText = ({ minutes, miles }: { minutes: number; miles: number }) =>
  `${driveMinutesText(minutes)} drive · ${milesText(miles)}`;

/** "12 min drive from the previous job", "25 min drive from Harold Hill". */
export const driveFromText = (drive: Pick<DriveThere, 'minutes' | 'from'>) =>
  `${driveMinutesText(drive.minutes)} drive from ${drive.from.previous ? 'the previous job' : drive.from.start}`;

/** What "Put in route order" saved: "Saves 23 min and 8.4 miles of driving", or that it was already best. */
export function savingText({ minutes, miles }: OrderedDayRoute['saving']): string {
  if (minutes <= 0 && miles <= 0) return 'Already the shortest order';
  const distance = `${miles.toLocaleString('en-GB', { maximumFractionDigits: 1 })} ${miles === 1 ? 'mile' : 'miles'}`;
  if (miles <= 0) return `Saves ${driveMinutesText(minutes)} of driving`;
  if (minutes <= 0) return `Saves ${distance} of driving`;
  return `Saves ${driveMinutesText(minutes)} and ${distance} of driving`;
}

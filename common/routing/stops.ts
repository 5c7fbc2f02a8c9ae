import type { Leg } from './geo.ts';

/**
 * A van's day as a route: from its start, a list of stops in the order it visits them, each with
 * the window in which the van must arrive and its time on site. Times are minutes after London
 * midnight of the day (fractions allowed). Places are points: indexes into a table of drives
 * between them, given as a function, so that the same rules serve a routing engine's table and
 * the estimate from the straight line alike. The rules themselves are in plan.ts.
 */

/** The drive from one point to another, by their indexes. */
export type Legs = (from: number, to: number) => Leg;

/** A job on a van's day. */
export type RouteStop<Id> = {
  id: Id;
  /** The stop's point (index for Legs). */
  at: number;
  /** Earliest arrival: its window's start. */
  from: number;
  /** Latest arrival: its window's end. A van arriving later misses the window. */
  until: number;
  /** Minutes of work on site. */
  onSite: number;
};

/** A stop on a day's timeline: when the van arrives, and the drive there from the point before. */
export type TimedStop<Id> = RouteStop<Id> & { arrival: number; driveMinutes: number; driveMiles: number };

/** Sums of minutes are of drives of fractional minutes: a window is kept within this. */
export const tolerance = 1e-9;

/**
 * The day's whole drive in minutes with its stops (by index in `stops`) in `order`, or null when
 * a window is missed: the van reaches the first stop as its window opens, and each later one
 * when it has finished the one before and driven on, or as its window opens.
 */
export function driveIfOnTime<Id>(
  start: number,
  stops: readonly RouteStop<Id>[],
  order: readonly number[],
  legs: Legs,
): number | null {
  let minutes = 0;
  let point = start;
  let free = 0;
  for (let j = 0; j < order.length; j++) {
    const stop = stops[order[j]!]!;
    const drive = legs(point, stop.at).minutes;
    const arrival = j === 0 ? stop.from : Math.max(stop.from, free + drive);
    if (!(arrival <= stop.until + tolerance)) return null;
    minutes += drive;
    point = stop.at;
    free = arrival + stop.onSite;
  }
  return minutes;
}

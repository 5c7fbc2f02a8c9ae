import { minutesOf } from '#common/time/week.ts';
import type { LatLng, Leg } from './geo.ts';
import { bestInsertion, timeline, type Legs, type RouteStop } from './plan.ts';
import { defaultOnSiteMinutes, type RouteSettings } from './settings.ts';

/**
 * A day of the vans, as booking sees it: each van's start and the mobile jobs booked that day,
 * each on the van that takes it, in that van's order. Every place is a point of one travel table
 * (the starts first, then the jobs, then whatever is asked about), so that a drive between any
 * two is `legs(a, b)`.
 */

/** A van: its start's name (its key in the routes settings), its fitter if any, and where it starts. */
export type Van = { name: string; fitterId: number | null; place: LatLng };

/** A mobile job booked on a day, as its route needs it. */
export type DayJob = {
  id: number;
  /** Its window, London wall-clock times (`09:00`). */
  start: string;
  end: string;
  onSite: number;
  /** Null where its postcode could not be placed: it takes a place of its window, but no route. */
  place: LatLng | null;
  /** The van whose day took it when booked (its start's name). */
  van: string | null;
  /** The fitter the office gave it to: their van, when a start is theirs. */
  fitterId: number | null;
  /**
   * Its place in the day's route as the office ordered it: the arrival planned then, in minutes
   * after midnight, so that a job booked since falls in by its window's start.
   */
  position: number | null;
};

/** A van's day: its start's point and its stops in route order. */
export type VanDay = { van: Van; start: number; stops: RouteStop<number>[] };

/** The points of a day: the vans' starts, then the jobs placed, then `extra` (the customer asking). */
export function dayPoints(vans: readonly Van[], jobs: readonly DayJob[], extra: readonly LatLng[] = []) {
  const points: LatLng[] = vans.map((van) => van.place);
  const jobPoint = new Map<number, number>();
  for (const job of jobs) {
    if (!job.place) continue;
    jobPoint.set(job.id, points.length);
    points.push(job.place);
  }
  const extraPoints = extra.map((place) => points.push(place) - 1);
  return { points, jobPoint, extraPoints };
}

/** The time on site of a job of `service`, with `tyres` tyres (a tyre service's time is per tyre). */
export function onSiteMinutes(
  settings: Pick<RouteSettings, 'onSiteMinutes'>,
  service: string,
  tyres: number | null,
) {
  const minutes = settings.onSiteMinutes[service] ?? defaultOnSiteMinutes;
  return tyres && tyres > 1 ? minutes * tyres : minutes;
}

/** A job's window as a stop at `point`. */
export const stopOf = (
  job: Pick<DayJob, 'id' | 'start' | 'end' | 'onSite'>,
  point: number,
): RouteStop<number> => ({
  id: job.id,
  at: point,
  from: minutesOf(job.start),
  until: minutesOf(job.end),
  onSite: job.onSite,
});

/**
 * The legs of a day's points (`base`, vans' starts and jobs, kept while the day is) with one
 * more point after them (`extra`, the customer asking): the legs to and from it are worked out
 * for this question alone, at most once each.
 */
export function legsWithExtra(
  base: Legs,
  count: number,
  extra: (other: number, toExtra: boolean) => Leg,
): Legs {
  const toExtra: (Leg | undefined)[] = new Array<Leg | undefined>(count);
  const fromExtra: (Leg | undefined)[] = new Array<Leg | undefined>(count);
  return (from, to) => {
    if (from < count && to < count) return base(from, to);
    if (from === to) return { minutes: 0, miles: 0 };
    return to >= count ? (toExtra[from] ??= extra(from, true)) : (fromExtra[to] ??= extra(to, false));
  };
}

/** The van a job is on: its fitter's, else the one that took it, else none yet. */
function vanOf(vans: readonly Van[], job: DayJob): number {
  if (job.fitterId !== null) {
    const fitters = vans.findIndex((van) => van.fitterId === job.fitterId);
    if (fitters >= 0) return fitters;
  }
  return job.van === null ? -1 : vans.findIndex((van) => van.name === job.van);
}

/** The office's order (its planned arrivals), a job booked since by its window's start. */
export const byRoute = (
  a: Pick<DayJob, 'position' | 'start' | 'id'>,
  b: Pick<DayJob, 'position' | 'start' | 'id'>,
) => (a.position ?? minutesOf(a.start)) - (b.position ?? minutesOf(b.start)) || a.id - b.id;

/**
 * Each van's day: its jobs in the office's order, else by window. A job on no van (booked before
 * routes were kept, or its van's start renamed) goes, in window order, where it adds the least
 * drive and every window is still kept; where none can take it, to the van it adds least to,
 * which then takes nothing more that day.
 */
export function vanDays(
  vans: readonly Van[],
  jobs: readonly DayJob[],
  jobPoint: ReadonlyMap<number, number>,
  legs: Legs,
): VanDay[] {
  const days: VanDay[] = vans.map((van, index) => ({ van, start: index, stops: [] }));
  const loose: DayJob[] = [];
  // Each job's place in the route worked out once, not at every comparison of the sort.
  const ordered = jobs
    .map((job) => ({ job, key: job.position ?? minutesOf(job.start) }))
    .sort((a, b) => a.key - b.key || a.job.id - b.job.id)
    .map(({ job }) => job);
  for (const job of ordered) {
    const point = jobPoint.get(job.id);
    if (point === undefined) continue;
    const van = vanOf(vans, job);
    if (van >= 0) days[van]!.stops.push(stopOf(job, point));
    else loose.push(job);
  }
  for (const job of loose) {
    const stop = stopOf(job, jobPoint.get(job.id)!);
    let best: { day: VanDay; index: number; added: number } | null = null;
    for (const day of days) {
      const insertion = bestInsertion(day.start, day.stops, stop, legs);
      if (insertion && (!best || insertion.addedMinutes < best.added)) {
        best = { day, index: insertion.index, added: insertion.addedMinutes };
      }
    }
    if (best) {
      best.day.stops.splice(best.index, 0, stop);
      continue;
    }
    const fallback = days.reduce<VanDay | undefined>(
      (least, day) => (!least || day.stops.length < least.stops.length ? day : least),
      undefined,
    );
    fallback?.stops.push(stop);
  }
  return days;
}

/** The nearest of the vans' starts to `point` by road (points 0 to `vans - 1`), or null without vans. */
export function nearestStart(vans: number, point: number, legs: Legs): Leg | null {
  let nearest: Leg | null = null;
  for (let start = 0; start < vans; start += 1) {
    const leg = legs(start, point);
    if (!nearest || leg.miles < nearest.miles) nearest = leg;
  }
  return nearest;
}

/**
 * Whether a job put in at `index` of the van's day comes next to one within `miles` by road of
 * `point` (the stop before it or after it): the van is already near then, and drives little.
 */
export const nextToJobWithin = (day: VanDay, index: number, point: number, miles: number, legs: Legs) =>
  [day.stops[index - 1], day.stops[index]].some(
    (stop) => stop !== undefined && legs(stop.at, point).miles <= miles,
  );

/**
 * The van that can take a job at `point` in the window `start`–`end` for `onSite` minutes with
 * the least added drive, every booked window still kept, and where in its day the job goes
 * (`index`); null when no van can reach it.
 */
export function reachingVan(
  days: readonly VanDay[],
  window: { start: string; end: string; onSite: number },
  point: number,
  legs: Legs,
): { day: VanDay; addedMinutes: number; index: number; vans: number } | null {
  const stop = stopOf({ id: -1, ...window }, point);
  let best: { day: VanDay; addedMinutes: number; index: number } | null = null;
  let vans = 0;
  for (const day of days) {
    const insertion = bestInsertion(day.start, day.stops, stop, legs);
    if (!insertion) continue;
    vans += 1;
    if (!best || insertion.addedMinutes < best.addedMinutes) {
      best = { day, addedMinutes: insertion.addedMinutes, index: insertion.index };
    }
  }
  return best ? { ...best, vans } : null;
}

/**
 * The planned arrival, in whole minutes after midnight, of each stop of `day` with a new job
 * (`id` -1) at `stop` put in at `index`: what the route keeps as each job's place
 * (`DayJob.position`), so that the day is read back in the order the job was routed by. Null
 * when that order misses a window (reachingVan found it does not).
 */
export function plannedPositions(
  day: VanDay,
  stop: RouteStop<number>,
  index: number,
  legs: Legs,
): { id: number; position: number }[] | null {
  const stops = [...day.stops.slice(0, index), stop, ...day.stops.slice(index)];
  const timed = timeline(day.start, stops, legs);
  return timed && timed.map((timedStop) => ({ id: timedStop.id, position: Math.floor(timedStop.arrival) }));
}

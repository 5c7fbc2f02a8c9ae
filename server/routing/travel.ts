import { estimatedLeg, type DriveEstimate, type LatLng, type Leg } from '#common/routing/geo.ts';
import { askOsrmTable, type OsrmCell } from './osrm.ts';
import type { RoutingServiceNotes } from './status.ts';

/**
 * The drives between a set of points (vans' starts and customers' places): OSRM's by road where
 * it is set up and answers, else estimated from the straight line (common/routing/geo.ts). A pair
 * OSRM finds no road between is estimated alone. OSRM's tables are kept a few minutes in memory,
 * by the exact list of points, as the same day's points are asked for again and again while
 * customers book.
 */

/** The drive from the `from`th point to the `to`th; a point to itself is no drive. */
export type TravelTable = { legs: (from: number, to: number) => Leg; source: 'osrm' | 'estimate' };

export type TravelDependencies = {
  osrm: { url: string } | null;
  /** How long OSRM is waited for (tests shorten it). */
  timeoutMs?: number;
  /** Where OSRM's answers are noted for staff (status.ts). */
  notes?: RoutingServiceNotes;
};

/** How long an OSRM table is kept: roads change slowly, and a booking page is asked often. */
export const travelKeptMs = 5 * 60 * 1000;

/** How many OSRM tables are kept at most, the least lately used forgotten first. */
export const travelKeptTables = 200;

const metresPerMile = 1609.344;

/** OSRM's tables by their points, in the order last used (a Map keeps its insertion order). */
const keptTables = new Map<string, { cells: OsrmCell[][]; at: number }>();

const keyOf = (url: string, points: readonly LatLng[]) =>
  `${url} ${points.map(({ latitude, longitude }) => `${longitude},${latitude}`).join(';')}`;

function keptTable(key: string, now: number) {
  const kept = keptTables.get(key);
  if (!kept) return null;
  keptTables.delete(key);
  if (now - kept.at > travelKeptMs) return null;
  keptTables.set(key, kept);
  return kept.cells;
}

function keepTable(key: string, cells: OsrmCell[][], now: number) {
  keptTables.delete(key);
  keptTables.set(key, { cells, at: now });
  while (keptTables.size > travelKeptTables) keptTables.delete(keptTables.keys().next().value!);
}

/** Forgets every OSRM table kept (tests that change what OSRM answers). */
export const forgetTravelTables = () => keptTables.clear();

/** No drive: from a place to itself. */
const stayed: Leg = Object.freeze({ minutes: 0, miles: 0 });

/** The drives between `points`: OSRM's where it answers, `estimate`'s elsewhere. */
export async function travelTable(
  deps: TravelDependencies,
  points: readonly LatLng[],
  estimate: DriveEstimate,
): Promise<TravelTable> {
  // Worked out once a pair: availability asks the same few legs many times.
  const count = points.length;
  const worked: (Leg | undefined)[] = new Array<Leg | undefined>(count * count);
  const estimated = (from: number, to: number): Leg => {
    if (from === to) return stayed;
    const index = from * count + to;
    return (worked[index] ??= estimatedLeg(points[from]!, points[to]!, estimate));
  };
  if (!deps.osrm || points.length < 2) return { legs: estimated, source: 'estimate' };

  const key = keyOf(deps.osrm.url, points);
  let cells = keptTable(key, Date.now());
  if (!cells) {
    const answer = await askOsrmTable(
      { url: deps.osrm.url, ...(deps.timeoutMs && { timeoutMs: deps.timeoutMs }) },
      points,
    );
    if (answer.kind === 'unavailable') {
      await deps.notes?.failure('osrm', answer.reason);
      return { legs: estimated, source: 'estimate' };
    }
    await deps.notes?.success('osrm');
    cells = answer.cells;
    keepTable(key, cells, Date.now());
  }
  const table = cells;
  return {
    legs: (from, to) => {
      if (from === to) return stayed;
      const cell = table[from]?.[to];
      return cell ? { minutes: cell.seconds / 60, miles: cell.metres / metresPerMile } : estimated(from, to);
    },
    source: 'osrm',
  };
}

import type { LatLng } from '#common/routing/geo.ts';
import { startStandInServer, type StandInAnswer } from './vehicle-stand-in-server.ts';

/**
 * A stand-in of OSRM's table service on localhost (OSRM_URL): GET
 * /table/v1/driving/{lng,lat;...}?annotations=duration,distance answered in OSRM's documented
 * shape, `{ code: 'Ok', durations, distances, sources, destinations }`.
 *
 * Its roads are its own arithmetic, not OSRM's: every drive is the straight line (haversine, on a
 * sphere of 6,371,008.8 m) times 1.25, at 30 mph (`road.mph` to change it), so that tests can tell its answers from the
 * product's own estimate. Points in `unroutable` (by their coordinates) are joined to no other
 * (null cells, as OSRM answers a point it cannot snap to a road). More than 100 points are
 * refused with OSRM's `TooBig` (fewer once `limits.maxPoints` is lowered); a request not in its shape with `InvalidQuery`. `setDown` makes
 * it answer 503, or answer slower than the product waits.
 */
export async function startOsrmStandIn() {
  const unroutable = new Set<string>();
  const mistakes: string[] = [];
  const down = { mode: null as null | '503' | 'slow' };
  /** Its `--max-table-size`: OSRM's default, or less to try its refusal. */
  const limits = { maxPoints: 100 };
  /** Its roads' speed: 30 mph unless a test changes it. */
  const road = { mph: 30 };

  const server = await startStandInServer((request): StandInAnswer => {
    // Down, OSRM says nothing: the server in front of it answers 503 alone.
    if (down.mode === '503') return { status: 503 };
    const [path, query = ''] = request.path.split('?');
    const table = /^\/table\/v1\/driving\/([^/]+)$/.exec(path!);
    if (request.method !== 'GET' || !table) {
      mistakes.push(`${request.method} ${request.path}`);
      return { status: 400, body: { code: 'InvalidUrl', message: `URL string malformed: ${request.path}` } };
    }
    const points = decodeURIComponent(table[1]!)
      .split(';')
      .map((pair) => pair.split(',').map(Number));
    if (!points.every((pair) => pair.length === 2 && pair.every(Number.isFinite))) {
      mistakes.push(`coordinates ${table[1]}`);
      return { status: 400, body: { code: 'InvalidQuery', message: 'Query string malformed' } };
    }
    if (points.some(([lng, lat]) => Math.abs(lat!) > 90 || Math.abs(lng!) > 180)) {
      mistakes.push(`coordinates out of range ${table[1]}`);
      return { status: 400, body: { code: 'InvalidValue', message: 'Invalid coordinate value.' } };
    }
    if (new URLSearchParams(query).get('annotations') !== 'duration,distance') {
      mistakes.push(`annotations ${query}`);
    }
    if (points.length > limits.maxPoints) {
      return { status: 400, body: { code: 'TooBig', message: 'Too many table coordinates' } };
    }
    const cut = points.map(([lng, lat]) => unroutable.has(keyOf({ latitude: lat!, longitude: lng! })));
    const metres = points.map((from, i) =>
      points.map((to, j) => (i === j ? 0 : cut[i] || cut[j] ? null : roadMetres(from, to))),
    );
    return {
      status: 200,
      body: {
        code: 'Ok',
        durations: metres.map((row) =>
          row.map((m) => (m === null ? null : round1(m / ((road.mph * metresPerMile) / 3600)))),
        ),
        distances: metres.map((row) => row.map((m) => (m === null ? null : round1(m)))),
        sources: points.map(([lng, lat]) => ({ location: [lng, lat], name: '', distance: 0 })),
        destinations: points.map(([lng, lat]) => ({ location: [lng, lat], name: '', distance: 0 })),
      },
    };
  });

  return {
    ...server,
    mistakes,
    limits,
    road,
    /** Makes `point` reachable by no road. */
    cutOff: (point: LatLng) => void unroutable.add(keyOf(point)),
    /** Down (`'503'` or `'slow'`, slower than `slowMs`) until called again with null. */
    setDown(mode: null | '503' | 'slow', { slowMs = 1_000 } = {}) {
      down.mode = mode;
      server.state.delayMs = mode === 'slow' ? slowMs : 0;
    },
    /** The points of each table asked, as [longitude, latitude] pairs. */
    tablesAsked: () =>
      server.requests.map((request) =>
        decodeURIComponent(request.path.split('?')[0]!.split('/').pop() ?? '')
          .split(';')
          .map((pair) => pair.split(',').map(Number)),
      ),
  };
}

export type OsrmStandIn = Awaited<ReturnType<typeof startOsrmStandIn>>;

/** The stand-in's own road: 1.25 times the straight line. */
export const standInRoadFactor = 1.25;
const metresPerMile = 1609.344;
/** The stand-in's own speed unless changed (`road.mph`): 30 mph, in metres a second. */
export const metresPerSecond = (30 * metresPerMile) / 3600;

const keyOf = ({ latitude, longitude }: LatLng) => `${longitude.toFixed(6)},${latitude.toFixed(6)}`;
const round1 = (value: number) => Math.round(value * 10) / 10;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The stand-in's road in metres between two [lng, lat] points. */
function roadMetres([lng1, lat1]: number[], [lng2, lat2]: number[]) {
  const dLat = toRadians(lat2! - lat1!);
  const dLng = toRadians(lng2! - lng1!);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(lat1!)) * Math.cos(toRadians(lat2!)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h))) * standInRoadFactor;
}

import type { LatLng } from '#common/routing/geo.ts';
import { failureOf } from '../http/outside-failure.ts';

/**
 * OSRM's table service (OSRM_URL, a self-hosted routing engine): GET
 * {url}/table/v1/driving/{lng,lat;lng,lat;...}?annotations=duration,distance answers
 * `{ code: 'Ok', durations, distances }`, each a square of seconds and metres from every point to
 * every other, null where no road joins them. OSRM writes longitude first. Its errors are a `code`
 * of its own (`InvalidQuery`, `TooBig`, `NoTable`, ...) with a `message`.
 */

/** How OSRM is reached: its address, and how long it is waited for. */
export type OsrmAccess = { url: string; timeoutMs?: number };

/** A drive from one point to another as OSRM gave it, or null where it found no road. */
export type OsrmCell = { seconds: number; metres: number } | null;

export type OsrmAnswer =
  | { kind: 'table'; cells: OsrmCell[][] }
  /** For staff: OSRM's code and message, the HTTP status, or why it could not be reached. */
  | { kind: 'unavailable'; reason: string };

/** How long OSRM is waited for: a booking page is waiting on it. */
export const osrmTimeoutMs = 4_000;

/** OSRM's default `--max-table-size`: more points in one request are refused (`TooBig`). */
export const osrmMaxPoints = 100;

const isNumberOrNull = (value: unknown) =>
  value === null || (typeof value === 'number' && Number.isFinite(value));

/** Whether `matrix` is an n × n square of numbers or nulls. */
function isSquare(matrix: unknown, size: number): matrix is (number | null)[][] {
  return (
    Array.isArray(matrix) &&
    matrix.length === size &&
    matrix.every((row) => Array.isArray(row) && row.length === size && row.every(isNumberOrNull))
  );
}

/** OSRM's own error code and message, for staff: `OSRM answered TooBig: Too many table coordinates`. */
function codeOf(body: { code?: unknown; message?: unknown }): string | null {
  if (typeof body.code !== 'string') return null;
  const words = typeof body.message === 'string' ? `: ${body.message.slice(0, 200)}` : '';
  return `OSRM answered ${body.code}${words}`;
}

/** Why OSRM answered other than 200: its code where its body has one, else the status and body. */
async function errorOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const coded = codeOf(JSON.parse(text) as { code?: unknown; message?: unknown });
    if (coded) return `${coded} (${response.status})`;
  } catch {
    // Not OSRM's JSON (a proxy's page, say): the status and the words as they came.
  }
  const words = text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return `OSRM answered ${response.status}${words ? `: ${words}` : ''}`;
}

/** The drives between every two of `points` (at most 100), by one table request. */
export async function askOsrmTable(access: OsrmAccess, points: readonly LatLng[]): Promise<OsrmAnswer> {
  if (points.length > osrmMaxPoints) {
    return { kind: 'unavailable', reason: `More than ${osrmMaxPoints} points for one OSRM table` };
  }
  if (points.length === 0) return { kind: 'table', cells: [] };
  // Six decimals are a tenth of a metre: the address stays short, the place exact enough.
  const coordinates = points
    .map(({ latitude, longitude }) => `${longitude.toFixed(6)},${latitude.toFixed(6)}`)
    .join(';');
  let body: { code?: unknown; message?: unknown; durations?: unknown; distances?: unknown };
  try {
    const response = await fetch(
      `${access.url.replace(/\/+$/, '')}/table/v1/driving/${coordinates}?annotations=duration,distance`,
      {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(access.timeoutMs ?? osrmTimeoutMs),
      },
    );
    if (response.status !== 200) return { kind: 'unavailable', reason: await errorOf(response) };
    body = (await response.json()) as typeof body;
  } catch (error) {
    return { kind: 'unavailable', reason: failureOf(error).reason };
  }
  if (body.code !== 'Ok')
    return { kind: 'unavailable', reason: codeOf(body) ?? 'OSRM answered without a code' };
  const { durations, distances } = body;
  if (!isSquare(durations, points.length) || !isSquare(distances, points.length)) {
    return { kind: 'unavailable', reason: 'OSRM answered Ok without a table of durations and distances' };
  }
  return {
    kind: 'table',
    cells: durations.map((row, from) =>
      row.map((seconds, to) => {
        const metres = distances[from]![to];
        return seconds === null || metres === null || metres === undefined ? null : { seconds, metres };
      }),
    ),
  };
}

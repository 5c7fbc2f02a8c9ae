import type { LatLng } from '#common/routing/geo.ts';
import { failureOf, reasonOf } from '../http/outside-failure.ts';

/**
 * postcodes.io (POSTCODES_API_URL, by default https://api.postcodes.io), which serves the ONS
 * Postcode Directory: GET /postcodes/{postcode} answers one postcode, POST /postcodes with
 * `{ "postcodes": [...] }` up to 100 at once. Its
 * answers are `{ status, result }`, or `{ status: 404, error }` for a postcode it does not know or
 * cannot read. A few live postcodes have no coordinates (latitude null): for placing a van they
 * are as good as unknown.
 */

/** How postcodes.io is reached: its address, and how long it is waited for. */
export type PostcodesAccess = { apiUrl: string; timeoutMs?: number };

/** What postcodes.io said of a postcode or a district. */
export type PostcodesAnswer = { kind: 'found'; place: LatLng } | { kind: 'not-found' } | PostcodesUnavailable;

/** postcodes.io failed, was too slow or could not be reached: for staff, why. */
export type PostcodesUnavailable = { kind: 'unavailable'; reason: string };

/** How long postcodes.io is waited for: a booking page is waiting on it. */
export const postcodesTimeoutMs = 4_000;

/** postcodes.io's limit of postcodes in one bulk look-up. */
export const postcodesPerRequest = 100;

/** The coordinates of one of postcodes.io's results, or null where it has none. */
function placeOfResult(result: unknown): LatLng | null {
  if (typeof result !== 'object' || result === null) return null;
  const { latitude, longitude } = result as { latitude?: unknown; longitude?: unknown };
  return typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
    ? { latitude, longitude }
    : null;
}

/** The base address with `path` after it (POSTCODES_API_URL may carry a path of its own). */
const addressOf = (apiUrl: string, path: string) => `${apiUrl.replace(/\/+$/, '')}${path}`;

async function getOne(access: PostcodesAccess, path: string): Promise<PostcodesAnswer> {
  let response: Response;
  try {
    response = await fetch(addressOf(access.apiUrl, path), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(access.timeoutMs ?? postcodesTimeoutMs),
    });
    if (response.status === 200) {
      const place = placeOfResult(((await response.json()) as { result?: unknown }).result);
      return place ? { kind: 'found', place } : { kind: 'not-found' };
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return { kind: 'not-found' };
    }
    return { kind: 'unavailable', reason: await reasonOf('postcodes.io', response) };
  } catch (error) {
    return unavailable(error);
  }
}

/** A failure to reach postcodes.io, or an answer it could not have meant, in words for staff. */
function unavailable(error: unknown): PostcodesUnavailable {
  return { kind: 'unavailable', reason: failureOf(error).reason };
}

/** Where a postcode (as normalised, `RM3 0AB`) is, by GET /postcodes/{postcode}. */
export const askPostcode = (access: PostcodesAccess, postcode: string) =>
  getOne(access, `/postcodes/${encodeURIComponent(postcode)}`);


/**
 * Where each of up to 100 postcodes is, by one POST /postcodes: a map from each postcode asked to
 * its answer, or one unavailable answer for them all when postcodes.io failed.
 */
export async function askPostcodes(
  access: PostcodesAccess,
  postcodes: readonly string[],
): Promise<Map<string, PostcodesAnswer> | PostcodesUnavailable> {
  if (postcodes.length > postcodesPerRequest) {
    throw new RangeError(`postcodes.io takes at most ${postcodesPerRequest} postcodes at once`);
  }
  let body: unknown;
  try {
    const response = await fetch(addressOf(access.apiUrl, '/postcodes'), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ postcodes }),
      signal: AbortSignal.timeout(access.timeoutMs ?? postcodesTimeoutMs),
    });
    if (response.status !== 200)
      return { kind: 'unavailable', reason: await reasonOf('postcodes.io', response) };
    body = await response.json();
  } catch (error) {
    return unavailable(error);
  }
  const results = (body as { result?: unknown }).result;
  if (!Array.isArray(results)) {
    return { kind: 'unavailable', reason: 'postcodes.io answered 200 without a list of results' };
  }
  const answers = new Map<string, PostcodesAnswer>();
  results.forEach((entry: unknown, index) => {
    const { query, result } = (typeof entry === 'object' && entry !== null ? entry : {}) as {
      query?: unknown;
      result?: unknown;
    };
    // Each entry names the query as sent; the order is the request's too.
    const asked = typeof query === 'string' ? query : postcodes[index];
    if (asked === undefined) return;
    const place = placeOfResult(result);
    answers.set(asked, place ? { kind: 'found', place } : { kind: 'not-found' });
  });
  for (const postcode of postcodes) {
    if (!answers.has(postcode)) answers.set(postcode, { kind: 'not-found' });
  }
  return answers;
}

import type { LatLng } from '#common/routing/geo.ts';
import examples from '../data/postcodes-io-examples.json' with { type: 'json' };
import serviceAreaPlaces from '../data/service-area-places.json' with { type: 'json' };
import { startStandInServer, type StandInAnswer } from './vehicle-stand-in-server.ts';

/**
 * A stand-in of postcodes.io on localhost (POSTCODES_API_URL), answering as postcodes.io documents
 * it, from real postcodes and districts (tests/data/postcodes-io-examples.json, ONS data under the
 * Open Government Licence): GET /postcodes/{postcode}, POST /postcodes with `{ postcodes }` (at
 * most 100) and GET /outcodes/{outcode}. A postcode it does not know is 404 "Postcode not found"
 * (null in a bulk answer); one not written as a postcode, 404 "Invalid postcode".
 *
 * `state.down` makes every answer a 503 (`'503'`) or no answer within the product's wait
 * (`'slow'`, with `state.delayMs`); `withoutCoordinates` holds postcodes answered with null
 * coordinates, as postcodes.io answers the few live postcodes the ONS cannot place.
 *
 * With `serviceArea`, it also knows the postcodes of tests/data/service-area-places.json: towns of
 * the business's service area at approximate town-centre coordinates (not ONS data; see that
 * file's `source`), for the routes' tests.
 */
export async function startPostcodesStandIn({ serviceArea = false }: { serviceArea?: boolean } = {}) {
  const places = new Map<string, LatLng>(Object.entries(examples.postcodes));
  if (serviceArea) {
    for (const [postcode, { latitude, longitude }] of Object.entries(serviceAreaPlaces.postcodes)) {
      places.set(postcode, { latitude, longitude });
    }
  }
  const districts = new Map<string, LatLng>(Object.entries(examples.outcodes));
  const withoutCoordinates = new Set<string>();
  const mistakes: string[] = [];
  const down = { mode: null as null | '503' | 'slow' };

  /** postcodes.io's record of a postcode, the fields the product might read, or null. */
  const recordOf = (asked: string) => {
    const postcode = tidy(asked);
    const place = places.get(postcode);
    if (!place) return null;
    const [outcode, incode] = postcode.split(' ');
    const { latitude, longitude } = withoutCoordinates.has(postcode)
      ? { latitude: null, longitude: null }
      : place;
    return { postcode, quality: latitude === null ? 9 : 1, outcode, incode, latitude, longitude };
  };

  const server = await startStandInServer((request): StandInAnswer => {
    if (down.mode === '503') return { status: 503, body: { status: 503, error: 'Service Unavailable' } };
    const path = decodeURIComponent(request.path.split('?')[0]!);
    const one = /^\/postcodes\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && one) {
      if (!writtenAsPostcode(one[1]!)) return notFound('Invalid postcode');
      const record = recordOf(one[1]!);
      return record ? { status: 200, body: { status: 200, result: record } } : notFound('Postcode not found');
    }
    const outcode = /^\/outcodes\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && outcode) {
      const name = outcode[1]!.toUpperCase();
      const centre = districts.get(name);
      return centre
        ? { status: 200, body: { status: 200, result: { outcode: name, ...centre } } }
        : notFound('Outcode not found');
    }
    if (request.method === 'POST' && path === '/postcodes') {
      let postcodes: unknown;
      try {
        postcodes = (JSON.parse(request.body) as { postcodes?: unknown }).postcodes;
      } catch {
        postcodes = undefined;
      }
      if (!Array.isArray(postcodes) || !postcodes.every((postcode) => typeof postcode === 'string')) {
        mistakes.push(`POST /postcodes ${request.body.slice(0, 100)}`);
        return invalid('Invalid data submitted. You need to provide a JSON array');
      }
      if (postcodes.length > 100) {
        mistakes.push(`POST /postcodes with ${postcodes.length} postcodes`);
        return invalid('Too many postcodes submitted. Up to 100 postcodes can be bulk requested at a time');
      }
      return {
        status: 200,
        body: { status: 200, result: postcodes.map((query) => ({ query, result: recordOf(query) })) },
      };
    }
    mistakes.push(`${request.method} ${path}`);
    return { status: 404, body: { status: 404, error: 'Resource not found' } };
  });

  return {
    ...server,
    places,
    districts,
    withoutCoordinates,
    mistakes,
    /** Down (`'503'` or `'slow'`, slower than `slowMs`) until called again with null. */
    setDown(mode: null | '503' | 'slow', { slowMs = 1_000 } = {}) {
      down.mode = mode;
      server.state.delayMs = mode === 'slow' ? slowMs : 0;
    },
    /** The postcodes asked, one look-up or many, in the order asked. */
    asked: () =>
      server.requests.flatMap((request) =>
        request.method === 'POST'
          ? ((JSON.parse(request.body || '{}') as { postcodes?: string[] }).postcodes ?? [])
          : [decodeURIComponent(request.path.split('/').pop() ?? '')],
      ),
    /** The bulk look-ups made, by how many postcodes each asked. */
    bulkSizes: () =>
      server.requests
        .filter((request) => request.method === 'POST')
        .map((request) => ((JSON.parse(request.body) as { postcodes: string[] }).postcodes ?? []).length),
  };
}

export type PostcodesStandIn = Awaited<ReturnType<typeof startPostcodesStandIn>>;

/** As postcodes.io reads a postcode: any case, with or without its space. */
function tidy(postcode: string) {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

const writtenAsPostcode = (postcode: string) =>
  /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i.test(postcode.trim());

const notFound = (error: string): StandInAnswer => ({ status: 404, body: { status: 404, error } });
const invalid = (error: string): StandInAnswer => ({ status: 400, body: { status: 400, error } });

import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalisePostcode } from '#common/site-content/postcode.ts';
import { createTestDatabase } from '#tests/support/database.ts';
import { startPostcodesStandIn, type PostcodesStandIn } from '#tests/support/postcodes-stand-in.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { postcodePlaces } from '../db/schema.ts';
import { serviceNotesIn } from '../db/service-checks.ts';
import { districtCentres } from './district-centres.ts';
import { forgetOldPlaces, placeOf, placesKeptDays, placesOf, type PlaceDependencies } from './places.ts';
import { routingStatus, type RoutingService } from './status.ts';

// Where postcodes are, against postcodes.io's stand-in (tests/support/postcodes-stand-in.ts),
// which answers real postcodes with their ONS coordinates (tests/data/postcodes-io-examples.json).
let database: DatabaseHandle;
let stand: PostcodesStandIn;
const clock = { now: new Date('2026-03-02T09:00:00Z') };
const dayMs = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  [database, stand] = await Promise.all([createTestDatabase(), startPostcodesStandIn()]);
});

afterAll(async () => {
  await Promise.all([database?.close(), stand?.close()]);
});

beforeEach(async () => {
  await database.db.delete(postcodePlaces);
  stand.requests.length = 0;
  stand.setDown(null);
  stand.withoutCoordinates.clear();
  clock.now = new Date('2026-03-02T09:00:00Z');
});

const deps = (): PlaceDependencies => ({
  db: database.db,
  postcodes: { apiUrl: stand.origin },
  clock: () => clock.now,
  logger: pino({ level: 'silent' }),
  timeoutMs: 200,
  notes: serviceNotesIn<RoutingService>(database.db),
});

const kept = async () =>
  (await database.db.select().from(postcodePlaces)).map(({ postcode, district, latitude, longitude }) => ({
    postcode,
    district,
    latitude,
    longitude,
  }));

const witham = { postcode: 'CM8 3ET', latitude: 51.810886, longitude: 0.635575 };

describe('where a postcode is', () => {
  it('asks postcodes.io once for a postcode not kept, keeps its place, and answers later look-ups from it', async () => {
    expect(await placeOf(deps(), 'cm83et')).toEqual({
      kind: 'found',
      place: { ...witham, source: 'postcode' },
    });
    expect(stand.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /postcodes/CM8%203ET',
    ]);
    expect(await kept()).toEqual([{ ...witham, district: 'CM8' }]);
    const [row] = await database.db.select().from(postcodePlaces);
    expect(row!.lookedUpAt).toEqual(clock.now);

    clock.now = new Date(clock.now.getTime() + (placesKeptDays - 1) * dayMs);
    expect(await placeOf(deps(), 'CM8 3ET')).toEqual({
      kind: 'found',
      place: { ...witham, source: 'postcode' },
    });
    expect(stand.requests).toHaveLength(1);
    expect(stand.mistakes).toEqual([]);
  });

  it('asks again for a place kept more than 90 days, and forgets such places', async () => {
    await placeOf(deps(), 'CM8 3ET');
    await placeOf(deps(), 'NW1 9HZ');
    clock.now = new Date(clock.now.getTime() + 60 * dayMs);
    await placeOf(deps(), 'BR8 7RE');
    clock.now = new Date(clock.now.getTime() + 31 * dayMs);

    expect(await placeOf(deps(), 'CM8 3ET')).toMatchObject({ kind: 'found', place: { source: 'postcode' } });
    expect(stand.asked()).toEqual(['CM8 3ET', 'NW1 9HZ', 'BR8 7RE', 'CM8 3ET']);
    const [row] = await database.db.select().from(postcodePlaces).where(eqPostcode('CM8 3ET'));
    expect(row!.lookedUpAt).toEqual(clock.now);

    // NW1 9HZ was looked up 91 days ago; CM8 3ET just now, BR8 7RE 31 days ago.
    expect(await forgetOldPlaces(database.db, clock.now)).toBe(1);
    expect((await kept()).map((place) => place.postcode).sort()).toEqual(['BR8 7RE', 'CM8 3ET']);
    expect(await forgetOldPlaces(database.db, clock.now)).toBe(0);
  });

  it('answers a postcode postcodes.io does not know, or cannot place, as not found, and keeps nothing', async () => {
    expect(await placeOf(deps(), 'ZZ9 9ZZ')).toEqual({ kind: 'not-found' });
    stand.withoutCoordinates.add('PR3 0SG');
    expect(await placeOf(deps(), 'PR3 0SG')).toEqual({ kind: 'not-found' });
    expect(await kept()).toEqual([]);
    expect(stand.requests).toHaveLength(2);
  });

  it('answers a postcode not written as one as not found without asking', async () => {
    expect(await placeOf(deps(), 'not a postcode')).toEqual({ kind: 'not-found' });
    expect(await placeOf(deps(), '')).toEqual({ kind: 'not-found' });
    expect(stand.requests).toEqual([]);
  });
});

describe('where many postcodes are', () => {
  it('asks postcodes.io for those not kept, a hundred a request, keyed by the postcode as normalised', async () => {
    await placeOf(deps(), 'CM8 3ET');
    stand.requests.length = 0;
    const known = ['nw19hz', 'NW1 9JH', 'NW5 2AH', 'SW1A 2DD', 'M45 6GN', 'EX16 5BL', 'G42 9AS'];
    // Postcodes written as postcodes that postcodes.io does not know: it answers them null.
    const unknown = Array.from(
      { length: 143 },
      (_, index) => `ZZ${index % 9} ${index % 10}${letters(index)}`,
    );
    const answers = await placesOf(deps(), ['CM8 3ET', ...known, ...unknown, 'nonsense']);

    expect(stand.bulkSizes()).toEqual([100, 50]);
    expect(stand.mistakes).toEqual([]);
    expect(answers.get('CM8 3ET')).toEqual({ kind: 'found', place: { ...witham, source: 'postcode' } });
    expect(answers.get('NW1 9HZ')).toEqual({
      kind: 'found',
      place: { postcode: 'NW1 9HZ', latitude: 51.545024, longitude: -0.137429, source: 'postcode' },
    });
    expect(answers.get('G42 9AS')).toMatchObject({ kind: 'found', place: { latitude: 55.82754508 } });
    expect(answers.get('ZZ0 0AA')).toEqual({ kind: 'not-found' });
    expect(answers.get(normalisePostcode('nonsense'))).toEqual({ kind: 'not-found' });
    expect(answers.size).toBe(1 + known.length + new Set(unknown).size + 1);
    expect((await kept()).map((place) => place.postcode).sort()).toEqual(
      ['CM8 3ET', 'EX16 5BL', 'G42 9AS', 'M45 6GN', 'NW1 9HZ', 'NW1 9JH', 'NW5 2AH', 'SW1A 2DD'].sort(),
    );

    stand.requests.length = 0;
    await placesOf(deps(), ['CM8 3ET', ...known]);
    expect(stand.requests).toEqual([]);
  });
});

describe('while postcodes.io is down', () => {
  it('places a postcode at its district’s kept postcodes’ average, never keeping it as the postcode’s own', async () => {
    await placesOf(deps(), ['NW1 9HZ', 'NW1 9JH']);
    stand.setDown('503');
    expect(await placeOf(deps(), 'NW1 4RY')).toEqual({
      kind: 'found',
      place: {
        postcode: 'NW1 4RY',
        latitude: (51.545024 + 51.544905) / 2,
        longitude: (-0.137429 + -0.137824) / 2,
        source: 'district',
      },
    });
    expect((await kept()).map((place) => place.postcode).sort()).toEqual(['NW1 9HZ', 'NW1 9JH']);
    const status = await routingStatus(serviceNotesIn<RoutingService>(database.db), { osrm: null });
    expect(status.postcodes).toMatchObject({
      configured: true,
      lastSuccessAt: expect.any(String),
      lastFailure: expect.stringMatching(/^postcodes\.io answered 503/),
    });
    expect(status.osrm).toEqual({
      configured: false,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastFailure: null,
    });
  });

  it('uses kept postcodes of any age for the district’s centre', async () => {
    await placeOf(deps(), 'NW5 2AH');
    clock.now = new Date(clock.now.getTime() + 200 * dayMs);
    stand.setDown('slow');
    expect(await placeOf(deps(), 'NW5 1TL')).toEqual({
      kind: 'found',
      place: { postcode: 'NW5 1TL', latitude: 51.545636, longitude: -0.137419, source: 'district' },
    });
  });

  it('places a postcode of a district never seen at the shipped centre, a sub-district’s at its district’s', async () => {
    stand.setDown('slow');
    expect(await placeOf(deps(), 'NW1 9HZ')).toEqual({
      kind: 'found',
      place: { postcode: 'NW1 9HZ', ...districtCentres.NW1, source: 'district' },
    });
    expect(await placeOf(deps(), 'WC1E 7HX')).toEqual({
      kind: 'found',
      place: { postcode: 'WC1E 7HX', ...districtCentres.WC1, source: 'district' },
    });
    expect(await kept()).toEqual([]);
    expect(
      (await routingStatus(serviceNotesIn<RoutingService>(database.db), { osrm: null })).postcodes,
    ).toMatchObject({
      lastFailure: 'No answer in time',
    });
  });

  it('answers unavailable for a postcode whose district is neither kept nor shipped', async () => {
    stand.setDown('503');
    const answer = await placeOf(deps(), 'G13 3AE');
    expect(answer).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/^postcodes\.io answered 503/),
    });
  });

  it('answers each postcode of a bulk look-up by its district, or unavailable', async () => {
    await placeOf(deps(), 'CM8 3ET');
    stand.setDown('503');
    const answers = await placesOf(deps(), ['CM8 1EF', 'BR8 7RE', 'G13 3AE']);
    expect(answers.get('CM8 1EF')).toEqual({
      kind: 'found',
      place: { ...witham, postcode: 'CM8 1EF', source: 'district' },
    });
    expect(answers.get('BR8 7RE')).toEqual({
      kind: 'found',
      place: { postcode: 'BR8 7RE', ...districtCentres.BR8, source: 'district' },
    });
    expect(answers.get('G13 3AE')).toMatchObject({ kind: 'unavailable' });
  });

  it('takes a refused connection as down', async () => {
    const refused = { ...deps(), postcodes: { apiUrl: 'http://127.0.0.1:9' } };
    expect(await placeOf(refused, 'BR8 7RE')).toEqual({
      kind: 'found',
      place: { postcode: 'BR8 7RE', ...districtCentres.BR8, source: 'district' },
    });
  });
});

/** Two letters for the `index`th made-up inward code. */
function letters(index: number) {
  const alphabet = 'ABDEFGHJLNPQRSTUWXYZ';
  return `${alphabet[Math.floor(index / 10) % alphabet.length]}${alphabet[index % alphabet.length]}`;
}

function eqPostcode(postcode: string) {
  return eq(postcodePlaces.postcode, postcode);
}

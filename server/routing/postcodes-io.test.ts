import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPostcodesStandIn, type PostcodesStandIn } from '#tests/support/postcodes-stand-in.ts';
import { askPostcode, askPostcodes } from './postcodes-io.ts';

// postcodes.io's client against its stand-in (tests/support/postcodes-stand-in.ts), which answers
// real postcodes with their ONS coordinates.
let stand: PostcodesStandIn;
const access = () => ({ apiUrl: stand.origin, timeoutMs: 200 });

beforeAll(async () => {
  stand = await startPostcodesStandIn();
});

afterAll(async () => {
  await stand?.close();
});

beforeEach(() => {
  stand.requests.length = 0;
  stand.setDown(null);
  stand.withoutCoordinates.clear();
});

describe('postcodes.io', () => {
  it('places a postcode', async () => {
    expect(await askPostcode(access(), 'BR8 7RE')).toEqual({
      kind: 'found',
      place: { latitude: 51.411831, longitude: 0.178871 },
    });
    expect(stand.requests.map((request) => request.path)).toEqual(['/postcodes/BR8%207RE']);
  });

  it('answers not found for a postcode it does not know, a postcode it cannot read, or one without coordinates', async () => {
    expect(await askPostcode(access(), 'ZZ9 9ZZ')).toEqual({ kind: 'not-found' });
    expect(await askPostcode(access(), 'HELLO')).toEqual({ kind: 'not-found' });
    stand.withoutCoordinates.add('M45 6GN');
    expect(await askPostcode(access(), 'M45 6GN')).toEqual({ kind: 'not-found' });
  });

  it('looks up to a hundred postcodes in one request, each by the query as sent', async () => {
    const answers = await askPostcodes(access(), ['EX16 5BL', 'ZZ9 9ZZ', 'G42 9AS']);
    expect(answers).toEqual(
      new Map([
        ['EX16 5BL', { kind: 'found', place: { latitude: 50.911417, longitude: -3.489552 } }],
        ['ZZ9 9ZZ', { kind: 'not-found' }],
        ['G42 9AS', { kind: 'found', place: { latitude: 55.82754508, longitude: -4.25209048 } }],
      ]),
    );
    expect(JSON.parse(stand.requests[0]!.body)).toEqual({ postcodes: ['EX16 5BL', 'ZZ9 9ZZ', 'G42 9AS'] });
    expect(stand.requests[0]!.headers['content-type']).toBe('application/json');
    await expect(
      askPostcodes(
        access(),
        Array.from({ length: 101 }, () => 'EX16 5BL'),
      ),
    ).rejects.toThrow(RangeError);
    expect(stand.mistakes).toEqual([]);
  });

  it('is unavailable when it answers 503, too slowly, or not at all', async () => {
    stand.setDown('503');
    expect(await askPostcode(access(), 'BR8 7RE')).toEqual({
      kind: 'unavailable',
      reason: 'postcodes.io answered 503: {"status":503,"error":"Service Unavailable"}',
    });
    expect(await askPostcodes(access(), ['BR8 7RE', 'CM8 3ET'])).toMatchObject({ kind: 'unavailable' });
    stand.setDown('slow', { slowMs: 500 });
    expect(await askPostcodes(access(), ['BR8 7RE', 'CM8 3ET'])).toEqual({
      kind: 'unavailable',
      reason: 'No answer in time',
    });
    expect(await askPostcode({ apiUrl: 'http://127.0.0.1:9' }, 'BR8 7RE')).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/^Could not be reached/),
    });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import examples from '#tests/data/postcodes-io-examples.json' with { type: 'json' };
import { metresPerSecond, startOsrmStandIn, type OsrmStandIn } from '#tests/support/osrm-stand-in.ts';
import { askOsrmTable } from './osrm.ts';

// OSRM's table service through its stand-in (tests/support/osrm-stand-in.ts), between real
// postcodes' places (tests/data/postcodes-io-examples.json).
let stand: OsrmStandIn;
const { 'CM8 3ET': witham, 'BR8 7RE': swanley, 'SW1A 2DD': whitehall } = examples.postcodes;

beforeAll(async () => {
  stand = await startOsrmStandIn();
});

afterAll(async () => {
  await stand?.close();
});

beforeEach(() => {
  stand.requests.length = 0;
  stand.setDown(null);
});

describe('OSRM’s table', () => {
  it('asks one table of durations and distances, writing longitude first', async () => {
    const answer = await askOsrmTable({ url: stand.origin }, [witham, swanley, whitehall]);
    expect(stand.requests.map((request) => request.path)).toEqual([
      '/table/v1/driving/0.635575,51.810886;0.178871,51.411831;-0.127149,51.507020?annotations=duration,distance',
    ]);
    expect(stand.mistakes).toEqual([]);
    if (answer.kind !== 'table') throw new Error(answer.reason);
    expect(answer.cells).toHaveLength(3);
    expect(answer.cells[0]![0]).toEqual({ seconds: 0, metres: 0 });
    const wayToSwanley = answer.cells[0]![1]!;
    // Witham to Swanley is about 35 miles as the crow flies; the stand-in's roads are 1.25 times it.
    expect(wayToSwanley.metres / 1609.344).toBeGreaterThan(40);
    expect(wayToSwanley.metres / 1609.344).toBeLessThan(50);
    expect(wayToSwanley.seconds).toBeCloseTo(wayToSwanley.metres / metresPerSecond, 0);
    expect(answer.cells[1]![0]).toEqual(wayToSwanley);
  });

  it('answers null cells for a point no road reaches', async () => {
    stand.cutOff(swanley);
    const answer = await askOsrmTable({ url: stand.origin }, [witham, swanley, whitehall]);
    if (answer.kind !== 'table') throw new Error(answer.reason);
    expect(answer.cells[0]![1]).toBeNull();
    expect(answer.cells[1]![2]).toBeNull();
    expect(answer.cells[0]![2]).not.toBeNull();
  });

  it('takes OSRM’s codes other than Ok, its failures and its silence as unavailable', async () => {
    const many = Array.from({ length: 100 }, (_, index) => ({
      latitude: 51.5 + index / 1000,
      longitude: 0.2,
    }));
    expect((await askOsrmTable({ url: stand.origin }, many)).kind).toBe('table');
    expect(await askOsrmTable({ url: stand.origin }, [...many, witham])).toEqual({
      kind: 'unavailable',
      reason: 'More than 100 points for one OSRM table',
    });
    expect(stand.requests).toHaveLength(1);

    stand.setDown('503');
    expect(await askOsrmTable({ url: stand.origin }, [witham, swanley])).toMatchObject({
      kind: 'unavailable',
      reason: 'OSRM answered 503',
    });
    stand.setDown('slow', { slowMs: 400 });
    expect(await askOsrmTable({ url: stand.origin, timeoutMs: 100 }, [witham, swanley])).toEqual({
      kind: 'unavailable',
      reason: 'No answer in time',
    });
    expect(await askOsrmTable({ url: 'http://127.0.0.1:9' }, [witham, swanley])).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/^Could not be reached/),
    });
  });

  it('reads OSRM’s own error codes, TooBig and InvalidValue, as unavailable', async () => {
    // An OSRM started with a smaller --max-table-size than its default.
    stand.limits.maxPoints = 2;
    try {
      expect(await askOsrmTable({ url: stand.origin }, [witham, swanley, whitehall])).toEqual({
        kind: 'unavailable',
        reason: 'OSRM answered TooBig: Too many table coordinates (400)',
      });
    } finally {
      stand.limits.maxPoints = 100;
    }
    expect(await askOsrmTable({ url: stand.origin }, [witham, { latitude: 91, longitude: 0 }])).toEqual({
      kind: 'unavailable',
      reason: 'OSRM answered InvalidValue: Invalid coordinate value. (400)',
    });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { estimatedLeg } from '#common/routing/geo.ts';
import examples from '#tests/data/postcodes-io-examples.json' with { type: 'json' };
import { startOsrmStandIn, type OsrmStandIn } from '#tests/support/osrm-stand-in.ts';
import type { ServiceCheck } from '../db/service-checks.ts';
import type { RoutingServiceNotes } from './status.ts';
import { forgetTravelTables, travelTable } from './travel.ts';

// The drives between places: OSRM's (its stand-in, whose roads are 1.25 times the straight line
// at 30 mph) where it answers, the routes settings' estimate elsewhere.
let stand: OsrmStandIn;
const {
  'CM8 3ET': witham,
  'BR8 7RE': swanley,
  'SW1A 2DD': whitehall,
  'NW1 9HZ': camden,
} = examples.postcodes;
const estimate = { averageMph: 25, roadFactor: 1.3 };
const noted: string[] = [];
const notes: RoutingServiceNotes = {
  success: async (service) => void noted.push(`${service} ok`),
  failure: async (service, reason) => void noted.push(`${service} failed: ${reason}`),
  of: async (): Promise<ServiceCheck[]> => [],
};

beforeAll(async () => {
  stand = await startOsrmStandIn();
});

afterAll(async () => {
  await stand?.close();
});

beforeEach(() => {
  stand.requests.length = 0;
  stand.setDown(null);
  forgetTravelTables();
  noted.length = 0;
});

const osrm = () => ({ osrm: { url: stand.origin }, timeoutMs: 200, notes });

describe('the drives between places', () => {
  it('are OSRM’s, in minutes and miles, from one table request', async () => {
    const table = await travelTable(osrm(), [witham, swanley, whitehall], estimate);
    expect(table.source).toBe('osrm');
    expect(stand.requests).toHaveLength(1);
    expect(table.legs(1, 1)).toEqual({ minutes: 0, miles: 0 });
    const leg = table.legs(0, 1);
    const straight = estimatedLeg(witham, swanley, { averageMph: 60, roadFactor: 1 }).miles;
    // The stand-in's road: 1.25 times the straight line, at 30 mph.
    expect(leg.miles).toBeCloseTo(straight * 1.25, 1);
    expect(leg.minutes).toBeCloseTo((leg.miles / 30) * 60, 1);
    expect(noted).toEqual(['osrm ok']);
  });

  it('keeps OSRM’s table for the same points, and asks again for others', async () => {
    await travelTable(osrm(), [witham, swanley], estimate);
    const again = await travelTable(osrm(), [witham, swanley], estimate);
    expect(again.source).toBe('osrm');
    expect(stand.requests).toHaveLength(1);
    await travelTable(osrm(), [swanley, witham], estimate);
    expect(stand.requests).toHaveLength(2);
  });

  it('estimates the pairs OSRM finds no road between', async () => {
    stand.cutOff(camden);
    const table = await travelTable(osrm(), [witham, camden, whitehall], estimate);
    expect(table.source).toBe('osrm');
    expect(table.legs(0, 1)).toEqual(estimatedLeg(witham, camden, estimate));
    expect(table.legs(1, 2)).toEqual(estimatedLeg(camden, whitehall, estimate));
    expect(table.legs(0, 2)).not.toEqual(estimatedLeg(witham, whitehall, estimate));
  });

  it('are all estimated while OSRM is down or slow, and the failure noted for staff', async () => {
    stand.setDown('503');
    const table = await travelTable(osrm(), [witham, swanley], estimate);
    expect(table.source).toBe('estimate');
    expect(table.legs(0, 1)).toEqual(estimatedLeg(witham, swanley, estimate));
    expect(table.legs(0, 0)).toEqual({ minutes: 0, miles: 0 });
    stand.setDown('slow', { slowMs: 500 });
    expect((await travelTable(osrm(), [witham, swanley], estimate)).source).toBe('estimate');
    expect(noted).toEqual(['osrm failed: OSRM answered 503', 'osrm failed: No answer in time']);
    // Nothing kept from a failure: OSRM is asked again once it answers.
    stand.setDown(null);
    expect((await travelTable(osrm(), [witham, swanley], estimate)).source).toBe('osrm');
  });

  it('are estimated for more points than OSRM takes at once', async () => {
    const many = Array.from({ length: 101 }, (_, index) => ({
      latitude: 51.5 + index / 1000,
      longitude: 0.2,
    }));
    const table = await travelTable(osrm(), many, estimate);
    expect(table.source).toBe('estimate');
    expect(stand.requests).toEqual([]);
  });

  it('are estimated without OSRM set up', async () => {
    const table = await travelTable({ osrm: null }, [witham, swanley], estimate);
    expect(table).toMatchObject({ source: 'estimate' });
    expect(table.legs(1, 0)).toEqual(estimatedLeg(swanley, witham, estimate));
    expect(stand.requests).toEqual([]);
  });
});

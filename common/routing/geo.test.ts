import { describe, expect, it } from 'vitest';
import { estimatedLeg, straightMiles } from './geo.ts';

const heathrow = { latitude: 51.47, longitude: -0.4543 };
const kennedy = { latitude: 40.6413, longitude: -73.7781 };

describe('the straight line between two places', () => {
  it('is the great-circle distance: Heathrow to New York JFK is about 3,451 miles', () => {
    const miles = straightMiles(heathrow, kennedy);
    expect(Math.abs(miles - 3451) / 3451).toBeLessThan(0.005);
  });

  it('is 69.09 miles for one degree of latitude, on any meridian', () => {
    // A degree of a great circle: 2π × 3,958.7613 miles / 360.
    expect(straightMiles({ latitude: 51, longitude: 0 }, { latitude: 52, longitude: 0 })).toBeCloseTo(
      69.093,
      3,
    );
    expect(straightMiles({ latitude: -10, longitude: 120 }, { latitude: -11, longitude: 120 })).toBeCloseTo(
      69.093,
      3,
    );
  });

  it('is shorter for a degree of longitude away from the equator (by the cosine of the latitude)', () => {
    const atLondon = straightMiles({ latitude: 51.5, longitude: 0 }, { latitude: 51.5, longitude: 1 });
    expect(atLondon).toBeCloseTo(69.093 * Math.cos((51.5 * Math.PI) / 180), 1);
  });

  it('is the same both ways, and nothing from a place to itself', () => {
    expect(straightMiles(kennedy, heathrow)).toBeCloseTo(straightMiles(heathrow, kennedy), 9);
    expect(straightMiles(heathrow, heathrow)).toBe(0);
  });
});

describe('a drive estimated from the straight line', () => {
  it('is the straight line times the road factor, at the average speed', () => {
    const a = { latitude: 51.58, longitude: 0.21 };
    const b = { latitude: 51.5, longitude: 0.1 };
    const straight = straightMiles(a, b);
    const leg = estimatedLeg(a, b, { averageMph: 25, roadFactor: 1.3 });
    expect(leg.miles).toBeCloseTo(straight * 1.3, 9);
    expect(leg.minutes).toBeCloseTo(((straight * 1.3) / 25) * 60, 9);
  });

  it('takes an hour for 25 road miles at 25 mph', () => {
    const equator = { latitude: 0, longitude: 0 };
    const north = { latitude: 25 / 69.093 / 1.3, longitude: 0 };
    const leg = estimatedLeg(equator, north, { averageMph: 25, roadFactor: 1.3 });
    expect(leg.miles).toBeCloseTo(25, 2);
    expect(leg.minutes).toBeCloseTo(60, 1);
  });
});

import { describe, expect, it } from 'vitest';
import { callOutPenceFor, nearbyCallOutPence } from './bands.ts';
import { defaultRouteSettings } from './settings.ts';

describe('the call-out charge by distance', () => {
  const bands = defaultRouteSettings.callOutBands; // free to 5 miles, £10 to 15, £20 to 30

  it('is the first band that reaches that far, its edge included', () => {
    expect(callOutPenceFor(0, bands)).toBe(0);
    expect(callOutPenceFor(5, bands)).toBe(0);
    expect(callOutPenceFor(5.01, bands)).toBe(1000);
    expect(callOutPenceFor(15, bands)).toBe(1000);
    expect(callOutPenceFor(15.0001, bands)).toBe(2000);
    expect(callOutPenceFor(30, bands)).toBe(2000);
  });

  it('is none beyond the last band: mobile fitting is not booked there', () => {
    expect(callOutPenceFor(30.01, bands)).toBeNull();
    expect(callOutPenceFor(200, bands)).toBeNull();
    expect(callOutPenceFor(Infinity, bands)).toBeNull();
  });

  it('is nothing, with no limit, when no bands are set', () => {
    expect(callOutPenceFor(0, [])).toBe(0);
    expect(callOutPenceFor(500, [])).toBe(0);
  });

  it('follows a single band', () => {
    expect(callOutPenceFor(12, [{ upToMiles: 12, pence: 1500 }])).toBe(1500);
    expect(callOutPenceFor(12.1, [{ upToMiles: 12, pence: 1500 }])).toBeNull();
  });
});

describe('the call-out charge of a nearby slot', () => {
  it('has the discount taken off when a van is nearby', () => {
    expect(nearbyCallOutPence(2000, true, 500)).toBe(1500);
    expect(nearbyCallOutPence(2000, true, 2000)).toBe(0);
  });

  it('is the full charge when no van is nearby', () => {
    expect(nearbyCallOutPence(2000, false, 500)).toBe(2000);
    expect(nearbyCallOutPence(0, false, 500)).toBe(0);
  });

  it('never falls below nothing', () => {
    expect(nearbyCallOutPence(1000, true, 1500)).toBe(0);
    expect(nearbyCallOutPence(0, true, 500)).toBe(0);
  });
});

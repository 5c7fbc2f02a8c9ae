import { describe, expect, it } from 'vitest';
import { addDays, daysEnding, londonDay } from './london.ts';

describe('London days', () => {
  it.each([
    // Winter (GMT): London midnight is UTC midnight.
    ['2026-01-15T23:59:59Z', '2026-01-15'],
    ['2026-01-16T00:00:00Z', '2026-01-16'],
    // Clocks go forward at 01:00 UTC on the last Sunday of March (29 March 2026).
    ['2026-03-28T23:59:59Z', '2026-03-28'],
    ['2026-03-29T00:30:00Z', '2026-03-29'],
    ['2026-03-29T22:59:59Z', '2026-03-29'],
    ['2026-03-29T23:00:00Z', '2026-03-30'], // midnight BST
    // Summer (BST): London midnight is 23:00 UTC the day before.
    ['2026-07-01T22:59:59Z', '2026-07-01'],
    ['2026-07-01T23:00:00Z', '2026-07-02'],
    // Clocks go back at 01:00 UTC on the last Sunday of October (25 October 2026).
    ['2026-10-24T22:59:59Z', '2026-10-24'],
    ['2026-10-24T23:00:00Z', '2026-10-25'],
    ['2026-10-25T00:59:59Z', '2026-10-25'], // 01:59 BST, then 01:00 GMT again
    ['2026-10-25T23:59:59Z', '2026-10-25'],
    ['2026-10-26T00:00:00Z', '2026-10-26'],
  ])('%s is on %s in London', (instant, day) => {
    expect(londonDay(new Date(instant))).toBe(day);
  });

  it('counts calendar days across the clock changes and month ends', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysEnding('2026-10-26', 3)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });
});

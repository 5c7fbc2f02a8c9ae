import { afterAll, describe, expect, it } from 'vitest';
import { shiftClockTo } from '#tests/support/shifted-clock.ts';
import { calendarMoments } from './calendar-moments.mjs';

/** London's time zone at an instant: "GMT" or "BST". */
const londonOffset = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((part) => part.type === 'timeZoneName')!.value;

describe('the calendar run’s moments', () => {
  it('fall each side of both UK clock changes, on a month’s last day and late on a year’s last day', () => {
    const instants = calendarMoments.map(({ instant }) => instant);
    expect(instants.map(londonOffset)).toEqual(['GMT', 'GMT', 'BST', 'BST', 'GMT']);
    expect(instants[0]).toMatch(/^\d{4}-12-31T23:/);
    // Before and after each change: the same night, 40 minutes apart.
    for (const first of [1, 3]) {
      expect(Date.parse(instants[first + 1]!) - Date.parse(instants[first]!)).toBe(40 * 60_000);
    }
    expect(instants[3]!.slice(0, 10)).toBe('2027-10-31');
  });

  it('run the database tests on the year’s last day and on each change’s side of the new offset', () => {
    const database = calendarMoments.filter((moment) => moment.database).map(({ instant }) => instant);
    expect(database.map(londonOffset)).toEqual(['GMT', 'BST', 'GMT']);
    expect(database[0]).toBe(calendarMoments[0]!.instant);
    // The other side of each change falls on the same London day.
    const londonDay = (instant: string) =>
      new Date(instant).toLocaleDateString('en-GB', { timeZone: 'Europe/London' });
    for (const [before, after] of [
      [1, 2],
      [3, 4],
    ] as const) {
      expect(calendarMoments[after]!.database).toBe(true);
      expect(londonDay(calendarMoments[before]!.instant)).toBe(londonDay(calendarMoments[after]!.instant));
    }
  });
});

// Only where this worker's clock is not moved already (a run with TEST_CLOCK set keeps its own).
const state = globalThis as { shiftedClock?: unknown };
describe.skipIf(state.shiftedClock !== undefined)('shiftClockTo', () => {
  const RealDate = Date;
  afterAll(() => {
    globalThis.Date = RealDate;
    delete state.shiftedClock;
  });

  const near = (ms: number, instant: string) => Math.abs(ms - Date.parse(instant)) < 5_000;

  it('moves Date to a moment, to another for a file of another moment, and back to today', () => {
    const [year, spring] = [calendarMoments[0]!.instant, calendarMoments[1]!.instant];
    shiftClockTo(year);
    expect(near(Date.now(), year)).toBe(true);
    expect(near(new Date().getTime(), year)).toBe(true);
    // A date given stays that date.
    expect(new Date('2026-01-01T00:00:00Z').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    shiftClockTo(spring);
    expect(near(Date.now(), spring)).toBe(true);
    // The same moment again (another file of it): the clock runs on, not set back.
    const before = Date.now();
    shiftClockTo(spring);
    expect(Date.now()).toBeGreaterThanOrEqual(before);
    shiftClockTo(undefined);
    expect(Math.abs(Date.now() - RealDate.now())).toBeLessThan(5);
  });
});

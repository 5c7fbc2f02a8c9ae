import { describe, expect, it } from 'vitest';
import { arrivals, clockTime } from './day-route.ts';
import type { Legs } from './plan.ts';
import {
  byRoute,
  dayPoints,
  legsWithExtra,
  nearestStart,
  nextToJobWithin,
  onSiteMinutes,
  reachingVan,
  vanDays,
  type DayJob,
  type Van,
} from './vans.ts';

/** Places on a line, a mile apart per unit of longitude here; a mile takes two minutes. */
const at = (x: number) => ({ latitude: 0, longitude: x });
const lineLegs =
  (points: readonly { longitude: number }[]): Legs =>
  (from, to) => {
    const miles = Math.abs(points[from]!.longitude - points[to]!.longitude);
    return { miles, minutes: miles * 2 };
  };

const job = (id: number, overrides: Partial<DayJob>): DayJob => ({
  id,
  start: '09:00',
  end: '10:00',
  onSite: 30,
  place: at(0),
  van: null,
  fitterId: null,
  position: null,
  ...overrides,
});

const vans: Van[] = [
  { name: 'West', fitterId: 1, place: at(0) },
  { name: 'East', fitterId: null, place: at(100) },
];

describe('a day of the vans', () => {
  it('puts each job on its fitter’s van, else the van it was booked on, else where it adds least', () => {
    const jobs = [
      job(1, { fitterId: 1, place: at(90) }),
      job(2, { van: 'East', place: at(95) }),
      job(3, { place: at(99), start: '11:00', end: '12:00' }),
    ];
    const { points, jobPoint } = dayPoints(vans, jobs);
    const days = vanDays(vans, jobs, jobPoint, lineLegs(points));
    expect(days.map((day) => day.stops.map((stop) => stop.id))).toEqual([[1], [2, 3]]);
  });

  it('keeps the office’s order, a job booked since falling in by its window’s start', () => {
    const jobs = [
      job(1, { van: 'West', start: '08:00', end: '09:00', position: 560 }),
      job(2, { van: 'West', start: '09:00', end: '10:00', position: 490 }),
      job(3, { van: 'West', start: '08:30', end: '09:30' }),
    ];
    expect([...jobs].sort(byRoute).map((entry) => entry.id)).toEqual([2, 3, 1]);
  });

  it('offers a window only to a van that can reach it and still make its next job', () => {
    // West has a job at 60 miles from 09:00; a customer at 0 at 09:00-10:00 is 2 hours away.
    const jobs = [job(1, { van: 'West', place: at(60) })];
    const customer = at(0);
    const { points, jobPoint, extraPoints } = dayPoints([vans[0]!], jobs, [customer]);
    const legs = lineLegs(points);
    const days = vanDays([vans[0]!], jobs, jobPoint, legs);
    const point = extraPoints[0]!;
    expect(reachingVan(days, { start: '09:00', end: '10:00', onSite: 30 }, point, legs)).toBeNull();
    // At 11:00 the van has finished (09:30) and driven 120 minutes: there at 11:30, inside 11:00-12:00.
    expect(reachingVan(days, { start: '11:00', end: '12:00', onSite: 30 }, point, legs)).toMatchObject({
      vans: 1,
      addedMinutes: 120,
    });
    // 08:00-08:30 first, then on to the 09:00 job 60 miles away: 08:00 + 30 + 120 > 10:00.
    expect(reachingVan(days, { start: '08:00', end: '08:30', onSite: 30 }, point, legs)).toBeNull();
  });

  it('measures the call-out from the nearest start, and knows a job next to where a new one goes', () => {
    const jobs = [job(1, { van: 'East', place: at(97) })];
    const { points, jobPoint, extraPoints } = dayPoints(vans, jobs, [at(95)]);
    const legs = lineLegs(points);
    expect(nearestStart(vans.length, extraPoints[0]!, legs)).toEqual({ miles: 5, minutes: 10 });
    const [, east] = vanDays(vans, jobs, jobPoint, legs);
    // Put in before the job at 97 (index 0), or after it (index 1): next to it either way.
    expect(nextToJobWithin(east!, 0, extraPoints[0]!, 2, legs)).toBe(true);
    expect(nextToJobWithin(east!, 1, extraPoints[0]!, 2, legs)).toBe(true);
    expect(nextToJobWithin(east!, 0, extraPoints[0]!, 1.9, legs)).toBe(false);
  });

  it('times a tyre service per tyre, and a service not named at 30 minutes', () => {
    const settings = { onSiteMinutes: { 'tyre-replacement': 20 } };
    expect(onSiteMinutes(settings, 'tyre-replacement', 4)).toBe(80);
    expect(onSiteMinutes(settings, 'tyre-replacement', null)).toBe(20);
    expect(onSiteMinutes(settings, 'puncture-repair', null)).toBe(30);
  });
});

describe('a kept day with the customer asking', () => {
  it('answers the day’s own legs from the kept ones, and works out each leg to and from the customer once', () => {
    const kept: string[] = [];
    const asked: string[] = [];
    const base: Legs = (from, to) => {
      kept.push(`${from}-${to}`);
      return { miles: 1, minutes: 2 };
    };
    const legs = legsWithExtra(base, 3, (other, toExtra) => {
      asked.push(toExtra ? `${other}->c` : `c->${other}`);
      return { miles: 10 + other, minutes: 20 + other };
    });
    expect(legs(0, 2)).toEqual({ miles: 1, minutes: 2 });
    expect(legs(1, 3)).toEqual({ miles: 11, minutes: 21 });
    expect(legs(3, 2)).toEqual({ miles: 12, minutes: 22 });
    expect(legs(1, 3)).toEqual({ miles: 11, minutes: 21 });
    expect(legs(3, 3)).toEqual({ miles: 0, minutes: 0 });
    expect(kept).toEqual(['0-2']);
    expect(asked).toEqual(['1->c', 'c->2']);
  });
});

describe('a fitter’s day as a route', () => {
  it('tells each arrival, however late, from the start or the window’s opening', () => {
    const points = [at(0), at(10), at(70)];
    const stops = [
      { id: 1, at: 1, from: 540, until: 600, onSite: 30 },
      { id: 2, at: 2, from: 540, until: 600, onSite: 30 },
    ];
    expect(arrivals(0, stops, lineLegs(points))).toEqual([
      { arrival: 540, leg: { miles: 10, minutes: 20 }, late: false },
      { arrival: 690, leg: { miles: 60, minutes: 120 }, late: true },
    ]);
    expect(arrivals(null, stops, lineLegs(points))[0]).toEqual({
      arrival: 540,
      leg: { miles: 0, minutes: 0 },
      late: false,
    });
  });

  it('writes minutes after midnight as a wall-clock time', () => {
    expect(clockTime(545)).toBe('09:05');
    expect(clockTime(569.6)).toBe('09:30');
    expect(clockTime(24 * 60 + 5)).toBe('23:59');
  });
});

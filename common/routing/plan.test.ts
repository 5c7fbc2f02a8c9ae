import { describe, expect, it } from 'vitest';
import { bestInsertion, orderRoute, routeTotals, timeline, type Legs, type RouteStop } from './plan.ts';

/** The reachability rule as booking asks it: some place in the day works. */
const reachable = <Id>(...args: Parameters<typeof bestInsertion<Id>>) => bestInsertion(...args) !== null;

/** Places along one road: a point is its distance in minutes from the van's start, at 30 mph. */
const road: Legs = (from, to) => ({ minutes: Math.abs(to - from), miles: Math.abs(to - from) / 2 });

const hour = (hours: number) => hours * 60;

let lastId = 0;
const makeStop = (overrides: Partial<RouteStop<string>> = {}): RouteStop<string> => ({
  id: `job-${++lastId}`,
  at: 10,
  from: hour(8),
  until: hour(18),
  onSite: 30,
  ...overrides,
});

describe('a day’s timeline', () => {
  it('reaches the first stop as its window opens, the drive from the start still counted', () => {
    const first = makeStop({ at: 20, from: hour(9), until: hour(10) });
    expect(timeline(0, [first], road)).toEqual([
      { ...first, arrival: hour(9), driveMinutes: 20, driveMiles: 10 },
    ]);
  });

  it('drives on after the work, or waits for the next window to open', () => {
    const first = makeStop({ at: 10, from: hour(9), until: hour(10), onSite: 30 });
    const second = makeStop({ at: 25, from: hour(9), until: hour(11), onSite: 20 });
    const third = makeStop({ at: 5, from: hour(12), until: hour(13) });
    const timed = timeline(0, [first, second, third], road);
    expect(timed?.map((stop) => [stop.arrival, stop.driveMinutes, stop.driveMiles])).toEqual([
      [hour(9), 10, 5],
      [hour(9) + 45, 15, 7.5],
      [hour(12), 20, 10],
    ]);
    expect(routeTotals(timed!)).toEqual({ minutes: 45, miles: 22.5 });
  });

  it('keeps a window reached exactly as it closes, and misses it a minute later', () => {
    const first = makeStop({ at: 10, from: hour(9), onSite: 30 });
    expect(timeline(0, [first, makeStop({ at: 40, from: hour(9), until: hour(10) })], road)).not.toBeNull();
    expect(timeline(0, [first, makeStop({ at: 41, from: hour(9), until: hour(10) })], road)).toBeNull();
  });

  it('is empty for a day with no stops, its drive nothing', () => {
    expect(timeline(0, [], road)).toEqual([]);
    expect(routeTotals([])).toEqual({ minutes: 0, miles: 0 });
  });
});

describe('the reachability rule', () => {
  // The van's first job: 10 minutes out, 09:00 to 09:20, half an hour on site.
  const booked = makeStop({ at: 10, from: hour(9), until: hour(9) + 20, onSite: 30 });

  it('lets the van reach a customer exactly as the window closes, and not a minute after', () => {
    // Free at 09:30, 20 minutes on: arrives at 09:50.
    const justInTime = makeStop({ at: 30, from: hour(9), until: hour(9) + 50 });
    expect(bestInsertion(0, [booked], justInTime, road)).toEqual({
      index: 1,
      addedMinutes: 20,
      addedMiles: 10,
    });
    expect(reachable(0, [booked], justInTime, road)).toBe(true);
    const aMinuteShort = { ...justInTime, until: hour(9) + 49 };
    // Before the booked job instead, the van would reach it at 09:50, after its window.
    expect(bestInsertion(0, [booked], aMinuteShort, road)).toBeNull();
    expect(reachable(0, [booked], aMinuteShort, road)).toBe(false);
  });

  it('lets the van reach its next booked job exactly as that window closes, and not a minute late', () => {
    const first = makeStop({ at: 10, from: hour(9), until: hour(10), onSite: 30 });
    const next = (until: number) => makeStop({ at: 30, from: hour(10), until, onSite: 30 });
    // Between them: at 09:40, 30 minutes on site, 10 minutes on to the next job: 10:20.
    const between = makeStop({ at: 20, from: hour(9) + 30, until: hour(10) + 30, onSite: 30 });
    expect(bestInsertion(0, [first, next(hour(10) + 20)], between, road)).toEqual({
      index: 1,
      addedMinutes: 0,
      addedMiles: 0,
    });
    expect(bestInsertion(0, [first, next(hour(10) + 19)], between, road)).toBeNull();
    expect(reachable(0, [first, next(hour(10) + 19)], between, road)).toBe(false);
  });

  it('puts a stop before the first, between two, or after the last: wherever the drive grows least', () => {
    const day = [makeStop({ at: 10 }), makeStop({ at: 30 })];
    expect(bestInsertion(0, day, makeStop({ at: 5 }), road)).toEqual({
      index: 0,
      addedMinutes: 0,
      addedMiles: 0,
    });
    expect(bestInsertion(0, day, makeStop({ at: 20 }), road)).toEqual({
      index: 1,
      addedMinutes: 0,
      addedMiles: 0,
    });
    expect(bestInsertion(0, day, makeStop({ at: 45 }), road)).toEqual({
      index: 2,
      addedMinutes: 15,
      addedMiles: 7.5,
    });
  });

  it('puts a stop whose window comes before the van’s other jobs first, though the drive is longer', () => {
    const day = [
      makeStop({ at: 10, from: hour(12), until: hour(13) }),
      makeStop({ at: 30, from: hour(13), until: hour(14) }),
    ];
    const early = makeStop({ at: 30, from: hour(8), until: hour(10) });
    expect(bestInsertion(0, day, early, road)).toEqual({ index: 0, addedMinutes: 40, addedMiles: 20 });
  });

  it('puts a stop whose window comes after the van’s other jobs last', () => {
    const day = [
      makeStop({ at: 20, from: hour(8), until: hour(9) }),
      makeStop({ at: 40, from: hour(9), until: hour(10) }),
    ];
    const late = makeStop({ at: 10, from: hour(15), until: hour(16) });
    expect(bestInsertion(0, day, late, road)).toEqual({ index: 2, addedMinutes: 30, addedMiles: 15 });
  });

  it('takes the earliest place when two add the same drive', () => {
    const day = [makeStop({ at: 10 }), makeStop({ at: 10 })];
    expect(bestInsertion(0, day, makeStop({ at: 10 }), road)?.index).toBe(0);
  });

  it('puts a stop on an empty day, the drive from the start added', () => {
    expect(bestInsertion(0, [], makeStop({ at: 25 }), road)).toEqual({
      index: 0,
      addedMinutes: 25,
      addedMiles: 12.5,
    });
  });

  it('refuses a stop whose window cannot be met from any place', () => {
    const day = [makeStop({ at: 10, from: hour(9), until: hour(9), onSite: 4 * 60 })];
    expect(
      bestInsertion(0, day, makeStop({ at: 10, from: hour(9), until: hour(10), onSite: 60 }), road),
    ).toBeNull();
  });

  it('fits nothing into a day whose booked order already misses a window', () => {
    const day = [
      makeStop({ at: 10, from: hour(9), until: hour(18), onSite: 30 }),
      // Reached at 09:40 by this order: after its window.
      makeStop({ at: 20, from: hour(8), until: hour(8) + 30 }),
    ];
    // Put first, it leaves the first job's arrival as booked and the second still late; put after
    // the first job, it makes the second later still.
    const early = makeStop({ at: 10, from: hour(8), until: hour(18), onSite: 10 });
    expect(bestInsertion(0, day, early, road)).toBeNull();
    expect(reachable(0, day, early, road)).toBe(false);
  });

  it('agrees with trying every place on the whole timeline, on random days and drive tables', () => {
    const random = mulberry32(7);
    let reachable = 0;
    for (let day = 0; day < 500; day++) {
      const { stops, legs, tour } = randomDay(random, 1 + Math.floor(random() * 9), day % 2 === 0);
      // One stop taken out of a tour that keeps every window, put back with its own window or,
      // half the time, a random window of up to an hour.
      const others = tour.map((index) => stops[index]!);
      const [taken] = others.splice(Math.floor(random() * others.length), 1);
      const opens = hour(8) + random() * hour(8);
      const stop = random() < 0.5 ? taken! : { ...taken!, from: opens, until: opens + random() * 60 };
      const expected = insertionByTimeline(0, others, stop, legs);
      const found = bestInsertion(0, others, stop, legs);
      if (!expected) {
        expect(found).toBeNull();
        continue;
      }
      reachable++;
      expect(found?.index).toBe(expected.index);
      expect(found?.addedMinutes).toBeCloseTo(expected.addedMinutes, 9);
      expect(found?.addedMiles).toBeCloseTo(expected.addedMiles, 9);
    }
    // Both outcomes are well exercised.
    expect(reachable).toBeGreaterThan(100);
    expect(reachable).toBeLessThan(450);
  });
});

describe('the day in route order', () => {
  it('visits the stops along the road when their windows allow', () => {
    const [near, middle, far] = [10, 20, 30].map((at) => makeStop({ at }));
    const ordered = orderRoute(0, [far!, near!, middle!], road);
    expect(ordered?.stops.map((stop) => stop.id)).toEqual([near!.id, middle!.id, far!.id]);
    expect(ordered).toMatchObject({ minutes: 30, miles: 15 });
  });

  it('keeps every window though a shorter drive would miss one', () => {
    const far = makeStop({ at: 30, from: hour(8), until: hour(9) });
    const near = makeStop({ at: 10, from: hour(11), until: hour(12) });
    const ordered = orderRoute(0, [near, far], road);
    expect(ordered?.stops.map((stop) => [stop.id, stop.arrival])).toEqual([
      [far.id, hour(8)],
      [near.id, hour(11)],
    ]);
    expect(ordered?.minutes).toBe(50);
  });

  it('is nothing for a day with no stops', () => {
    expect(orderRoute(0, [], road)).toEqual({ stops: [], minutes: 0, miles: 0 });
  });

  it('is none when no order keeps every window', () => {
    const first = makeStop({ at: 10, from: hour(9), until: hour(9), onSite: 60 });
    const second = makeStop({ at: 20, from: hour(9), until: hour(9), onSite: 60 });
    expect(orderRoute(0, [first, second], road)).toBeNull();
  });

  it('is the shortest order that keeps every window, on random days of up to eight stops', () => {
    const random = mulberry32(2026);
    for (let day = 0; day < 200; day++) {
      const { stops, legs, tour } = randomDay(random, 3 + Math.floor(random() * 6), true);
      // Half the days come as a feasible tour, half in an order that may miss windows.
      const given = day % 2 === 0 ? tour.map((index) => stops[index]!) : stops;
      const ordered = orderRoute(0, given, legs);
      expectKeptAndNoLonger(ordered, given, legs);
      expect(ordered!.minutes).toBeCloseTo(shortestByBruteForce(0, given, legs)!, 9);
    }
  });

  it('keeps every window and is never longer than the day as given, on random days of more stops', () => {
    const random = mulberry32(14);
    for (let day = 0; day < 12; day++) {
      const { stops, legs, tour } = randomDay(random, 13 + (day % 3), true);
      const given = day % 2 === 0 ? tour.map((index) => stops[index]!) : stops;
      expectKeptAndNoLonger(orderRoute(0, given, legs), given, legs);
    }
  });

  it('comes back the same for the same day', () => {
    const random = mulberry32(11);
    const { stops, legs } = randomDay(random, 8, true);
    expect(orderRoute(0, stops, legs)).toEqual(orderRoute(0, stops, legs));
  });
});

/**
 * An ordered day that keeps every window, has every stop of the day as given once, adds up its
 * drive, and drives no further than the day as given when that keeps its windows.
 */
function expectKeptAndNoLonger<Id>(
  ordered: ReturnType<typeof orderRoute<Id>>,
  given: RouteStop<Id>[],
  legs: Legs,
) {
  expect(ordered).not.toBeNull();
  const { stops, minutes, miles } = ordered!;
  expect(timeline(0, stops, legs)).toEqual(stops);
  expect(stops.map((stop) => stop.id).sort()).toEqual(given.map((stop) => stop.id).sort());
  expect({ minutes, miles }).toEqual(routeTotals(stops));
  const asGiven = timeline(0, given, legs);
  if (asGiven) expect(minutes).toBeLessThanOrEqual(routeTotals(asGiven).minutes + 1e-9);
}

/** A seeded source of numbers in [0, 1): the same days on every run. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random day of `count` stops that some order keeps: places on a plane 30 miles across (point 0
 * the start) driven in straight lines at 30 mph, or (`onPlane` false) a table of drives with no
 * geometry at all; the windows set around the arrivals of a random tour, some tight, some loose.
 */
function randomDay(random: () => number, count: number, onPlane: boolean) {
  const places = Array.from({ length: count + 1 }, () => ({ x: random() * 30, y: random() * 30 }));
  const table = places.map(() => places.map(() => 5 + random() * 55));
  const legs: Legs = onPlane
    ? (from, to) => {
        const miles = Math.hypot(places[to]!.x - places[from]!.x, places[to]!.y - places[from]!.y);
        return { minutes: miles * 2, miles };
      }
    : (from, to) => ({
        minutes: from === to ? 0 : table[from]![to]!,
        miles: from === to ? 0 : table[to]![from]!,
      });
  const slack = [5, 20, 60, 180][Math.floor(random() * 4)]!;
  const tour = Array.from({ length: count }, (_, index) => index);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [tour[i], tour[j]] = [tour[j]!, tour[i]!];
  }
  const stops: RouteStop<string>[] = new Array<RouteStop<string>>(count);
  let point = 0;
  let free = hour(8);
  for (const index of tour) {
    const at = index + 1;
    const arrival = free + legs(point, at).minutes + random() * 30;
    const onSite = 15 + Math.floor(random() * 31);
    stops[index] = {
      id: `stop-${index}`,
      at,
      from: arrival - random() * slack,
      until: arrival + random() * slack,
      onSite,
    };
    point = at;
    free = arrival + onSite;
  }
  return { stops, legs, tour };
}

/** Every place for `stop` tried by building the whole timeline, the drive summed afresh. */
function insertionByTimeline<Id>(start: number, stops: RouteStop<Id>[], stop: RouteStop<Id>, legs: Legs) {
  const drive = (order: RouteStop<Id>[]) => {
    let minutes = 0;
    let miles = 0;
    order.forEach((next, index) => {
      const leg = legs(index === 0 ? start : order[index - 1]!.at, next.at);
      minutes += leg.minutes;
      miles += leg.miles;
    });
    return { minutes, miles };
  };
  const before = drive(stops);
  let best: { index: number; addedMinutes: number; addedMiles: number } | null = null;
  for (let index = 0; index <= stops.length; index++) {
    const order = [...stops.slice(0, index), stop, ...stops.slice(index)];
    if (!timeline(start, order, legs)) continue;
    const after = drive(order);
    const addedMinutes = after.minutes - before.minutes;
    if (!best || addedMinutes < best.addedMinutes - 1e-9) {
      best = { index, addedMinutes, addedMiles: after.miles - before.miles };
    }
  }
  return best;
}

/** The shortest drive of any order that keeps every window, by trying them all. */
function shortestByBruteForce<Id>(start: number, stops: RouteStop<Id>[], legs: Legs): number | null {
  let best: number | null = null;
  const used = stops.map(() => false);
  const visit = (depth: number, point: number, free: number, minutes: number) => {
    if (best !== null && minutes >= best) return;
    if (depth === stops.length) {
      best = minutes;
      return;
    }
    stops.forEach((stop, index) => {
      if (used[index]) return;
      const leg = legs(point, stop.at).minutes;
      const arrival = depth === 0 ? stop.from : Math.max(stop.from, free + leg);
      if (arrival > stop.until + 1e-9) return;
      used[index] = true;
      visit(depth + 1, stop.at, arrival + stop.onSite, minutes + leg);
      used[index] = false;
    });
  };
  visit(0, start, 0, 0);
  return best;
}

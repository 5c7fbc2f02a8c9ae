import { driveIfOnTime, tolerance, type Legs, type RouteStop } from './stops.ts';

/**
 * The searches behind the day in route order (orderRoute in plan.ts): the shortest order there
 * is, for a day of a van's usual size, and for a longer day a first order and its shortening by
 * local changes. Orders are lists of indexes into the day's stops.
 */

/**
 * The shortest order of the day's stops that keeps every window, or null when none does. For each
 * set of stops visited and the last of them, the ways there worth going on from are kept: one
 * that drives further and is free no sooner than another is not (waiting is allowed, so being
 * free sooner never makes a later window harder to meet).
 */
export function shortestOrder<Id>(
  start: number,
  stops: readonly RouteStop<Id>[],
  legs: Legs,
): number[] | null {
  type Way = { minutes: number; free: number; last: number; before: Way | null };
  const count = stops.length;
  if (count === 0) return [];
  const points = [start, ...stops.map((stop) => stop.at)];
  const drive = points.map((from) => points.map((to) => legs(from, to).minutes));
  const ways: Way[][] = new Array<Way[]>((1 << count) * count);
  const keep = (visited: number, way: Way) => {
    const key = visited * count + way.last;
    const kept = ways[key] ?? (ways[key] = []);
    if (kept.some((other) => other.minutes <= way.minutes && other.free <= way.free)) return;
    ways[key] = kept.filter((other) => !(other.minutes >= way.minutes && other.free >= way.free));
    ways[key]!.push(way);
  };

  stops.forEach((stop, last) => {
    if (stop.from <= stop.until + tolerance) {
      keep(1 << last, { minutes: drive[0]![last + 1]!, free: stop.from + stop.onSite, last, before: null });
    }
  });
  const everyStop = (1 << count) - 1;
  for (let visited = 1; visited < everyStop; visited++) {
    for (let last = 0; last < count; last++) {
      for (const way of ways[visited * count + last] ?? []) {
        for (let next = 0; next < count; next++) {
          if (visited & (1 << next)) continue;
          const stop = stops[next]!;
          const minutes = drive[last + 1]![next + 1]!;
          const arrival = Math.max(stop.from, way.free + minutes);
          if (!(arrival <= stop.until + tolerance)) continue;
          keep(visited | (1 << next), {
            minutes: way.minutes + minutes,
            free: arrival + stop.onSite,
            last: next,
            before: way,
          });
        }
      }
    }
  }

  let shortest: Way | null = null;
  for (let last = 0; last < count; last++) {
    for (const way of ways[everyStop * count + last] ?? []) {
      if (!shortest || way.minutes < shortest.minutes) shortest = way;
    }
  }
  const order: number[] = [];
  for (let way = shortest; way; way = way.before) order.unshift(way.last);
  return shortest ? order : null;
}

/**
 * Nearest first: from the start, on each time to the nearest stop not yet visited whose window
 * can still be met (the next nearest when it cannot). Null when the van is left with stops it
 * can no longer reach in time.
 */
export function nearestFirst<Id>(
  start: number,
  stops: readonly RouteStop<Id>[],
  legs: Legs,
): number[] | null {
  const order: number[] = [];
  const left = stops.map((_, index) => index);
  let point = start;
  let free = 0;
  while (left.length > 0) {
    const here = point;
    const drives = left.map((index) => ({ index, minutes: legs(here, stops[index]!.at).minutes }));
    drives.sort((a, b) => a.minutes - b.minutes || a.index - b.index);
    const next = drives.find(({ index, minutes }) => {
      const stop = stops[index]!;
      const arrival = order.length === 0 ? stop.from : Math.max(stop.from, free + minutes);
      return arrival <= stop.until + tolerance;
    });
    if (!next) return null;
    const stop = stops[next.index]!;
    const arrival = order.length === 0 ? stop.from : Math.max(stop.from, free + next.minutes);
    order.push(next.index);
    left.splice(left.indexOf(next.index), 1);
    point = stop.at;
    free = arrival + stop.onSite;
  }
  return order;
}

/**
 * A day's order shortened by local changes until none helps: a run of stops reversed (2-opt), or
 * a run of up to three moved elsewhere (or-opt). A change is kept only when every window is
 * still met and the drive falls.
 */
export function shorten<Id>(
  start: number,
  stops: readonly RouteStop<Id>[],
  route: { order: number[]; minutes: number },
  legs: Legs,
): { order: number[]; minutes: number } {
  let { order, minutes } = route;
  const count = order.length;
  const consider = (candidate: number[]) => {
    const drive = driveIfOnTime(start, stops, candidate, legs);
    if (drive === null || !(drive < minutes - tolerance)) return false;
    order = candidate;
    minutes = drive;
    return true;
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < count - 1; i++) {
      for (let j = i + 1; j < count; j++) {
        const reversed = [...order.slice(0, i), ...order.slice(i, j + 1).reverse(), ...order.slice(j + 1)];
        if (consider(reversed)) changed = true;
      }
    }
    for (let length = 1; length <= Math.min(3, count - 1); length++) {
      for (let i = 0; i + length <= count; i++) {
        const run = order.slice(i, i + length);
        const rest = [...order.slice(0, i), ...order.slice(i + length)];
        for (let place = 0; place <= rest.length; place++) {
          if (place === i) continue;
          if (consider([...rest.slice(0, place), ...run, ...rest.slice(place)])) {
            changed = true;
            break;
          }
        }
      }
    }
  }
  return { order, minutes };
}

import { fixedWindow } from '../http/rate-limit.ts';

/**
 * Hits per key in fixed windows, in this process's memory. Enough to stop one client flooding
 * the page-view counter: unlike the enquiry limit, a few more views when several server processes
 * run is harmless, and a database write per view would cost more than the view itself.
 */
export function createWindowCounter({
  max,
  windowMs,
  clock,
}: {
  max: number;
  windowMs: number;
  clock: () => Date;
}) {
  let windowStart = 0;
  let hits = new Map<string, number>();
  return {
    /** Counts a hit; null when within the limit, else how long until the window ends. */
    hit(key: string): { retryAfterSeconds: number } | null {
      const window = fixedWindow(clock(), windowMs);
      if (window.start !== windowStart) {
        windowStart = window.start;
        hits = new Map();
      }
      const count = (hits.get(key) ?? 0) + 1;
      hits.set(key, count);
      return count <= max ? null : { retryAfterSeconds: window.retryAfterSeconds };
    },
  };
}

import type { AvailabilityDay } from '#common/booking-slots.ts';

type Entry = {
  /** What the answer was worked out for (the settings in force and the minute). */
  version: string;
  expiresAt: number;
  days: Promise<AvailabilityDay[]>;
};

/** `days` with the window of `date` starting at `start` left with at most `free` places. */
function withFree(days: AvailabilityDay[], date: string, start: string, free: number): AvailabilityDay[] {
  return days.flatMap((day) => {
    if (day.date !== date) return [day];
    const windows = day.windows.flatMap((window) =>
      window.start !== start || window.free <= free ? [window] : free > 0 ? [{ ...window, free }] : [],
    );
    return windows.length > 0 ? [{ ...day, windows }] : [];
  });
}

/**
 * What can be booked at each location over the whole booking horizon, kept for a short while
 * (every visitor of the booking page asks, and every booking is checked against it before it
 * costs a statement). One answer per location, so the board stays as small as the list of
 * locations, and one read of the database per location and second however many days and
 * customers ask.
 *
 * A booking stored by this process tells the board how many places its window has left, so the
 * board never offers a window this process has filled; a place given back (a cancellation, a
 * move) clears it. A change made by another process shows once the answer expires. Either way a
 * booking is checked against the places left when it is stored, never against this copy.
 */
export class AvailabilityBoard {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, Entry>();

  constructor({ ttlMs }: { ttlMs: number }) {
    this.#ttlMs = ttlMs;
  }

  /**
   * The location's answer for `version`: the one kept if it is for that version and still fresh,
   * otherwise `load`'s, which concurrent callers share. A failed load is not kept.
   */
  get(location: string, version: string, load: () => Promise<AvailabilityDay[]>): Promise<AvailabilityDay[]> {
    const now = performance.now();
    const kept = this.#entries.get(location);
    if (kept && kept.version === version) {
      if (kept.expiresAt > now) return kept.days;
      if (process.env.ZZ_SWR) {
        // Expired: answered as it is while a fresh read replaces it.
        kept.expiresAt = now + this.#ttlMs;
        const stale = kept.days;
        const fresh = load();
        fresh.then(
          (days) => {
            if (this.#entries.get(location) === kept) kept.days = Promise.resolve(days);
          },
          () => undefined,
        );
        return stale;
      }
    }
    const entry: Entry = { version, expiresAt: now + this.#ttlMs, days: load() };
    this.#entries.set(location, entry);
    entry.days.catch(() => {
      if (this.#entries.get(location) === entry) this.#entries.delete(location);
    });
    return entry.days;
  }

  /**
   * A booking's statement found `free` places left in the window (never more than the board
   * shows: a load still under way may have read before the statement, so the news is applied
   * to whatever it answers).
   */
  noteFree(location: string, date: string, start: string, free: number) {
    const entry = this.#entries.get(location);
    if (!entry) return;
    entry.days = entry.days.then((days) => withFree(days, date, start, free));
    entry.days.catch(() => undefined);
  }

  /** Forgets every answer (places were given back). */
  clear() {
    this.#entries.clear();
  }
}

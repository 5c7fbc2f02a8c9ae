import type { AvailabilityDay } from '#common/bookings/slots.ts';
import { createReadCache } from '../http/read-cache.ts';

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
 * costs a statement). The answers are kept by places key (a location's tyre work, or a branch's
 * MOT testing or servicing, as common/bookings/branch-services.ts `placesKey` names them): one
 * answer per key at a time (the read cache drops those of past minutes), and one read of the
 * database per key and second however many days and customers ask.
 *
 * A booking stored by this process tells the board how many places its window has left, so the
 * board never offers a window this process has filled; a place given back (a cancellation, a
 * move) clears it. A change made by another process shows once the answer expires. Either way a
 * booking is checked against the places left when it is stored, never against this copy.
 */
export class AvailabilityBoard {
  readonly #answers: ReturnType<typeof createReadCache<AvailabilityDay[]>>;
  /** The key of each places key's current answer (its version changes with settings and time). */
  readonly #current = new Map<string, string>();
  #changes = 0;

  constructor({ ttlMs }: { ttlMs: number }) {
    this.#answers = createReadCache<AvailabilityDay[]>({ ttlMs });
  }

  /**
   * The answer for `places` (a places key) and `version` (the settings in force and the minute):
   * the one kept if it is still fresh, otherwise `load`'s, which concurrent callers share.
   */
  get(places: string, version: string, load: () => Promise<AvailabilityDay[]>): Promise<AvailabilityDay[]> {
    const key = `${places} ${version}`;
    this.#current.set(places, key);
    return this.#answers.get(key, load);
  }

  /**
   * A booking's statement found `free` places left in the window (never more than the board
   * shows: a load still under way may have read before the statement, so the news is applied
   * to whatever it answers).
   */
  noteFree(places: string, date: string, start: string, free: number) {
    const key = this.#current.get(places);
    this.#changes += 1;
    if (key) this.#answers.update(key, (days) => withFree(days, date, start, free));
  }

  /** Forgets every answer (places were given back). */
  clear() {
    this.#changes += 1;
    this.#answers.clear();
  }

  /**
   * How many times this process has changed what the board holds: what was worked out from it
   * stands (for as long as its answers are kept) while this stays the same.
   */
  get changes() {
    return this.#changes;
  }
}

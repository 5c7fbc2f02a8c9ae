/**
 * Runs a test file as if it were another moment: `TEST_CLOCK=2027-03-28T00:40:00Z`, or the
 * `testClock` a project provides (`npm run test:calendar`), moves `Date` (and so every clock the
 * product reads through it) to that instant when the file starts, and time then runs on as usual.
 * CI runs the unit and database tests again at a month's and a year's last day and on each side of
 * both UK clock changes, so that no test passes only on the day it was written. The database server keeps the real time: a date the product
 * takes from the database's `now()` rather than its own clock shows up as a failure there.
 */
export function shiftClockTo(instant: string | undefined): void {
  const state = globalThis as { shiftedClock?: ShiftedClock };
  const target = instant ? Date.parse(instant) : undefined;
  if (Number.isNaN(target)) throw new Error(`TEST_CLOCK is not an instant: ${instant}`);
  // Today's runs leave `Date` as it is.
  if (!state.shiftedClock && !instant) return;
  // Every test file of a worker runs the setup file: the files of one moment keep the clock the
  // first of them set, running on; a file of another moment (or of today) sets it again.
  const clock = (state.shiftedClock ??= withShiftedDate());
  const wanted = instant ?? '';
  if (clock.instant === wanted) return;
  clock.instant = wanted;
  clock.offset = target === undefined ? 0 : target - clock.realNow();
}

type ShiftedClock = { instant: string; offset: number; realNow: () => number };

/** Puts a `Date` in place that runs `offset` ms from the real time (none at first). */
function withShiftedDate(): ShiftedClock {
  const RealDate = Date;
  const clock: ShiftedClock = { instant: '', offset: 0, realNow: () => RealDate.now() };
  class ShiftedDate extends RealDate {
    constructor(...args: [] | [string | number | Date] | [number, number, ...number[]]) {
      if (args.length === 0) super(RealDate.now() + clock.offset);
      else if (args.length === 1) super(args[0]);
      else super(...(args as [number, number, ...number[]]));
    }

    static override now(): number {
      return RealDate.now() + clock.offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
  return clock;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The moment a project's files run at (vitest.config.ts, the calendar run). */
    testClock?: string;
  }
}

/**
 * Runs a test process as if it were another moment: `TEST_CLOCK=2027-03-28T00:40:00Z` moves the
 * process's `Date` (and so every clock the product reads through it) to that instant when the
 * process starts, and time then runs on as usual. CI runs the unit and database tests again at a
 * month's and a year's last day and on each side of both UK clock changes, so that no test passes
 * only on the day it was written. The database server keeps the real time: a date the product
 * takes from the database's `now()` rather than its own clock shows up as a failure there.
 */
export function shiftClockTo(instant: string | undefined): void {
  if (!instant) return;
  const state = globalThis as { clockShiftedBy?: number };
  // Every test file of a worker runs the setup file; the worker's Date is shifted once.
  if (state.clockShiftedBy !== undefined) return;
  const target = Date.parse(instant);
  if (Number.isNaN(target)) throw new Error(`TEST_CLOCK is not an instant: ${instant}`);
  const RealDate = Date;
  const offset = target - RealDate.now();
  class ShiftedDate extends RealDate {
    constructor(...args: [] | [string | number | Date] | [number, number, ...number[]]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else if (args.length === 1) super(args[0]);
      else super(...(args as [number, number, ...number[]]));
    }

    static override now(): number {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
  state.clockShiftedBy = offset;
}

import { eq } from 'drizzle-orm';
import type { BusinessSettings } from '#common/settings/domains.ts';
import type { Database } from '../db/client.ts';
import { vehicles } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { DvsaClient } from './dvsa.ts';
import { motHistoryOf, type MotHistory } from './mot-history.ts';
import { createPause, type VehicleServiceNotes } from './outside-answer.ts';

/** A vehicle's MOT history is read again for a new booking only once this long has passed. */
const checkedRecentlyMs = 24 * 60 * 60 * 1000;

/** What reading a vehicle's MOT history came to. */
export type MotCheckOutcome = 'read' | 'not-found' | 'unavailable' | 'off' | 'recent';

export type MotCheckDependencies = {
  db: Database;
  logger: Logger;
  clock: () => Date;
  /** The DVSA's MOT history, while it is set up (DVSA_*). */
  dvsa: DvsaClient | null;
  notes: VehicleServiceNotes;
  settings: () => Promise<Pick<BusinessSettings, 'vehicles'>>;
  /**
   * Applies what the history says, given by the app (reminders/mot-history.ts): the MOT expiry,
   * unless staff set it by hand, with its reminders; the latest test kept; and, with
   * `tyreReminders`, a tyre reminder for a new test's tyre advisory.
   */
  apply: (registration: string, history: MotHistory, options: { tyreReminders: boolean }) => Promise<void>;
};

/**
 * Reads vehicles' MOT histories from the DVSA, after a booking is stored or a job completed
 * naming them (`inBackground`: the booking or job is committed and answered already, and nothing
 * here can fail or delay it) or when staff look a vehicle up again (`check` with `fresh`).
 */
/** The background reads of every app made in this process, for `motReadsSettled`. */
const everyRunning = new Set<Promise<unknown>>();

/**
 * Resolves once every background read of the MOT history started so far in this process has
 * ended: a test waits for them before emptying what they write.
 */
export async function motReadsSettled() {
  while (everyRunning.size > 0) await Promise.allSettled([...everyRunning]);
}

export function motChecks(deps: MotCheckDependencies) {
  const { db, logger, clock, dvsa } = deps;
  const pause = createPause(clock);

  async function check(registration: string, { fresh = false } = {}): Promise<MotCheckOutcome> {
    const { vehicles: settings } = await deps.settings();
    if (!dvsa || !settings.motFromHistory) return 'off';
    if (!fresh && (await checkedRecently(registration))) return 'recent';
    if (pause.left() > 0) return 'unavailable';
    const answer = await dvsa.history(registration);
    if (answer.kind === 'unavailable') {
      logger.warn({ reason: answer.reason, pauseSeconds: answer.pauseSeconds }, 'MOT history failed');
      await deps.notes.failure('dvsa', answer.reason);
      if (answer.pauseSeconds) pause.start(answer.pauseSeconds);
      return 'unavailable';
    }
    await deps.notes.success('dvsa');
    if (answer.kind === 'not-found') return 'not-found';
    await deps.apply(registration, motHistoryOf(answer.found), {
      tyreReminders: settings.tyreAdvisoryReminders,
    });
    return 'read';
  }

  async function checkedRecently(registration: string) {
    const [vehicle] = await db
      .select({ checkedAt: vehicles.motCheckedAt })
      .from(vehicles)
      .where(eq(vehicles.registration, registration));
    return vehicle?.checkedAt != null && clock().getTime() - vehicle.checkedAt.getTime() < checkedRecentlyMs;
  }

  const running = new Set<Promise<unknown>>();
  return {
    check,
    /**
     * Reads the history once the caller's work is done; a failure is logged and kept for staff.
     * `fresh`: even if read within the day (a completed job: its test may be the one just done).
     */
    inBackground(registration: string, { fresh = false } = {}) {
      const work = check(registration, { fresh })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'MOT history could not be applied');
        })
        .finally(() => {
          running.delete(work);
          everyRunning.delete(work);
        });
      running.add(work);
      everyRunning.add(work);
    },
    /** Resolves once every background read started so far has ended (tests, shutdown). */
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

export type MotChecks = ReturnType<typeof motChecks>;

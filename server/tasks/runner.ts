import type { BackgroundTask } from '#common/tasks/background-tasks.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { readTaskRuns, type TaskRunRow } from './records.ts';
import { attemptTaskRun, type TaskRunDeps } from './task-run.ts';
import { createTaskStates, dueAt, taskStatus } from './task-state.ts';
import { createTicker } from './ticker.ts';
import type { TaskContext, TaskDefinition } from './types.ts';

export type TaskRunner = {
  /** Runs the task as soon as its lock is free, whatever its schedule (in this process). */
  runSoon(name: string): void;
  /** Each task as GET /api/background-tasks shows it. */
  status(): Promise<BackgroundTask[]>;
  /** No new runs; waits for those under way (they need the database open). */
  stop(): Promise<void>;
};

type TaskRunnerOptions = {
  database: Pick<DatabaseHandle, 'db' | 'sessionLocks'>;
  logger: Logger;
  tasks: readonly TaskDefinition[];
  /** The product's clock: the runs' times, and when each is due. */
  clock?: Clock;
  /** How long an ask waits for others to join it: a burst of enquiries is one run of the outbox. */
  soonMs?: number;
  /**
   * The longest the runner sleeps without reading the records: a run left interrupted by a process
   * that died is retried within this.
   */
  idleMs?: number;
  /** How soon a task asked for, whose lock another process holds, is tried again. */
  busyMs?: number;
};

/**
 * The one way the server runs work in the background (decision 025). Each task runs on its
 * schedule, or when asked, once at a time across every process on the database: a run holds the
 * task's lock (a PostgreSQL session advisory lock; the embedded database's is the process's own),
 * and the record of the task's runs (`task_runs`) says when it last ran, wherever that was. Each
 * run writes one log line (task, outcome, milliseconds, and the error or what it did).
 */
export function createTaskRunner({
  database,
  logger,
  tasks,
  clock = systemClock,
  soonMs = 20,
  idleMs = 60_000,
  busyMs = 250,
}: TaskRunnerOptions): TaskRunner {
  const states = createTaskStates(tasks);
  const { db } = database;
  const locks = database.sessionLocks();
  // A runner of tasks run only on request has nothing to look for until it is asked.
  const scheduled = [...states.values()].some((state) => state.schedule.kind !== 'on request');
  const since = clock();
  const stopping = new AbortController();
  const ticker = createTicker(startDueRuns);
  let failedReads = 0;

  const context: TaskContext = { runSoon, signal: stopping.signal };
  const runDeps: TaskRunDeps = { db, locks, logger, clock, context, idleMs, busyMs };

  /** Reads the records, starts each task that is due or asked for, and sleeps until the next. */
  async function startDueRuns() {
    let records: Map<string, TaskRunRow>;
    try {
      records = await readTaskRuns(db);
      failedReads = 0;
    } catch (error) {
      failedReads += 1;
      const retryMs = Math.min(idleMs, 1_000 * 2 ** Math.min(failedReads, 16));
      logger.warn({ err: error, retryMs }, 'could not read the background tasks’ records');
      ticker.wakeIn(retryMs);
      return;
    }
    if (ticker.stopped) return;
    const now = clock();
    let sleepMs = scheduled ? idleMs : Infinity;
    for (const state of states.values()) {
      if (state.running) continue;
      const record = records.get(state.definition.name) ?? null;
      // A run recorded under way but not running here is either running elsewhere or left by a
      // process that died: the lock tells which.
      const due = dueAt(
        state,
        { lastStartedAt: record?.lastStartedAt ?? null, leftUnderway: Boolean(record?.runningSince) },
        since,
        now,
      );
      if (!state.asked && (!due || due > now)) {
        if (due) sleepMs = Math.min(sleepMs, due.getTime() - now.getTime());
        continue;
      }
      const waitMs = state.notBefore - Date.now();
      if (waitMs > 0) {
        sleepMs = Math.min(sleepMs, waitMs);
        continue;
      }
      state.running = attemptTaskRun(runDeps, state, record).finally(() => {
        state.running = null;
        ticker.wakeIn(state.asked ? soonMs : scheduled ? 0 : Infinity);
      });
    }
    ticker.wakeIn(sleepMs);
  }

  function runSoon(name: string) {
    const state = states.get(name);
    if (!state) throw new Error(`There is no background task ${name}`);
    if (ticker.stopped) return;
    state.asked = true;
    // One under way here runs again when it ends.
    if (!state.running) ticker.wakeIn(soonMs);
  }

  async function status(): Promise<BackgroundTask[]> {
    const all = [...states.values()];
    const [records, held] = await Promise.all([
      readTaskRuns(db),
      locks.heldOf(all.map((state) => state.key)),
    ]);
    const now = clock();
    return all.map((state) =>
      taskStatus(state, records.get(state.definition.name), held.has(state.key), since, now),
    );
  }

  async function stop() {
    ticker.stop();
    stopping.abort();
    await ticker.idle();
    await Promise.all([...states.values()].map((state) => state.running));
    await locks.close();
  }

  if (scheduled) ticker.wakeIn(0);
  return { runSoon, status, stop };
}

import os from 'node:os';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { SessionLocks } from '../db/session-locks.ts';
import type { Logger } from '../logger.ts';
import { finishTaskRun, startTaskRun, type TaskOutcome, type TaskRunRow } from './records.ts';
import type { TaskState } from './task-state.ts';
import type { TaskContext, TaskFacts } from './types.ts';

/** How the records and owners name this process. */
const thisProcess = `${os.hostname()} pid ${process.pid}`;

/** What a run needs of its runner. */
export type TaskRunDeps = {
  db: Database;
  locks: SessionLocks;
  logger: Logger;
  clock: Clock;
  context: TaskContext;
  idleMs: number;
  busyMs: number;
};

/**
 * Runs the task if its lock is free and, unless asked for, nobody ran it since `record`; the lock
 * is released when the run ends, whatever its end.
 */
export async function attemptTaskRun(deps: TaskRunDeps, state: TaskState, record: TaskRunRow | null) {
  const { db, locks, logger, clock, idleMs, busyMs } = deps;
  const { name } = state.definition;
  const asked = state.asked;
  let locked = false;
  try {
    locked = await locks.tryLock(state.key);
    if (!locked) {
      // Another process runs it: an ask waits for the end of that run, which may have begun
      // before the work asked for existed; a scheduled run, for the record of that run.
      state.notBefore = Date.now() + (asked ? busyMs : idleMs / 4);
      return;
    }
    state.asked = false;
    const startedAt = clock();
    const start = await startTaskRun(db, name, {
      startedAt,
      process: thisProcess,
      ...(!asked && { unchangedSince: record }),
    });
    if (!start.started) return;
    if (start.interrupted) {
      logger.warn(
        {
          task: name,
          outcome: 'interrupted',
          startedAt: start.interrupted.startedAt,
          error: start.interrupted.error,
        },
        'background task run',
      );
    }
    await runAndRecord(deps, state, startedAt);
  } catch (error) {
    // The lock or the record could not be reached (the database is down): tried again later.
    state.asked ||= asked;
    state.notBefore = Date.now() + busyMs * 4;
    logger.warn({ task: name, err: error }, 'background task could not start');
  } finally {
    if (locked) await locks.unlock(state.key).catch(() => undefined);
  }
}

/** One run under the task's lock: its end recorded and its one log line written. */
async function runAndRecord({ db, logger, clock, context }: TaskRunDeps, state: TaskState, startedAt: Date) {
  const { name } = state.definition;
  const began = performance.now();
  let outcome: TaskOutcome = 'succeeded';
  let failure: unknown;
  let facts: TaskFacts | undefined;
  try {
    facts = (await state.definition.run(context)) as TaskFacts | undefined;
  } catch (error) {
    outcome = 'failed';
    failure = error;
  }
  const ms = Math.round(performance.now() - began);
  try {
    await finishTaskRun(db, name, {
      startedAt,
      finishedAt: clock(),
      outcome,
      error: outcome === 'failed' ? errorText(failure) : null,
    });
  } catch (error) {
    logger.error({ task: name, err: error }, 'background task run not recorded');
  }
  const line = { ...facts, task: name, outcome, ms };
  if (outcome === 'failed') logger.error({ ...line, err: failure }, 'background task run');
  // A run that found nothing to do (the outbox looks every few seconds) is only for debugging.
  else if (facts) logger.info(line, 'background task run');
  else logger.debug(line, 'background task run');
}

/** A failed run's error as owners read it: its message (the log has its class and codes). */
function errorText(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

import { createHash } from 'node:crypto';
import os from 'node:os';
import type { BackgroundTask } from '#common/tasks/background-tasks.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import {
  finishTaskRun,
  interruptedMessage,
  readTaskRuns,
  startTaskRun,
  type TaskOutcome,
  type TaskRunRow,
} from './records.ts';
import { dueAfter, parseSchedule, type ParsedSchedule, type Schedule } from './schedule.ts';

/** What a run is given. */
export type TaskContext = {
  /** Asks for a task (another, or this one again) to run soon: work this run made due. */
  runSoon(name: string): void;
  /** Aborted when the server stops: a long run ends at its next safe point. */
  signal: AbortSignal;
};

/** What a run did, in counts and ids for its log line; nothing when it found nothing to do. */
export type TaskFacts = Record<string, unknown>;

export type TaskDefinition = {
  /** Lower-case words joined by hyphens: `outbox`, `tyre-import`. */
  name: string;
  schedule: Schedule;
  /** One run; what it throws is the run's failure, logged and recorded. */
  run(context: TaskContext): Promise<TaskFacts | void>;
};

export type TaskRunner = {
  /** Runs the task as soon as its lock is free, whatever its schedule (in this process). */
  runSoon(name: string): void;
  /** Each task as GET /api/background-tasks shows it. */
  status(): Promise<BackgroundTask[]>;
  /** No new runs; waits for those under way (they need the database open). */
  stop(): Promise<void>;
};

export type TaskRunnerOptions = {
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

/** The number of the task's lock (session-locks.ts): the same in every process. */
export function taskLockKey(name: string): number {
  return createHash('sha256').update(`task:${name}`).digest().readUInt32BE(0) & 0x7fffffff;
}

/** How the records and owners name this process. */
const thisProcess = `${os.hostname()} pid ${process.pid}`;

type TaskState = {
  definition: TaskDefinition;
  schedule: ParsedSchedule;
  key: number;
  /** Asked to run soon, and not run since. */
  asked: boolean;
  /** The attempt under way in this process. */
  running: Promise<void> | null;
  /** Not tried again before this (Date.now()): its lock was held elsewhere, or its record failed. */
  notBefore: number;
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
  const states = new Map<string, TaskState>();
  for (const definition of tasks) {
    if (!/^[a-z]+(-[a-z]+)*$/.test(definition.name) || states.has(definition.name)) {
      throw new Error(`Not a task name, or a second task of that name: ${definition.name}`);
    }
    states.set(definition.name, {
      definition,
      schedule: parseSchedule(definition.schedule),
      key: taskLockKey(definition.name),
      asked: false,
      running: null,
      notBefore: 0,
    });
  }
  const { db } = database;
  const locks = database.sessionLocks();
  // A runner of tasks run only on request has nothing to look for until it is asked.
  const scheduled = [...states.values()].some((state) => state.schedule.kind !== 'on request');
  const since = clock();
  const stopping = new AbortController();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let ticking: Promise<void> | null = null;
  let tickAgain = false;
  let failedReads = 0;

  const context: TaskContext = { runSoon, signal: stopping.signal };

  /** The next tick in `delayMs`, unless one is due sooner already. */
  function wakeIn(delayMs: number) {
    if (stopped || delayMs === Infinity) return;
    const at = Date.now() + Math.max(0, delayMs);
    if (timer && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(tick, Math.max(0, delayMs));
    timer.unref();
  }

  function tick() {
    timer = undefined;
    timerAt = Infinity;
    if (stopped) return;
    if (ticking) {
      tickAgain = true;
      return;
    }
    ticking = startDueRuns().finally(() => {
      ticking = null;
      if (tickAgain) {
        tickAgain = false;
        wakeIn(0);
      }
    });
  }

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
      wakeIn(retryMs);
      return;
    }
    if (stopped) return;
    const now = clock();
    let sleepMs = scheduled ? idleMs : Infinity;
    for (const state of states.values()) {
      if (state.running) continue;
      const record = records.get(state.definition.name) ?? null;
      // A run recorded under way but not running here is either running elsewhere or left by a
      // process that died: the lock tells which.
      const dueBySchedule = dueAfter(state.schedule, record?.lastStartedAt ?? null, since);
      const dueAt = record?.runningSince && dueBySchedule ? now : dueBySchedule;
      if (!state.asked && (!dueAt || dueAt > now)) {
        if (dueAt) sleepMs = Math.min(sleepMs, dueAt.getTime() - now.getTime());
        continue;
      }
      const waitMs = state.notBefore - Date.now();
      if (waitMs > 0) {
        sleepMs = Math.min(sleepMs, waitMs);
        continue;
      }
      state.running = attempt(state, record).finally(() => {
        state.running = null;
        wakeIn(state.asked ? soonMs : scheduled ? 0 : Infinity);
      });
    }
    wakeIn(sleepMs);
  }

  /** Runs the task if its lock is free and, unless asked for, nobody ran it since `record`. */
  async function attempt(state: TaskState, record: TaskRunRow | null) {
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
      await runAndRecord(state, startedAt);
    } catch (error) {
      // The lock or the record could not be reached (the database is down): tried again later.
      state.asked ||= asked;
      state.notBefore = Date.now() + busyMs * 4;
      logger.warn({ task: name, err: error }, 'background task could not start');
    } finally {
      if (locked) await locks.unlock(state.key).catch(() => undefined);
    }
  }

  async function runAndRecord(state: TaskState, startedAt: Date) {
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

  function runSoon(name: string) {
    const state = states.get(name);
    if (!state) throw new Error(`There is no background task ${name}`);
    if (stopped) return;
    state.asked = true;
    // One under way here runs again when it ends.
    if (!state.running) wakeIn(soonMs);
  }

  async function status(): Promise<BackgroundTask[]> {
    const all = [...states.values()];
    const [records, held] = await Promise.all([
      readTaskRuns(db),
      locks.heldOf(all.map((state) => state.key)),
    ]);
    const now = clock();
    return all.map((state) => {
      const record = records.get(state.definition.name);
      const running = held.has(state.key);
      const interrupted = Boolean(record?.runningSince) && !running;
      const lastStartedAt = (running ? record?.runningSince : record?.lastStartedAt) ?? null;
      const dueBySchedule = dueAfter(state.schedule, lastStartedAt, since);
      const dueAt = interrupted && dueBySchedule ? now : dueBySchedule;
      return {
        name: state.definition.name,
        schedule: state.definition.schedule,
        lastRun: interrupted
          ? {
              startedAt: record!.runningSince!.toISOString(),
              finishedAt: null,
              outcome: 'interrupted',
              error: interruptedMessage(record!.runningIn),
            }
          : lastRunOf(record),
        nextRunAt: dueAt && new Date(Math.max(dueAt.getTime(), now.getTime())).toISOString(),
        running,
      };
    });
  }

  async function stop() {
    stopped = true;
    clearTimeout(timer);
    stopping.abort();
    await ticking;
    await Promise.all([...states.values()].map((state) => state.running));
    await locks.close();
  }

  if (scheduled) wakeIn(0);
  return { runSoon, status, stop };
}

function lastRunOf(record: TaskRunRow | undefined): BackgroundTask['lastRun'] {
  if (!record?.lastStartedAt || !record.lastOutcome) return null;
  return {
    startedAt: record.lastStartedAt.toISOString(),
    finishedAt: record.lastFinishedAt?.toISOString() ?? null,
    outcome: record.lastOutcome as TaskOutcome,
    error: record.lastError,
  };
}

/** A failed run's error as owners read it: its message (the log has its class and codes). */
function errorText(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

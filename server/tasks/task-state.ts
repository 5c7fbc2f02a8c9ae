import { createHash } from 'node:crypto';
import type { BackgroundTask } from '#common/tasks/background-tasks.ts';
import { interruptedMessage, type TaskOutcome, type TaskRunRow } from './records.ts';
import { dueAfter, parseSchedule, type ParsedSchedule } from './schedule.ts';
import type { TaskDefinition } from './types.ts';

/** What the runner holds of each task in this process. */
export type TaskState = {
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

/** The number of the task's lock (session-locks.ts): the same in every process. */
function taskLockKey(name: string): number {
  return createHash('sha256').update(`task:${name}`).digest().readUInt32BE(0) & 0x7fffffff;
}

/** Each task by its name; throws on a name that is not one, or taken twice (a mistake in the code). */
export function createTaskStates(tasks: readonly TaskDefinition[]): Map<string, TaskState> {
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
  return states;
}

/**
 * When the task is due: by its schedule after `lastStartedAt`, or now when a run was left under
 * way by a process that died (a task run only on request waits for its next ask).
 */
export function dueAt(
  state: TaskState,
  { lastStartedAt, leftUnderway }: { lastStartedAt: Date | null; leftUnderway: boolean },
  since: Date,
  now: Date,
): Date | null {
  const dueBySchedule = dueAfter(state.schedule, lastStartedAt, since);
  return leftUnderway && dueBySchedule ? now : dueBySchedule;
}

/**
 * The task as GET /api/background-tasks shows it, from its record and whether any process holds
 * its lock now: a run recorded under way whose lock nobody holds was interrupted.
 */
export function taskStatus(
  state: TaskState,
  record: TaskRunRow | undefined,
  running: boolean,
  since: Date,
  now: Date,
): BackgroundTask {
  const interrupted = Boolean(record?.runningSince) && !running;
  const lastStartedAt = (running ? record?.runningSince : record?.lastStartedAt) ?? null;
  const due = dueAt(state, { lastStartedAt, leftUnderway: interrupted }, since, now);
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
    nextRunAt: due && new Date(Math.max(due.getTime(), now.getTime())).toISOString(),
    running,
  };
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

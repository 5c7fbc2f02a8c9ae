import type { Schedule } from './schedule.ts';

// The shape of a background task, shared by the runner and the parts it runs a task with.

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

/**
 * GET /api/background-tasks (owners only): each of the server's background tasks, as the
 * database records it for every process.
 */
export type BackgroundTask = {
  /** The task's name: `outbox`, `reminders`, `tyre-import`, ... */
  name: string;
  /** When it runs, in words: `every 5 seconds`, `daily at 03:30` (London), `on request`. */
  schedule: string;
  /** The last run that ended; null before the first. */
  lastRun: {
    startedAt: string;
    /** Null for a run found interrupted (its process stopped mid-run). */
    finishedAt: string | null;
    outcome: 'succeeded' | 'failed' | 'interrupted';
    /** Why it failed or was interrupted; null when it succeeded. */
    error: string | null;
  } | null;
  /** When it is next due by its schedule (now, when overdue); null for a task run on request. */
  nextRunAt: string | null;
  /** Whether a process is running it now. */
  running: boolean;
};

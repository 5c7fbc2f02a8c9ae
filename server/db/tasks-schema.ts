import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The background tasks (server/tasks), one row per task: the run under way, and the last run that
 * ended. Every process reads it, so that a task runs on its schedule once however many processes
 * share the database, and owners see each task's last run after a restart.
 *
 * A run that a process started and never ended (the process died) keeps `running_since`; the
 * next process to take the task's lock finds it so, records it as interrupted, and runs again.
 */
export const taskRuns = pgTable(
  'task_runs',
  {
    task: text('task').primaryKey(),
    /** When the run under way started; null while none is. */
    runningSince: timestamp('running_since', { withTimezone: true }),
    /** The process running it (host and pid), named when it is found interrupted. */
    runningIn: text('running_in'),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
    lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
    lastOutcome: text('last_outcome'),
    /** Why the last run failed or was interrupted, in a sentence for the owner. */
    lastError: text('last_error'),
  },
  (table) => [
    check('task_runs_last_outcome', sql`${table.lastOutcome} in ('succeeded', 'failed', 'interrupted')`),
  ],
);

import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { taskRuns } from '../db/schema.ts';

export type TaskRunRow = typeof taskRuns.$inferSelect;

export type TaskOutcome = 'succeeded' | 'failed' | 'interrupted';

/** What owners read of a run left unfinished by a process that stopped (named when known). */
const interruptedWords = ['The server process', ' stopped before the run finished.'] as const;

export const interruptedMessage = (process: string | null) =>
  `${interruptedWords[0]}${process ? ` (${process})` : ''}${interruptedWords[1]}`;

/** The longest error kept of a failed run: its first lines say what went wrong. */
const maxErrorLength = 1_000;

/** Every task's row, by task. */
export async function readTaskRuns(db: Database): Promise<Map<string, TaskRunRow>> {
  const rows = await db.select().from(taskRuns);
  return new Map(rows.map((row) => [row.task, row]));
}

/**
 * Records that `task` starts now, in `process`, by the holder of its lock. A run left unfinished
 * before (its process died: nobody else can hold the lock) becomes the last run, interrupted.
 * With `unchangedSince`, the row as read before the lock was taken, it starts only if no other
 * process has started the task since (null when that row did not exist yet); otherwise nothing
 * is written and `started` is false.
 */
export async function startTaskRun(
  db: Database,
  task: string,
  {
    startedAt,
    process,
    unchangedSince,
  }: { startedAt: Date; process: string; unchangedSince?: TaskRunRow | null },
): Promise<{ started: boolean; interrupted: { startedAt: Date; error: string } | null }> {
  const stale = sql`${taskRuns.runningSince} is not null`;
  const unchanged =
    unchangedSince === undefined
      ? undefined
      : unchangedSince === null
        ? sql`false`
        : sql`${taskRuns.runningSince} is not distinct from ${unchangedSince.runningSince}
            and ${taskRuns.lastStartedAt} is not distinct from ${unchangedSince.lastStartedAt}`;
  const rows = await db
    .insert(taskRuns)
    .values({ task, runningSince: startedAt, runningIn: process })
    .onConflictDoUpdate({
      target: taskRuns.task,
      set: {
        lastStartedAt: sql`case when ${stale} then ${taskRuns.runningSince} else ${taskRuns.lastStartedAt} end`,
        lastFinishedAt: sql`case when ${stale} then ${startedAt}::timestamptz else ${taskRuns.lastFinishedAt} end`,
        lastOutcome: sql`case when ${stale} then 'interrupted' else ${taskRuns.lastOutcome} end`,
        lastError: sql`case when ${stale}
          then ${interruptedWords[0]}::text || coalesce(' (' || ${taskRuns.runningIn} || ')', '')
            || ${interruptedWords[1]}::text
          else ${taskRuns.lastError} end`,
        runningSince: startedAt,
        runningIn: process,
      },
      ...(unchanged && { setWhere: unchanged }),
    })
    .returning();
  const row = rows[0];
  if (!row) return { started: false, interrupted: null };
  const interrupted =
    row.lastOutcome === 'interrupted' && row.lastFinishedAt?.getTime() === startedAt.getTime()
      ? { startedAt: row.lastStartedAt!, error: row.lastError! }
      : null;
  return { started: true, interrupted };
}

/** Records the end of the run of `task` that started at `startedAt`. */
export async function finishTaskRun(
  db: Database,
  task: string,
  run: { startedAt: Date; finishedAt: Date; outcome: TaskOutcome; error: string | null },
): Promise<void> {
  await db
    .update(taskRuns)
    .set({
      runningSince: null,
      runningIn: null,
      lastStartedAt: run.startedAt,
      lastFinishedAt: run.finishedAt,
      lastOutcome: run.outcome,
      lastError: run.error?.slice(0, maxErrorLength) ?? null,
    })
    .where(and(eq(taskRuns.task, task), eq(taskRuns.runningSince, run.startedAt)));
}

import type { DatabaseHandle } from '#server/db/client.ts';
import { outboxTask, type OutboxTaskOptions } from '#server/notifications/outbox-task.ts';
import { createTaskRunner } from '#server/tasks/runner.ts';

/** The outbox as a test's server process sends it: asked after each stored notification. */
export type TestOutbox = {
  /** What the app is given as its `notifications`: asks the runner for the outbox. */
  wake(): void;
  /** Stops the runner (waiting for a run under way) and closes the mail server's connections. */
  stop(): Promise<void>;
};

/**
 * The `outbox` background task on `database`, in a task runner of its own, looking for due
 * notifications every `pollMs` (the server's every five seconds is too slow for a test).
 */
export function startOutbox(
  database: DatabaseHandle,
  { pollMs = 5_000, ...options }: Omit<OutboxTaskOptions, 'db' | 'schedule'> & { pollMs?: number },
): TestOutbox {
  const runner = createTaskRunner({
    database,
    logger: options.logger,
    tasks: [outboxTask({ ...options, db: database.db, schedule: `every ${pollMs} milliseconds` })],
  });
  return {
    wake: () => runner.runSoon('outbox'),
    stop: async () => {
      await runner.stop();
      options.mailer?.close();
    },
  };
}

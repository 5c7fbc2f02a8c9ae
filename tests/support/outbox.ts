import type { DatabaseHandle } from '#server/db/client.ts';
import { outboxTask, type OutboxTaskOptions } from '#server/notifications/outbox-task.ts';
import { invoicePdfFile } from '#server/jobs/invoices.ts';
import { appOutboxMails } from '#server/outbox-mails.ts';
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
 * notifications every `pollMs` (the server's every five seconds is too slow for a test), and
 * writing the app's kinds of message unless given others.
 */
export function startOutbox(
  database: DatabaseHandle,
  {
    pollMs = 5_000,
    mails = appOutboxMails({ invoicePdf: (invoiceId) => invoicePdfFile(database.db, invoiceId) }),
    ...options
  }: Omit<OutboxTaskOptions, 'db' | 'schedule' | 'mails'> & {
    pollMs?: number;
    mails?: OutboxTaskOptions['mails'];
  },
): TestOutbox {
  const runner = createTaskRunner({
    database,
    logger: options.logger,
    tasks: [outboxTask({ ...options, mails, db: database.db, schedule: `every ${pollMs} milliseconds` })],
  });
  return {
    wake: () => runner.runSoon('outbox'),
    stop: async () => {
      await runner.stop();
      options.mailer?.close();
    },
  };
}

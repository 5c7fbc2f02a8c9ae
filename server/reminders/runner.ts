import { errorFacts, type Logger } from '../logger.ts';
import type { Database } from '../db/client.ts';
import { sendDueReminders } from './send.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { ReminderSettings } from '#common/reminders/settings.ts';

/** How often due reminders are looked for: a reminder goes within this of its time. */
const defaultEveryMs = 5 * 60 * 1000;
/** The first round, once the server has settled after its start. */
const defaultFirstMs = 30 * 1000;

/**
 * Hands due reminders to the outbox every few minutes, within the sending hours: what fell due
 * while the server was stopped, or overnight, goes at the first round of the next opening. Every
 * process runs it; `sendDueReminders` sends each reminder once however many do.
 */
export function startReminderRunner({
  db,
  logger,
  reminderSettings,
  wake,
  clock = systemClock,
  firstMs = defaultFirstMs,
  everyMs = defaultEveryMs,
}: {
  db: Database;
  logger: Logger;
  /** The reminders' settings in force. */
  reminderSettings: () => Promise<ReminderSettings>;
  /** Tells the outbox worker e-mails are due. */
  wake: () => void;
  clock?: Clock;
  firstMs?: number;
  everyMs?: number;
}): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const round = () => {
    if (running) return;
    running = reminderSettings()
      .then((settings) => sendDueReminders(db, clock(), settings))
      .then((sent) => {
        if (sent === 0) return;
        logger.info({ reminders: sent }, 'reminders queued to be sent');
        wake();
      })
      .catch((error: unknown) => logger.warn({ error: errorFacts(error) }, 'could not send due reminders'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(round, firstMs);
  const timer = setInterval(round, everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

import type { Database } from '../db/client.ts';
import { sendDueReminders } from './send.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { TaskDefinition } from '../tasks/types.ts';
import type { ReminderSettings } from '#common/reminders/settings.ts';

/**
 * The background task `reminders`: every five minutes, within the sending hours, the due
 * reminders go to the outbox (and the outbox is asked to send them): what fell due while the
 * server was stopped, or overnight, goes at the first run of the next opening. A reminder goes
 * within five minutes of its time; `sendDueReminders` sends each once, whoever else sends.
 */
export function remindersTask({
  db,
  reminderSettings,
  clock = systemClock,
}: {
  db: Database;
  /** The reminders' settings in force. */
  reminderSettings: () => Promise<ReminderSettings>;
  clock?: Clock;
}): TaskDefinition {
  return {
    name: 'reminders',
    schedule: 'every 5 minutes',
    run: async ({ runSoon }) => {
      const sent = await sendDueReminders(db, clock(), await reminderSettings());
      if (sent === 0) return undefined;
      runSoon('outbox');
      return { reminders: sent };
    },
  };
}

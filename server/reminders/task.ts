import type { Database } from '../db/client.ts';
import { sendDueReminders, type ReminderTexts } from './send.ts';
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
  texts,
}: {
  db: Database;
  /** The reminders' settings in force. */
  reminderSettings: () => Promise<ReminderSettings>;
  clock?: Clock;
  /** What reminder texts are written with, while texts are set up. */
  texts?: () => Promise<ReminderTexts>;
}): TaskDefinition {
  return {
    name: 'reminders',
    schedule: 'every 5 minutes',
    run: async ({ runSoon }) => {
      const sent = await sendDueReminders(db, clock(), await reminderSettings(), {
        texts: texts ? await texts() : null,
      });
      if (sent === 0) return undefined;
      runSoon('outbox');
      if (texts) runSoon('texts');
      return { reminders: sent };
    },
  };
}

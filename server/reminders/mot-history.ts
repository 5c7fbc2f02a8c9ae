import type { ReminderSettings } from '#common/reminders/settings.ts';
import { hasTyreItems } from '#common/vehicles/vehicle-data.ts';
import type { Database } from '../db/client.ts';
import type { MotHistory } from '../vehicles/mot-history.ts';
import { lockedMotFacts, recordMotTest, setByHand } from '../vehicles/mot-expiry.ts';
import { setMotExpiry, tyreAdvisoryReminder } from './schedule.ts';

/**
 * What a vehicle's MOT history read from the DVSA leads to (vehicles/mot-check.ts), in one
 * transaction with the vehicle's row locked:
 * - its latest test is kept, with when it was read;
 * - its MOT expiry becomes the DVSA's, with its reminders scheduled afresh as when staff set it,
 *   unless staff set the date by hand (never overwritten), or an MOT done here gave a later one
 *   (the DVSA has not recorded it yet); the same date again changes nothing;
 * - a test not seen before with an advisory or defect naming a tyre schedules a tyre reminder
 *   (`tyreReminders`), where the customer agreed to reminders.
 */
export const motHistoryApplied =
  ({
    db,
    clock,
    reminderSettings,
  }: {
    db: Database;
    clock: () => Date;
    reminderSettings: () => Promise<ReminderSettings>;
  }) =>
  async (registration: string, history: MotHistory, { tyreReminders }: { tyreReminders: boolean }) => {
    const settings = await reminderSettings();
    await db.transaction(async (tx) => {
      const now = clock();
      const facts = await lockedMotFacts(tx, registration, now);
      await recordMotTest(tx, registration, history.test, now);
      const { expiry } = history;
      const applies =
        expiry !== null &&
        expiry !== facts.motExpiry &&
        !setByHand(facts) &&
        !(facts.source === 'here' && facts.motExpiry !== null && expiry < facts.motExpiry);
      if (applies) await setMotExpiry(tx, registration, expiry, now, settings, 'dvsa');
      const seenBefore =
        facts.motTest !== null &&
        history.test !== null &&
        facts.motTest.date === history.test.date &&
        facts.motTest.number === history.test.number;
      if (tyreReminders && hasTyreItems(history.test) && !seenBefore) {
        await tyreAdvisoryReminder(tx, registration, now, settings);
      }
    });
  };

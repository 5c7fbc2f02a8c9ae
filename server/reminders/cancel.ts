import { and, eq, type SQL } from 'drizzle-orm';
import type { CancelledReason } from '#common/reminders/reminders.ts';
import type { Database } from '../db/client.ts';
import { reminders } from '../db/schema.ts';

/**
 * Cancels, with `reason`, the reminders `which` names that are still
 * scheduled; those sent or cancelled already stay as they are.
 */
export function cancelScheduledReminders(tx: Database, which: SQL | undefined, reason: CancelledReason) {
  return tx
    .update(reminders)
    .set({ status: 'cancelled', cancelledReason: reason })
    .where(and(which, eq(reminders.status, 'scheduled')));
}

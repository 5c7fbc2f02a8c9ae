import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { reminders } from '../db/schema.ts';

/**
 * Cancels, with `reason` (one of `cancelledReasons`), the reminders `which` names that are still
 * scheduled; those sent or cancelled already stay as they are.
 */
export function cancelScheduledReminders(tx: Database, which: SQL | undefined, reason: string) {
  return tx
    .update(reminders)
    .set({ status: 'cancelled', cancelledReason: reason })
    .where(and(which, eq(reminders.status, 'scheduled')));
}

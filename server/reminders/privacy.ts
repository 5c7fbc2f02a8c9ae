import { asc, sql } from 'drizzle-orm';
import type { Reminder, ReminderKind, ReminderStatus } from '#common/reminders/reminders.ts';
import type { Database } from '../db/client.ts';
import { reminders } from '../db/schema.ts';

/** A stored reminder as the API and a person's data export show it. */
export const reminderOf = (row: typeof reminders.$inferSelect): Reminder => ({
  id: row.id,
  kind: row.kind as ReminderKind,
  status: row.status as ReminderStatus,
  due: row.dueAt.toISOString(),
  registration: row.registration,
  customer: { name: row.name, email: row.email },
  step: row.step,
  sentAt: row.sentAt?.toISOString() ?? null,
  cancelledReason: row.cancelledReason,
});

/** The reminders addressed to one e-mail address, however written, oldest due first. */
export async function remindersOf(db: Database, email: string): Promise<Reminder[]> {
  const rows = await db
    .select()
    .from(reminders)
    .where(sql`lower(${reminders.email}) = lower(${email})`)
    .orderBy(asc(reminders.dueAt), asc(reminders.id));
  return rows.map(reminderOf);
}

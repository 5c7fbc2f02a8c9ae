import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { cancelledReasons, type ReminderKind } from '#common/reminders/reminders.ts';
import { withinSendingHours } from '#common/reminders/sending-hours.ts';
import type { ReminderSettings } from '#common/reminders/settings.ts';
import type { Database } from '../db/client.ts';
import { outbox, reminders, vehicles } from '../db/schema.ts';
import { isUnsubscribed, unsubscribeToken } from './unsubscribe.ts';

/** Reminders handed to the outbox in one transaction. */
const batchSize = 200;

/** What the outbox keeps of a reminder to send: the e-mail is written from it when it goes. */
export type ReminderNotification = {
  kind: 'reminder';
  reminder: {
    id: number;
    kind: ReminderKind;
    step: number;
    name: string;
    email: string;
    registration: string;
    /** Where the job was done: the link to book preselects it. */
    location: string;
    /** An MOT reminder's expiry date (YYYY-MM-DD), as recorded when it was sent. */
    motExpiry: string | null;
  };
  /** The signed token of the reminder's unsubscribe link. */
  unsubscribeToken: string;
};

/**
 * Why a due reminder is no longer wanted, or null to send it: the address unsubscribed after it
 * was scheduled (by another process, say), or a review request has no review link to send the
 * customer to. (A booking answering a reminder cancels it as the booking is stored.)
 */
async function reasonNotToSend(
  tx: Database,
  reminder: typeof reminders.$inferSelect,
  settings: ReminderSettings,
): Promise<string | null> {
  if (await isUnsubscribed(tx, reminder.email)) return cancelledReasons.unsubscribed;
  return reminder.kind === 'review' && !settings.reviewLink ? cancelledReasons.noReviewLink : null;
}

/**
 * Hands the reminders due at `now` to the outbox, each exactly once however many processes do
 * this at the same moment: one transaction at a time holds the reminders' lock, and a reminder is
 * marked sent in the transaction that queues its e-mail. Those no longer wanted are cancelled
 * with the reason. Outside the sending hours (09:00 to 19:00 in London) nothing goes unless
 * `anyHour` (an owner's explicit "send now"); what fell due meanwhile goes at the next opening.
 * Answers how many e-mails were queued.
 */
export async function sendDueReminders(
  db: Database,
  now: Date,
  settings: ReminderSettings,
  { anyHour = false }: { anyHour?: boolean } = {},
): Promise<number> {
  if (!anyHour && !withinSendingHours(now)) return 0;
  let queued = 0;
  for (;;) {
    const { handled, sent } = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reminders:send'))`);
      const due = await tx
        .select()
        .from(reminders)
        .where(and(eq(reminders.status, 'scheduled'), lte(reminders.dueAt, now)))
        .orderBy(asc(reminders.dueAt), asc(reminders.id))
        .limit(batchSize);
      const sentIds: number[] = [];
      for (const reminder of due) {
        const reason = await reasonNotToSend(tx, reminder, settings);
        if (reason) {
          await tx
            .update(reminders)
            .set({ status: 'cancelled', cancelledReason: reason })
            .where(eq(reminders.id, reminder.id));
          continue;
        }
        await tx.insert(outbox).values({
          kind: 'reminder',
          payload: await notificationOf(tx, reminder),
        });
        sentIds.push(reminder.id);
      }
      if (sentIds.length > 0) {
        await tx.update(reminders).set({ status: 'sent', sentAt: now }).where(inArray(reminders.id, sentIds));
      }
      return { handled: due.length, sent: sentIds.length };
    });
    queued += sent;
    if (handled < batchSize) return queued;
  }
}

async function notificationOf(
  tx: Database,
  reminder: typeof reminders.$inferSelect,
): Promise<ReminderNotification> {
  let motExpiry: string | null = null;
  if (reminder.kind === 'mot') {
    const [vehicle] = await tx
      .select({ motExpiry: vehicles.motExpiry })
      .from(vehicles)
      .where(eq(vehicles.registration, reminder.registration));
    motExpiry = vehicle?.motExpiry ?? null;
  }
  return {
    kind: 'reminder',
    reminder: {
      id: reminder.id,
      kind: reminder.kind as ReminderKind,
      step: reminder.step,
      name: reminder.name,
      email: reminder.email,
      registration: reminder.registration,
      location: reminder.location,
      motExpiry,
    },
    unsubscribeToken: await unsubscribeToken(tx, reminder.id),
  };
}

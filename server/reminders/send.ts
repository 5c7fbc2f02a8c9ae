import { and, asc, eq, gt, inArray, lte, ne, notInArray, sql } from 'drizzle-orm';
import { motService, type ReminderKind } from '#common/reminders/reminders.ts';
import { withinSendingHours } from '#common/reminders/sending-hours.ts';
import type { ReminderSettings } from '#common/reminders/settings.ts';
import { branchServices } from '#common/bookings/branch-services.ts';
import type { Database } from '../db/client.ts';
import { bookings, outbox, reminders, vehicles } from '../db/schema.ts';
import { isUnsubscribed, unsubscribeToken } from './unsubscribe.ts';

export const noReviewLinkReason = 'No review link was set in the site content.';

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
 * Why a due reminder is no longer wanted, or null to send it: the customer has booked what it
 * would ask them to book since it was scheduled (an MOT for the vehicle, or tyre work), or they
 * unsubscribed meanwhile. A review request needs somewhere to send the customer.
 */
async function reasonNotToSend(
  tx: Database,
  reminder: typeof reminders.$inferSelect,
  settings: ReminderSettings,
): Promise<string | null> {
  if (await isUnsubscribed(tx, reminder.email)) return 'Unsubscribed.';
  if (reminder.kind === 'review') return settings.reviewLink ? null : noReviewLinkReason;
  const service =
    reminder.kind === 'mot'
      ? eq(bookings.service, motService)
      : notInArray(bookings.service, [...branchServices]);
  const [booked] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.registration, reminder.registration),
        ne(bookings.status, 'cancelled'),
        gt(bookings.createdAt, reminder.createdAt),
        service,
      ),
    )
    .limit(1);
  if (!booked) return null;
  return reminder.kind === 'mot' ? 'An MOT was booked since.' : 'Tyre work was booked since.';
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

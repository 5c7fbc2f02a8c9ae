import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { motService, type CancelledReason, type ReminderKind } from '#common/reminders/reminders.ts';
import { withinSendingHours } from '#common/reminders/sending-hours.ts';
import type { ReminderSettings } from '#common/reminders/settings.ts';
import type { Database } from '../db/client.ts';
import { bookings, outbox, reminders, reminderUnsubscribes, vehicles } from '../db/schema.ts';
import { queueText } from '../messages/outbox-texts.ts';
import { ukMobile, wantsEmails, wantsTexts, type ContactBy } from '#common/messages/contact.ts';
import type { MessageSettings } from '#common/messages/settings.ts';
import { textDay, writeText } from '#common/messages/texts.ts';
import { formatRegistration } from '#common/vehicles/registration.ts';
import { cancelScheduledReminders } from './cancel.ts';
import { unsubscribeToken } from './unsubscribe.ts';

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

/** A due reminder as the sender reads it: with its vehicle's MOT expiry and whether its address unsubscribed. */
type DueReminder = {
  reminder: typeof reminders.$inferSelect;
  motExpiry: string | null;
  unsubscribed: boolean;
  /** How its booking's customer wants to hear, and their number (null: the booking is gone). */
  contactBy: ContactBy | null;
  phone: string | null;
};

/** What reminder texts are written with, while texts are set up. */
export type ReminderTexts = {
  wording: MessageSettings['texts'];
  businessName: string;
  publicUrl: string;
  /** The service a tyre reminder books (the first the site shows, as its e-mail's); null: none. */
  tyreService: string | null;
};

/**
 * Why a due reminder is no longer wanted, or null to send it: the address unsubscribed after it
 * was scheduled (by another process, say), or a review request has no review link to send the
 * customer to. (A booking answering a reminder cancels it as the booking is stored.)
 */
function reasonNotToSend(
  { reminder, unsubscribed }: DueReminder,
  settings: ReminderSettings,
): CancelledReason | null {
  if (unsubscribed) return 'unsubscribed';
  return reminder.kind === 'review' && !settings.reviewLink ? 'no-review-link' : null;
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
  { anyHour = false, texts = null }: { anyHour?: boolean; texts?: ReminderTexts | null } = {},
): Promise<number> {
  if (!anyHour && !withinSendingHours(now)) return 0;
  let queued = 0;
  for (;;) {
    const { handled, sent } = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reminders:send'))`);
      // One read for the batch: each reminder with what deciding and writing it needs.
      const due: DueReminder[] = await tx
        .select({
          reminder: reminders,
          motExpiry: vehicles.motExpiry,
          unsubscribed: sql<boolean>`${reminderUnsubscribes.email} is not null`,
          contactBy: sql<ContactBy | null>`${bookings.contactBy}`,
          phone: bookings.phone,
        })
        .from(reminders)
        .leftJoin(vehicles, eq(vehicles.registration, reminders.registration))
        .leftJoin(bookings, eq(bookings.id, reminders.bookingId))
        .leftJoin(reminderUnsubscribes, eq(reminderUnsubscribes.email, sql`lower(${reminders.email})`))
        .where(and(eq(reminders.status, 'scheduled'), lte(reminders.dueAt, now)))
        .orderBy(asc(reminders.dueAt), asc(reminders.id))
        .limit(batchSize);
      const cancelled = new Map<CancelledReason, number[]>();
      const toSend: DueReminder[] = [];
      for (const entry of due) {
        const reason = reasonNotToSend(entry, settings);
        if (reason) cancelled.set(reason, [...(cancelled.get(reason) ?? []), entry.reminder.id]);
        else toSend.push(entry);
      }
      for (const [reason, ids] of cancelled) {
        await cancelScheduledReminders(tx, inArray(reminders.id, ids), reason);
      }
      const sentIds = toSend.map(({ reminder }) => reminder.id);
      if (toSend.length > 0) {
        const texted = texts ? await textReminders(tx, toSend, texts) : new Set<number>();
        const mailed = toSend.filter(({ reminder }) => !texted.has(reminder.id));
        const payloads = await Promise.all(mailed.map((entry) => notificationOf(tx, entry)));
        if (payloads.length > 0)
          await tx.insert(outbox).values(payloads.map((payload) => ({ kind: 'reminder' as const, payload })));
        await tx.update(reminders).set({ status: 'sent', sentAt: now }).where(inArray(reminders.id, sentIds));
      }
      return { handled: due.length, sent: sentIds.length };
    });
    queued += sent;
    if (handled < batchSize) return queued;
  }
}

/** The texts of the reminders that have one, and the service their link books (as their e-mails'). */
const reminderTextKinds: Partial<
  Record<
    ReminderKind,
    { text: 'reminder-mot' | 'reminder-tyres'; service: (texts: ReminderTexts) => string | null }
  >
> = {
  mot: { text: 'reminder-mot', service: () => motService },
  tyres: { text: 'reminder-tyres', service: (texts) => texts.tyreService },
};

/**
 * Queues the texts of the MOT and tyre reminders whose customers asked for texts; the ids of
 * those whose customers asked for texts alone, which get no e-mail.
 */
async function textReminders(tx: Database, due: DueReminder[], texts: ReminderTexts): Promise<Set<number>> {
  const textsAlone = new Set<number>();
  for (const { reminder, motExpiry, contactBy, phone } of due) {
    const kind = reminderTextKinds[reminder.kind as ReminderKind];
    if (!kind || !contactBy || !phone || !wantsTexts(contactBy, phone)) continue;
    await queueText(tx, {
      text: kind.text,
      phone: ukMobile(phone)!,
      body: writeText(texts.wording[kind.text], {
        business: texts.businessName,
        registration: formatRegistration(reminder.registration),
        ...(motExpiry && { date: textDay(motExpiry) }),
      }),
      link: bookLink(texts.publicUrl, kind.service(texts)),
      bookingId: reminder.bookingId,
    });
    if (!wantsEmails(contactBy, phone)) textsAlone.add(reminder.id);
  }
  return textsAlone;
}

const bookLink = (publicUrl: string, service: string | null) =>
  service ? `${publicUrl}/book?service=${encodeURIComponent(service)}` : `${publicUrl}/book`;

async function notificationOf(
  tx: Database,
  { reminder, motExpiry }: DueReminder,
): Promise<ReminderNotification> {
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
      motExpiry: reminder.kind === 'mot' ? motExpiry : null,
    },
    unsubscribeToken: await unsubscribeToken(tx, reminder.id),
  };
}

import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { reminders, reminderUnsubscribes } from '../db/schema.ts';
import { installationKey } from '../db/installation-key.ts';
import { cancelScheduledReminders } from './cancel.ts';

/** The name of the installation key that signs unsubscribe links. */
const unsubscribeKeyName = 'reminder-unsubscribe-key';

const signatureOf = (key: Buffer, reminderId: number) =>
  crypto.createHmac('sha256', key).update(`unsubscribe:${reminderId}`).digest('base64url');

/**
 * The token of a reminder's unsubscribe link (`/unsubscribe/{token}`): its id, signed with a key
 * of this installation, so that it needs nothing stored and cannot be made up for another.
 */
export async function unsubscribeToken(db: Database, reminderId: number): Promise<string> {
  return `${reminderId}.${signatureOf(await installationKey(db, unsubscribeKeyName), reminderId)}`;
}

/** The reminder a token names, when its signature holds; else null. */
async function reminderIdOf(db: Database, token: string): Promise<number | null> {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(signatureOf(await installationKey(db, unsubscribeKeyName), id));
  const given = Buffer.from(match[2]!);
  return crypto.timingSafeEqual(expected, given) ? id : null;
}

/** The address of the reminder a token names, when its signature holds and the reminder is there. */
async function addresseeOf(db: Database, token: string): Promise<{ email: string } | null> {
  const id = await reminderIdOf(db, token);
  if (id === null) return null;
  const [reminder] = await db.select({ email: reminders.email }).from(reminders).where(eq(reminders.id, id));
  return reminder ?? null;
}

const lowerEmail = (email: string) => sql`lower(${reminders.email}) = ${email.toLowerCase()}`;

/**
 * Unsubscribes the address a reminder went to, at once (RFC 8058's one-click POST, or the page's
 * button): no reminder or review request is scheduled for it again, and those scheduled are
 * cancelled. Answers the address, or null for a token that names no reminder (or no longer does:
 * its booking erased). Doing it twice changes nothing.
 */
export async function unsubscribe(db: Database, token: string, now: Date): Promise<{ email: string } | null> {
  return db.transaction(async (tx) => {
    const reminder = await addresseeOf(tx, token);
    if (!reminder) return null;
    await tx
      .insert(reminderUnsubscribes)
      .values({ email: reminder.email.toLowerCase(), unsubscribedAt: now })
      .onConflictDoNothing();
    await cancelScheduledReminders(tx, lowerEmail(reminder.email), 'unsubscribed');
    return { email: reminder.email };
  });
}

/** Subscribes the address again (the confirmation page's offer); what was cancelled stays so. */
export async function resubscribe(db: Database, token: string): Promise<{ email: string } | null> {
  const reminder = await addresseeOf(db, token);
  if (!reminder) return null;
  await db.delete(reminderUnsubscribes).where(eq(reminderUnsubscribes.email, reminder.email.toLowerCase()));
  return { email: reminder.email };
}

/**
 * The address a token's reminder went to and whether it is unsubscribed now (the page of the
 * unsubscribe link), or null for a token that names no reminder.
 */
export async function subscriptionOf(
  db: Database,
  token: string,
): Promise<{ email: string; unsubscribed: boolean } | null> {
  const reminder = await addresseeOf(db, token);
  if (!reminder) return null;
  return { email: reminder.email, unsubscribed: await isUnsubscribed(db, reminder.email) };
}

/** Whether `email` unsubscribed from reminders. */
export async function isUnsubscribed(db: Database, email: string): Promise<boolean> {
  const [found] = await db
    .select({ email: reminderUnsubscribes.email })
    .from(reminderUnsubscribes)
    .where(eq(reminderUnsubscribes.email, email.toLowerCase()));
  return found !== undefined;
}

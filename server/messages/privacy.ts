import { inArray, or, sql } from 'drizzle-orm';
import { ukMobile } from '#common/messages/contact.ts';
import type { TextRecord } from '#common/messages/replies.ts';
import type { Database } from '../db/client.ts';
import { outbox, textMessages, textOptOuts } from '../db/schema.ts';
import { textThread } from './replies.ts';

/**
 * A person's texts in their data export and erasure: the texts sent to them and their replies
 * (each on one of their bookings or enquiries), texts still to send, and their numbers' opt-outs.
 */

type Whose = { bookingIds: number[]; enquiryIds: number[] };

const ofTheirs = ({ bookingIds, enquiryIds }: Whose) =>
  or(
    bookingIds.length > 0 ? inArray(textMessages.bookingId, bookingIds) : undefined,
    enquiryIds.length > 0 ? inArray(textMessages.enquiryId, enquiryIds) : undefined,
  );

/** Their texts, both ways, oldest first. */
export async function textsOf(db: Database, whose: Whose): Promise<TextRecord[]> {
  const condition = ofTheirs(whose);
  return condition ? textThread(db, condition) : [];
}

/** The UK mobiles among the numbers they gave, as texts go to them. */
export const mobilesOf = (phones: readonly (string | null)[]) => [
  ...new Set(phones.map((phone) => (phone ? ukMobile(phone) : null)).filter((phone) => phone !== null)),
];

/** Which of their numbers replied STOP, and when. */
export async function optOutsOf(db: Database, phones: string[]) {
  if (phones.length === 0) return [];
  const rows = await db.select().from(textOptOuts).where(inArray(textOptOuts.phone, phones));
  return rows.map((row) => ({ phone: row.phone, optedOutAt: row.optedOutAt.toISOString() }));
}

/**
 * Erases their texts still to send and their numbers' opt-outs (the record of texts sent and
 * received goes with their bookings and enquiries); how many outbox rows went.
 */
export async function eraseTextsOf(tx: Database, whose: Whose, phones: string[]): Promise<number> {
  const { bookingIds, enquiryIds } = whose;
  const queued = or(
    bookingIds.length > 0 ? sql`(${outbox.payload} ->> 'bookingId')::int in ${bookingIds}` : undefined,
    enquiryIds.length > 0 ? sql`(${outbox.payload} ->> 'enquiryId')::int in ${enquiryIds}` : undefined,
  );
  const erased = queued
    ? await tx
        .delete(outbox)
        .where(sql`${outbox.channel} = 'text' and (${queued})`)
        .returning({ id: outbox.id })
    : [];
  if (phones.length > 0) await tx.delete(textOptOuts).where(inArray(textOptOuts.phone, phones));
  return erased.length;
}

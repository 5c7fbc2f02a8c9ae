import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TextRecord, TextReply } from '#common/messages/replies.ts';
import type { Database } from '../db/client.ts';
import { bookings, enquiries, textMessages, textOptOuts } from '../db/schema.ts';

/**
 * What customers text back. The words of the industry's opt-out (STOP and its like) take the
 * number off every text but those a booking needs; START puts it back. Any other reply lands on
 * the customer's latest booking or enquiry, unread until staff open it.
 */

export const optOutWords = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const optInWords = ['START', 'UNSTOP'] as const;

/** The last ten digits of a UK number however it was typed: 07700 900123 and +447700900123 alike. */
const lastTenDigits = (column: typeof bookings.phone | typeof enquiries.phone) =>
  sql`right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

export type ReplyOutcome = 'opted-out' | 'opted-in' | 'reply' | 'duplicate';

export async function receiveReply(
  db: Database,
  { phone, body, providerId }: { phone: string; body: string; providerId: string },
): Promise<ReplyOutcome> {
  const word = body.trim().toUpperCase();
  if ((optOutWords as readonly string[]).includes(word)) {
    await db.insert(textOptOuts).values({ phone }).onConflictDoNothing();
    return 'opted-out';
  }
  if ((optInWords as readonly string[]).includes(word)) {
    await db.delete(textOptOuts).where(eq(textOptOuts.phone, phone));
    return 'opted-in';
  }
  const digits = phone.replace(/\D/g, '').slice(-10);
  const [[booking], [enquiry]] = await Promise.all([
    db
      .select({ id: bookings.id, enquiryId: bookings.enquiryId, createdAt: bookings.createdAt })
      .from(bookings)
      .where(sql`${lastTenDigits(bookings.phone)} = ${digits}`)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(1),
    db
      .select({ id: enquiries.id, createdAt: enquiries.createdAt })
      .from(enquiries)
      .where(sql`${lastTenDigits(enquiries.phone)} = ${digits}`)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(1),
  ]);
  // A booking made from an enquiry is the later of the two, and names its enquiry.
  const onBooking = booking && (!enquiry || booking.createdAt >= enquiry.createdAt);
  const stored = await db
    .insert(textMessages)
    .values({
      direction: 'in',
      phone,
      body: body.slice(0, 1600),
      bookingId: onBooking ? booking.id : null,
      enquiryId: onBooking ? (booking.enquiryId ?? null) : (enquiry?.id ?? null),
      providerId,
      status: 'received',
    })
    .onConflictDoNothing({ target: textMessages.providerId })
    .returning({ id: textMessages.id });
  return stored.length > 0 ? 'reply' : 'duplicate';
}

const replyColumns = {
  id: textMessages.id,
  body: textMessages.body,
  phone: textMessages.phone,
  receivedAt: textMessages.createdAt,
  readAt: textMessages.readAt,
  bookingId: textMessages.bookingId,
  bookingReference: bookings.reference,
  enquiryId: textMessages.enquiryId,
  enquiryReference: enquiries.reference,
  name: sql<string | null>`coalesce(${bookings.name}, ${enquiries.name})`,
};

/** The texts both ways that `which` selects (a booking's, an enquiry's, a person's), oldest first. */
export async function textThread(db: Database, which: SQL): Promise<TextRecord[]> {
  const rows = await db.select().from(textMessages).where(which).orderBy(asc(textMessages.id));
  return rows.map((row) => ({
    id: row.id,
    direction: row.direction as TextRecord['direction'],
    kind: row.kind,
    body: row.body,
    status: row.status,
    errorCode: row.errorCode,
    at: row.createdAt.toISOString(),
  }));
}

/** The replies, newest first: the unread ones, or the latest hundred. */
export async function listReplies(db: Database, { unread }: { unread: boolean }): Promise<TextReply[]> {
  const rows = await db
    .select(replyColumns)
    .from(textMessages)
    .leftJoin(bookings, eq(bookings.id, textMessages.bookingId))
    .leftJoin(enquiries, eq(enquiries.id, textMessages.enquiryId))
    .where(and(eq(textMessages.direction, 'in'), unread ? isNull(textMessages.readAt) : undefined))
    .orderBy(desc(textMessages.id))
    .limit(100);
  return rows.map(replyOf);
}

/** How many replies no one has read yet. */
export async function countUnreadReplies(db: Database): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(textMessages)
    .where(and(eq(textMessages.direction, 'in'), isNull(textMessages.readAt)));
  return row?.unread ?? 0;
}

/** Marks replies read: these, or every one on a booking or an enquiry. */
export async function markRepliesRead(
  db: Database,
  which: { ids?: number[]; bookingId?: number; enquiryId?: number },
): Promise<number> {
  const conditions = [
    which.ids?.length ? inArray(textMessages.id, which.ids) : undefined,
    which.bookingId !== undefined ? eq(textMessages.bookingId, which.bookingId) : undefined,
    which.enquiryId !== undefined ? eq(textMessages.enquiryId, which.enquiryId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return 0;
  const read = await db
    .update(textMessages)
    .set({ readAt: sql`now()` })
    .where(and(eq(textMessages.direction, 'in'), isNull(textMessages.readAt), or(...conditions)))
    .returning({ id: textMessages.id });
  return read.length;
}

function replyOf(row: {
  id: number;
  body: string;
  phone: string;
  receivedAt: Date;
  readAt: Date | null;
  bookingId: number | null;
  bookingReference: string | null;
  enquiryId: number | null;
  enquiryReference: string | null;
  name: string | null;
}): TextReply {
  return {
    id: row.id,
    body: row.body,
    phone: row.phone,
    name: row.name,
    receivedAt: row.receivedAt.toISOString(),
    read: row.readAt !== null,
    booking: row.bookingId !== null ? { id: row.bookingId, reference: row.bookingReference ?? '' } : null,
    enquiry: row.enquiryId !== null ? { id: row.enquiryId, reference: row.enquiryReference ?? '' } : null,
  };
}

import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { textKinds, textsABookingNeeds, type TextKind } from '#common/messages/texts.ts';
import type { Database } from '../db/client.ts';
import { outbox, textMessages, textOptOuts } from '../db/schema.ts';

/**
 * Texts queued in the outbox (its `text` channel): written in the same transaction as their cause,
 * like its e-mails, and sent by the `texts` task (texts-task.ts). The words are written when the
 * text is queued; its link is kept apart, in the payload, and dropped once the text has gone, so
 * that a manage link's token is never stored longer than it must be.
 */

export const textPayloadSchema = z.object({
  kind: z.literal('text'),
  text: z.enum(textKinds),
  /** The customer's mobile number, E.164 (+447700900123). */
  phone: z.string().regex(/^\+\d{8,15}$/),
  /** The words, with `{link}` where the link goes. */
  body: z.string().min(1),
  /** The link: absent once the text has gone. */
  link: z.string().optional(),
  bookingId: z.number().int().nullable(),
  enquiryId: z.number().int().nullable(),
});
export type TextPayload = z.infer<typeof textPayloadSchema>;

export type QueuedText = Omit<TextPayload, 'kind' | 'bookingId' | 'enquiryId'> & {
  bookingId?: number | null;
  enquiryId?: number | null;
};

/** Queues a text in the outbox, in the caller's transaction. */
export async function queueText(tx: Database, text: QueuedText): Promise<void> {
  const payload: TextPayload = {
    kind: 'text',
    ...text,
    bookingId: text.bookingId ?? null,
    enquiryId: text.enquiryId ?? null,
  };
  await tx.insert(outbox).values({ kind: 'text', channel: 'text', payload });
}

/** The text as sent, its link in place. */
export const sentBody = ({ body, link }: Pick<TextPayload, 'body' | 'link'>) =>
  link === undefined ? body : body.replace('{link}', link);

/**
 * The text as the record of it keeps it: a manage link's token cut to its first four characters
 * (enough for staff to tell two apart; not enough to open the booking).
 */
export const keptBody = ({ body, link }: Pick<TextPayload, 'body' | 'link'>) =>
  link === undefined ? body : body.replace('{link}', link.replace(/(\/m\/[\w-]{4})[\w-]+/, '$1…'));

/** Whether the number replied STOP (or its like) and has not sent START since. */
export async function optedOut(db: Database, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: textOptOuts.phone })
    .from(textOptOuts)
    .where(eq(textOptOuts.phone, phone));
  return row !== undefined;
}

/** Whether a text of this kind goes to a number that opted out: only those a booking needs. */
export const goesDespiteOptOut = (kind: TextKind) => textsABookingNeeds.includes(kind);

/** The record of the text an outbox row sends, if an earlier attempt made one. */
export async function textOfOutboxRow(db: Database, outboxId: number) {
  const [row] = await db.select().from(textMessages).where(eq(textMessages.outboxId, outboxId));
  return row ?? null;
}

/** The order of a text's statuses: Twilio's callbacks may come out of order, and never go back. */
const statusRank: Record<string, number> = {
  sending: 0,
  queued: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
};

/** Twilio's message statuses, as the record of a text keeps them. */
export function textStatusOf(twilioStatus: string): string | null {
  switch (twilioStatus) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
    case 'sending':
      return 'queued';
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}

/**
 * Records what Twilio says of a text (its answer when sent, or a status callback): the status
 * moves only forward. False when no text of ours has that id.
 */
export async function recordTextStatus(
  db: Database,
  { providerId, status, errorCode }: { providerId: string; status: string; errorCode: number | null },
): Promise<boolean> {
  const rank = statusRank[status] ?? 0;
  const ranks = Object.entries(statusRank)
    .filter(([, each]) => each < rank)
    .map(([name]) => name);
  const updated = await db
    .update(textMessages)
    .set({ status, errorCode, statusAt: sql`now()` })
    .where(
      and(
        eq(textMessages.providerId, providerId),
        eq(textMessages.direction, 'out'),
        ranks.length === 0 ? sql`false` : sql`${textMessages.status} in ${ranks}`,
      ),
    )
    .returning({ id: textMessages.id });
  if (updated.length > 0) return true;
  const [known] = await db
    .select({ id: textMessages.id })
    .from(textMessages)
    .where(eq(textMessages.providerId, providerId));
  return known !== undefined;
}

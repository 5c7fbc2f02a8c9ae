import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { EnquiryRecord } from '#common/enquiry.ts';
import { selectRows, type Database } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

/** What the outbox can hold. Stored as JSON and checked again when read. */
const enquirySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  vehicle: z.string().nullable(),
  service: z.string().nullable(),
  message: z.string(),
  contacted: z.boolean(),
  createdAt: z.string(),
  reference: z.string().optional(),
  postcode: z.string().nullable().optional(),
  outsideArea: z.boolean().optional(),
}) satisfies z.ZodType<EnquiryRecord>;

const notificationSchema = z.discriminatedUnion('kind', [
  /** To staff: a new enquiry. */
  z.object({ kind: z.literal('enquiry-received'), enquiry: enquirySchema }),
  /** To the customer: their enquiry has arrived, with its reference. */
  z.object({ kind: z.literal('enquiry-acknowledgement'), enquiry: enquirySchema }),
]);

export type Notification = z.infer<typeof notificationSchema>;

export type ClaimedNotification = { id: number; attempts: number; notification: Notification };

/**
 * Claims up to `limit` notifications that are due: each is locked for `lockMs` (so no other
 * worker, in this process or another, takes it meanwhile) and its attempt counted.
 */
export async function claimDueNotifications(
  db: Database,
  { limit, lockMs }: { limit: number; lockMs: number },
): Promise<ClaimedNotification[]> {
  const rows = await selectRows<{ id: string | number; attempts: number; payload: unknown }>(
    db,
    sql`update ${outbox}
        set locked_until = now() + ${`${lockMs} milliseconds`}::interval, attempts = attempts + 1
        where id in (
          select id from ${outbox}
          where sent_at is null and next_attempt_at <= now()
            and (locked_until is null or locked_until < now())
          order by id
          limit ${limit}
          for update skip locked
        )
        returning id, attempts, payload`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    attempts: row.attempts,
    notification: notificationSchema.parse(
      typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    ),
  }));
}

export async function markNotificationsSent(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ sentAt: new Date(), lockedUntil: null, lastError: null })
    .where(inArray(outbox.id, ids));
}

export async function markNotificationFailed(
  db: Database,
  id: number,
  { error, retryAt }: { error: string; retryAt: Date },
): Promise<void> {
  await db
    .update(outbox)
    .set({ lastError: error.slice(0, 1000), nextAttemptAt: retryAt, lockedUntil: null })
    .where(eq(outbox.id, id));
}

/** Notifications not sent yet (for health reporting and tests). */
export async function countPendingNotifications(db: Database): Promise<number> {
  const [row] = await selectRows<{ pending: string | number }>(
    db,
    sql`select count(*) as pending from ${outbox} where sent_at is null`,
  );
  return Number(row?.pending ?? 0);
}

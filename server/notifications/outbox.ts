import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { bookingStatuses, type Booking } from '#common/booking.ts';
import type { EnquiryRecord } from '#common/enquiry.ts';
import type { BookingNotification } from '../bookings/mails.ts';
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

const bookingSchema = z.object({
  id: z.number(),
  reference: z.string(),
  enquiryId: z.number(),
  status: z.enum(bookingStatuses),
  service: z.string(),
  serviceTitle: z.string(),
  location: z.string(),
  locationName: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  registration: z.string(),
  vehicle: z.string(),
  postcode: z.string().nullable(),
  outsideArea: z.boolean(),
  notes: z.string(),
  cancelReason: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Booking>;

/** A booking e-mail: the booking as it was when queued, with what the e-mail needs besides. */
const bookingMailFields = {
  booking: bookingSchema,
  sequence: z.number(),
  manageToken: z.string().optional(),
  reason: z.string().optional(),
  previous: z.string().optional(),
};

const notificationSchema = z.discriminatedUnion('kind', [
  /** To staff: a new enquiry. */
  z.object({ kind: z.literal('enquiry-received'), enquiry: enquirySchema }),
  /** To the customer: their enquiry has arrived, with its reference. */
  z.object({ kind: z.literal('enquiry-acknowledgement'), enquiry: enquirySchema }),
  /** To staff: a new booking; and a customer's cancellation. */
  z.object({ kind: z.literal('booking-received'), ...bookingMailFields }),
  z.object({ kind: z.literal('booking-cancelled-notice'), ...bookingMailFields }),
  /** To the customer: their booking, a move and a cancellation, each with a calendar entry. */
  z.object({ kind: z.literal('booking-confirmation'), ...bookingMailFields }),
  z.object({ kind: z.literal('booking-moved'), ...bookingMailFields }),
  z.object({ kind: z.literal('booking-cancelled'), ...bookingMailFields }),
]) satisfies z.ZodType<EnquiryNotification | BookingNotification>;

type EnquiryNotification = { kind: 'enquiry-received' | 'enquiry-acknowledgement'; enquiry: EnquiryRecord };

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
    // A manage link's token is kept only until its e-mail has gone: only its hash stays stored.
    .set({
      sentAt: new Date(),
      lockedUntil: null,
      lastError: null,
      payload: sql`${outbox.payload} - 'manageToken'`,
    })
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

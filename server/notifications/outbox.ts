import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { bookingStatuses, type Booking } from '#common/bookings/booking.ts';
import type { EnquiryRecord } from '#common/enquiries/enquiry.ts';
import { jobStatuses, type JobRecord } from '#common/jobs/jobs.ts';
import type { BookingNotification } from '../bookings/mails.ts';
import type { JobNotification } from '../jobs/mails.ts';
import { reminderKinds } from '#common/reminders/reminders.ts';
import type { ReminderNotification } from '../reminders/send.ts';
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
  // E-mails queued before bookings carried an address, a fitter or a job have none.
  addressLine: z.string().nullable().default(null),
  town: z.string().nullable().default(null),
  outsideArea: z.boolean(),
  notes: z.string(),
  fitter: z.object({ id: z.number(), name: z.string() }).nullable().default(null),
  job: z
    .object({
      status: z.enum(jobStatuses),
      notCompletedReason: z.string().nullable(),
      // Entries queued before jobs could wait for a price approval have neither.
      priceHeld: z.boolean().default(false),
      linesReason: z.string().nullable().default(null),
    })
    .nullable()
    .default(null),
  cancelReason: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  // E-mails queued before bookings could carry tyres have none.
  tyre: z
    .object({
      id: z.number(),
      description: z.string(),
      quantity: z.number(),
      price: z.number(),
      total: z.number(),
      source: z.enum(['stock', 'supplier']),
      orderedAt: z.string().nullable(),
    })
    .nullable()
    .default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Booking, unknown>;

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
  /** To the customer: the fitter is on the way; the job report, with the invoice attached when sent. */
  z.object({
    kind: z.literal('job-on-the-way'),
    booking: bookingSchema,
    eta: z.string(),
  }),
  z.object({
    kind: z.literal('job-report'),
    booking: bookingSchema,
    // Written by the completion that queued it, from the record it checked.
    record: z.custom<JobRecord>((value) => typeof value === 'object' && value !== null),
    invoiceId: z.number(),
    invoiceNumber: z.string(),
  }),
  /** To the customer who agreed to reminders (or any customer, for a review request). */
  z.object({
    kind: z.literal('reminder'),
    reminder: z.object({
      id: z.number(),
      kind: z.enum(reminderKinds),
      step: z.number(),
      name: z.string(),
      email: z.string(),
      registration: z.string(),
      location: z.string(),
      motExpiry: z.string().nullable(),
    }),
    unsubscribeToken: z.string(),
  }),
]) satisfies z.ZodType<EnquiryNotification | BookingNotification | JobNotification | ReminderNotification>;

type EnquiryNotification = { kind: 'enquiry-received' | 'enquiry-acknowledgement'; enquiry: EnquiryRecord };

export type Notification = z.infer<typeof notificationSchema>;

export type ClaimedNotification = { id: number; attempts: number; notification: Notification };

// When a mail is due, locked or retried is reckoned in the database's time alone, the time that
// stamps each row as it is queued: it is a matter between the outbox and its workers, in any
// number of processes, and dates nothing anyone reads.

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
          where sent_at is null and waiting_since is null and next_attempt_at <= now()
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
  { error, retryInMs }: { error: string; retryInMs: number },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + ${retryInMs} * interval '1 millisecond'`,
      lockedUntil: null,
    })
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

/** Without a mail server: every notification not sent yet is marked as waiting for an owner. */
export async function holdDueNotifications(db: Database): Promise<number> {
  const held = await db
    .update(outbox)
    .set({ waitingSince: sql`now()`, lockedUntil: null })
    .where(and(isNull(outbox.sentAt), isNull(outbox.waitingSince)))
    .returning({ id: outbox.id });
  return held.length;
}

/**
 * With a mail server again: waiting notifications younger than `youngerThanMs` are due at once;
 * the older ones keep waiting (news of an enquiry days old may no longer be wanted).
 */
export async function releaseWaitingNotifications(
  db: Database,
  { youngerThanMs }: { youngerThanMs: number },
): Promise<number> {
  const released = await db
    .update(outbox)
    .set({ waitingSince: null, nextAttemptAt: sql`now()` })
    .where(
      and(
        isNull(outbox.sentAt),
        isNotNull(outbox.waitingSince),
        sql`${outbox.createdAt} > now() - ${youngerThanMs} * interval '1 millisecond'`,
      ),
    )
    .returning({ id: outbox.id });
  return released.length;
}

export type WaitingNotification = {
  id: number;
  notification: Notification;
  createdAt: string;
  waitingSince: string;
};

/** The notifications waiting for an owner, oldest first. */
export async function listWaitingNotifications(db: Database): Promise<WaitingNotification[]> {
  const rows = await db
    .select({
      id: outbox.id,
      payload: outbox.payload,
      createdAt: outbox.createdAt,
      waitingSince: outbox.waitingSince,
    })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNotNull(outbox.waitingSince)))
    .orderBy(outbox.id);
  return rows.map((row) => ({
    id: row.id,
    notification: notificationSchema.parse(
      typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    ),
    createdAt: row.createdAt.toISOString(),
    waitingSince: row.waitingSince!.toISOString(),
  }));
}

/** An owner's "send": the waiting notification is due at once. False when no such one waits. */
export async function sendWaitingNotification(db: Database, id: number): Promise<boolean> {
  const released = await db
    .update(outbox)
    .set({ waitingSince: null, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt), isNotNull(outbox.waitingSince)))
    .returning({ id: outbox.id });
  return released.length > 0;
}

/** An owner's "discard": the waiting notification is deleted unsent. False when no such one waits. */
export async function discardWaitingNotification(db: Database, id: number): Promise<boolean> {
  const deleted = await db
    .delete(outbox)
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt), isNotNull(outbox.waitingSince)))
    .returning({ id: outbox.id });
  return deleted.length > 0;
}

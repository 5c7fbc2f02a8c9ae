import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ChargedLine, InvoiceDocument } from '#common/jobs/invoice.ts';
import type { JobRecord } from '#common/jobs/jobs.ts';
import { users } from './accounts-schema.ts';
import { bookings } from './bookings-schema.ts';
import { bytea } from './columns.ts';

/**
 * The fitter's day (common/jobs): each booking's job at the kerbside, what the fitter did and
 * took, and the invoices issued for it. A job is its booking's; invoices and payments outlive
 * the booking (a business keeps its accounts for six years), without the customer's details once
 * they are erased.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A booking's job, from the fitter's first action on it. */
export const jobs = pgTable(
  'jobs',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** common/jobs/jobs.ts, jobStatuses (`scheduled` when there is no row). */
    status: text('status').notNull().default('scheduled'),
    /** The arrival time the fitter gave with "On my way" (HH:MM, London). */
    eta: text('eta'),
    onTheWayAt: at('on_the_way_at'),
    arrivedAt: at('arrived_at'),
    completedAt: at('completed_at'),
    notCompletedReason: text('not_completed_reason'),
    /** What was done (JobRecord), from completion. */
    record: jsonb('record').$type<JobRecord>(),
    /** The lines charged, when the fitter changed them from the booking's, and why. */
    lines: jsonb('lines').$type<ChargedLine[]>(),
    linesReason: text('lines_reason'),
    /**
     * Since when the fitter's reduction of the price (past the owner's limit) waits for the
     * office's approval: the invoice, and its number, come only once approved.
     */
    priceHeldAt: at('price_held_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'jobs_status_check',
      sql`${table.status} in ('scheduled', 'on-the-way', 'arrived', 'completed', 'not-completed')`,
    ),
  ],
);

/**
 * Each action sent for a job, once per idempotency key: a repeat of a key gets the first answer
 * (`answer`) and changes nothing.
 */
export const jobEvents = pgTable(
  'job_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The SHA-256 of the request as first sent with the key: the same key with another body is refused. */
    requestHash: text('request_hash'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    detail: jsonb('detail').notNull().default({}),
    answer: jsonb('answer').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('job_events_key_idx').on(table.bookingId, table.idempotencyKey)],
);

/**
 * Photos of a job and the customer's signature: private, served to signed-in staff only, never
 * under /media. Re-encoded on the way in (no metadata, no location).
 */
export const jobFiles = pgTable(
  'job_files',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The SHA-256 of the request as first sent with the key: the same key with another body is refused. */
    requestHash: text('request_hash'),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('job_files_key_idx').on(table.bookingId, table.idempotencyKey),
    check('job_files_kind_check', sql`${table.kind} in ('photo', 'signature')`),
  ],
);

/**
 * Payments taken for jobs. They hold no personal details and outlive the booking (the takings
 * of a day stay what they were).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    method: text('method').notNull(),
    amountPence: integer('amount_pence').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The SHA-256 of the request as first sent with the key: the same key with another body is refused. */
    requestHash: text('request_hash'),
    takenById: integer('taken_by_id').references(() => users.id, { onDelete: 'set null' }),
    takenByName: text('taken_by_name'),
    takenAt: at('taken_at').notNull().defaultNow(),
    /**
     * A payment online (`online`): Stripe's id of it (pi_…) and the Checkout Session it was made
     * in (server/db/payments-schema.ts), which records it once however often Stripe reports it.
     */
    paymentIntent: text('payment_intent'),
    checkoutSessionId: text('checkout_session_id'),
  },
  (table) => [
    uniqueIndex('payments_key_idx').on(table.bookingId, table.idempotencyKey),
    uniqueIndex('payments_checkout_session_idx').on(table.checkoutSessionId),
    index('payments_taken_at_idx').on(table.takenAt),
    check(
      'payments_method_check',
      sql`${table.method} in ('card', 'cash', 'bank-transfer', 'account', 'online')`,
    ),
    check('payments_amount_check', sql`${table.amountPence} > 0`),
  ],
);

/**
 * Issued VAT invoices and credit notes, each exactly as issued (`document`, which carries its own
 * copy of the customer's details): never changed until six years from their date (HMRC), after
 * which the retention job removes the customer's details and keeps what the accounts need. They
 * outlive their booking and enquiry, and are found by the customer's e-mail address for an access
 * or erasure request.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** For a credit note, the invoice it corrects. */
    creditsId: integer('credits_id'),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    grossPence: integer('gross_pence').notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
    /** The customer's e-mail address in lower case, as invoiced; null once their details are removed. */
    customerEmail: text('customer_email'),
    /** When the customer's details were removed (six years on, or an erasure). */
    erasedAt: at('erased_at'),
  },
  (table) => [
    uniqueIndex('invoices_number_idx').on(table.number),
    index('invoices_booking_idx').on(table.bookingId),
    index('invoices_customer_email_idx').on(table.customerEmail),
    // The retention job's search for invoices past six years whose details are still there.
    index('invoices_kept_details_idx')
      .on(table.issuedAt)
      .where(sql`${table.erasedAt} is null`),
    check('invoices_kind_check', sql`${table.kind} in ('invoice', 'credit-note')`),
  ],
);

/**
 * The last number issued in each series (`invoice`, `credit-note`): taken by the transaction that
 * issues the invoice, so numbers have no gaps or duplicates however many processes issue them.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  kind: text('kind').primaryKey(),
  last: integer('last').notNull(),
});

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts-schema.ts';
import { bookings } from './bookings-schema.ts';
import { payments } from './jobs-schema.ts';

/**
 * Card payments online through Stripe (common/payments): the Checkout Sessions made for bookings'
 * deposits and the balances paid by link, Stripe's events as received (each handled once), and
 * refunds. Like payments, they outlive their booking (the accounts need them).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A Checkout Session made for a booking: Stripe's id (cs_…), what it asks, and where it stands. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** `deposit` (asked when booking) or `balance` (the link at the kerb). */
    purpose: text('purpose').notNull(),
    amountPence: integer('amount_pence').notNull(),
    url: text('url').notNull(),
    /** `open`, `paid` or `expired`. */
    status: text('status').notNull().default('open'),
    paymentIntent: text('payment_intent'),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
    paidAt: at('paid_at'),
    /**
     * A deposit paid after its booking lapsed: `restored` (the place and tyres were still free)
     * or `refunded`.
     */
    latePayment: text('late_payment'),
  },
  (table) => [
    index('checkout_sessions_booking_idx').on(table.bookingId),
    index('checkout_sessions_payment_intent_idx').on(table.paymentIntent),
    check('checkout_sessions_purpose_check', sql`${table.purpose} in ('deposit', 'balance')`),
    check('checkout_sessions_status_check', sql`${table.status} in ('open', 'paid', 'expired')`),
    check('checkout_sessions_late_check', sql`${table.latePayment} in ('restored', 'refunded')`),
  ],
);

/**
 * Stripe's events as received, by Stripe's id (evt_…): stored by the transaction that handles
 * one, so that an event sent twice, or to two processes at once, is handled once. An event that
 * arrived before what it follows (a refund before its payment) waits (`handledAt` null) and is
 * handled when that arrives.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The payment it concerns (pi_…), when known: what a waiting event waits for. */
    paymentIntent: text('payment_intent'),
    /** The event while it waits; once handled, its id and type only (it names the customer). */
    payload: jsonb('payload').notNull(),
    receivedAt: at('received_at').notNull(),
    handledAt: at('handled_at'),
    /** What handling it did, in words, for the staff and the logs. */
    outcome: text('outcome'),
  },
  (table) => [index('stripe_events_waiting_idx').on(table.paymentIntent).where(sql`${table.handledAt} is null`)],
);

/**
 * Refunds of payments online: written `pending` by the change that decides them, then asked of
 * Stripe (with the refund's id as the idempotency key, so never twice), `succeeded` or `failed`
 * with Stripe's reason (staff may try again).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** The booking's reference, kept when the booking is deleted. */
    reference: text('reference'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    paymentIntent: text('payment_intent').notNull(),
    amountPence: integer('amount_pence').notNull(),
    status: text('status').notNull().default('pending'),
    /** How many times it has been asked of Stripe: the idempotency key's suffix after a refusal. */
    attempts: integer('attempts').notNull().default(0),
    failure: text('failure'),
    stripeRefundId: text('stripe_refund_id'),
    requestedById: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    requestedBy: text('requested_by').notNull(),
    requestedAt: at('requested_at').notNull(),
    settledAt: at('settled_at'),
  },
  (table) => [
    uniqueIndex('refunds_stripe_idx').on(table.stripeRefundId),
    index('refunds_booking_idx').on(table.bookingId),
    index('refunds_settled_at_idx').on(table.settledAt),
    check('refunds_status_check', sql`${table.status} in ('pending', 'succeeded', 'failed')`),
    check('refunds_amount_check', sql`${table.amountPence} > 0`),
  ],
);

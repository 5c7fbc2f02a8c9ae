import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookings, enquiryNotes, payments, refunds } from '../db/schema.ts';

/** Stripe's id of an object it names either by id or expanded: `pi_…` of `payment_intent`. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Who a payment online is recorded as taken by: the customer, on Stripe's page. */
export const onlinePaymentTaker = 'Online (Stripe)';

/** The name a note or refund of the product's own making carries. */
export const paymentsActor = 'Payments';

/**
 * A note on the booking's enquiry, for staff: what the payments did that they must know of (a
 * deposit that could not be asked, a late payment restored or refunded). Staff read it in the
 * inbox with the booking.
 */
export async function noteForStaff(db: Database, enquiryId: number, text: string) {
  await db.insert(enquiryNotes).values({ enquiryId, authorId: null, authorName: paymentsActor, text });
}

/**
 * Records a payment made online, once per Checkout Session however often Stripe reports it: true
 * when this call recorded it.
 */
export async function recordOnlinePayment(
  tx: Database,
  payment: {
    bookingId: number | null;
    sessionId: string;
    paymentIntent: string | null;
    amountPence: number;
    at: Date;
  },
): Promise<boolean> {
  const stored = await tx
    .insert(payments)
    .values({
      bookingId: payment.bookingId,
      method: 'online',
      amountPence: payment.amountPence,
      idempotencyKey: `stripe:${payment.sessionId}`,
      takenByName: onlinePaymentTaker,
      takenAt: payment.at,
      paymentIntent: payment.paymentIntent,
      checkoutSessionId: payment.sessionId,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  return stored.length > 0;
}

/**
 * A booking whose payments online are all refunded reads as refunded (a deposit paid, or paid
 * after it lapsed).
 */
export async function markRefundedWhenAllBack(tx: Database, bookingId: number | null) {
  if (bookingId === null) return;
  await tx
    .update(bookings)
    .set({ paymentStatus: 'refunded', updatedAt: sql`now()` })
    .where(
      and(
        eq(bookings.id, bookingId),
        sql`${bookings.paymentStatus} in ('paid', 'lapsed')`,
        sql`(select coalesce(sum(${payments.amountPence}), 0) from ${payments}
          where ${payments.bookingId} = ${bookingId} and ${payments.method} = 'online')
          <= (select coalesce(sum(${refunds.amountPence}), 0) from ${refunds}
          where ${refunds.bookingId} = ${bookingId} and ${refunds.status} = 'succeeded')`,
      ),
    );
}

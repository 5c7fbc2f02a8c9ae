import { and, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Refund } from '#common/payments/payments.ts';
import type { Database } from '../db/client.ts';
import { payments, refunds } from '../db/schema.ts';
import type { PaymentsDependencies } from './dependencies.ts';
import { selectRefunds } from '../db/refunds.ts';
import { markRefundedWhenAllBack } from './records.ts';
import { stripeReason } from './stripe.ts';

/**
 * Refunds of payments online. The change that decides one (a cancellation, staff, a payment that
 * came after its booking lapsed) writes it `pending` in its own transaction; it is then asked of
 * Stripe with an idempotency key of its id and attempt, so that a refund asked twice (a retry, two
 * processes) is made once. Stripe's refusal is kept with its reason for staff to see and try again;
 * a failure on the way (no answer, Stripe's own error) leaves it pending, to be asked again.
 */

type RefundDecision = {
  bookingId: number;
  reference: string;
  /** How much: all that is left to refund unless told. */
  amountPence?: number;
  requestedBy: string;
  requestedById?: number | null;
  at: Date;
};

/**
 * Writes the refunds of a booking's payments online (pending), up to `amountPence` or all that
 * is left of them, newest payment first: the ids written (none when nothing is left).
 */
export async function queueRefunds(tx: Database, decision: RefundDecision): Promise<number[]> {
  const left = await tx
    .select({
      id: payments.id,
      paymentIntent: payments.paymentIntent,
      left: sql<number>`(${payments.amountPence} - coalesce((select sum(${refunds.amountPence}) from ${refunds}
        where ${refunds.paymentId} = ${payments.id} and ${refunds.status} <> 'failed'), 0))::int`,
    })
    .from(payments)
    .where(and(eq(payments.bookingId, decision.bookingId), eq(payments.method, 'online')))
    .orderBy(sql`${payments.id} desc`)
    .for('update');
  let wanted = decision.amountPence ?? Number.POSITIVE_INFINITY;
  const ids: number[] = [];
  for (const payment of left) {
    if (wanted <= 0) break;
    if (payment.left <= 0 || !payment.paymentIntent) continue;
    const amount = Math.min(payment.left, wanted);
    const [stored] = await tx
      .insert(refunds)
      .values({
        bookingId: decision.bookingId,
        reference: decision.reference,
        paymentId: payment.id,
        paymentIntent: payment.paymentIntent,
        amountPence: amount,
        requestedBy: decision.requestedBy,
        requestedById: decision.requestedById ?? null,
        requestedAt: decision.at,
      })
      .returning({ id: refunds.id });
    ids.push(stored!.id);
    wanted -= amount;
  }
  return ids;
}

/** What is left to refund of a booking's payments online, in pence. */
export async function refundableOf(db: Database, bookingId: number): Promise<number> {
  const [row] = await db
    .select({
      left: sql<number>`(coalesce(sum(${payments.amountPence}), 0) - coalesce((select sum(${refunds.amountPence})
        from ${refunds} where ${refunds.bookingId} = ${bookingId} and ${refunds.status} <> 'failed'), 0))::int`,
    })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, 'online')));
  return row?.left ?? 0;
}

/** Whether Stripe refused the request itself (it will refuse it again), rather than failing to answer. */
const refusedByStripe = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError ||
  error instanceof Stripe.errors.StripeCardError ||
  error instanceof Stripe.errors.StripePermissionError;

/** Asks Stripe for one pending refund and records its answer. */
/** A pending refund as it is asked of Stripe. */
type PendingRefund = Pick<Refund, 'id' | 'bookingId' | 'reference' | 'paymentIntent' | 'amountPence'> & {
  attempts: number;
};

async function sendRefund(deps: PaymentsDependencies, refund: PendingRefund) {
  const { db, logger, stripe } = deps;
  if (!stripe) return;
  try {
    const made = await stripe.api.refunds.create(
      {
        payment_intent: refund.paymentIntent,
        amount: refund.amountPence,
        metadata: {
          refundId: String(refund.id),
          bookingId: String(refund.bookingId ?? ''),
          reference: refund.reference ?? '',
        },
      },
      { idempotencyKey: `refund-${refund.id}-${refund.attempts}` },
    );
    await db.transaction(async (tx) => {
      await tx
        .update(refunds)
        .set({ status: 'succeeded', stripeRefundId: made.id, failure: null, settledAt: deps.clock() })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
      await markRefundedWhenAllBack(tx, refund.bookingId);
    });
    logger.info({ refund: refund.id, stripeRefund: made.id }, 'refund made');
  } catch (error) {
    const reason = stripeReason(error);
    const refused = refusedByStripe(error);
    await db
      .update(refunds)
      .set(refused ? { status: 'failed', failure: reason } : { failure: `Not answered yet: ${reason}` })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    logger.warn({ refund: refund.id, reason, refused }, 'refund not made');
  }
}

/**
 * Asks Stripe for the pending refunds (those of `ids`, else all), one after another, and answers
 * them as they then stand.
 */
export async function sendPendingRefunds(deps: PaymentsDependencies, ids?: number[]): Promise<Refund[]> {
  if (!deps.stripe || ids?.length === 0) return [];
  const condition = ids
    ? sql`${refunds.status} = 'pending' and ${inArray(refunds.id, ids)}`
    : sql`${refunds.status} = 'pending'`;
  const pending = await deps.db
    .select({
      id: refunds.id,
      bookingId: refunds.bookingId,
      reference: refunds.reference,
      paymentIntent: refunds.paymentIntent,
      amountPence: refunds.amountPence,
      attempts: refunds.attempts,
    })
    .from(refunds)
    .where(condition)
    .orderBy(refunds.id);
  for (const refund of pending) await sendRefund(deps, refund);
  return ids ? selectRefunds(deps.db, inArray(refunds.id, ids.concat(0))) : [];
}

/**
 * A refund Stripe refused, asked again (POST /payments/refunds/{id}/retry): pending once more
 * with a new attempt (a new idempotency key: Stripe would answer the old one with its refusal).
 * Null when there is no such refund; a refund that did not fail is answered as it stands.
 */
export async function retryRefund(deps: PaymentsDependencies, id: number): Promise<Refund | null> {
  await deps.db
    .update(refunds)
    .set({ status: 'pending', attempts: sql`${refunds.attempts} + 1`, failure: null })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'failed')));
  await sendPendingRefunds(deps, [id]);
  const [refund] = await selectRefunds(deps.db, sql`${refunds.id} = ${id}`);
  return refund ?? null;
}

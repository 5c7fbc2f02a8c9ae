import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Reconciliation, ReconciledItem } from '#common/payments/payments.ts';
import { londonInstant } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { bookings, payments } from '../db/schema.ts';
import type { PaymentsDependencies } from './dependencies.ts';
import { idOf } from './records.ts';
import type { StripeAccess } from './stripe.ts';

/**
 * The owners' check against Stripe (GET /payments/reconcile?date=): the Checkout pages Stripe lists
 * as made that London day and paid, against the payments online recorded here that day. A page
 * paid at Stripe with no payment here (whatever its day here) is missing here; a payment here
 * whose page Stripe does not have as paid is missing at Stripe.
 */
export async function reconcile(
  deps: PaymentsDependencies & { stripe: StripeAccess },
  date: string,
): Promise<Reconciliation> {
  const from = londonInstant(date, '00:00');
  const to = londonInstant(addDays(date, 1), '00:00');
  const atStripe = new Map<string, Stripe.Checkout.Session>();
  for await (const session of deps.stripe.api.checkout.sessions.list({
    created: { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) },
    limit: 100,
  })) {
    if (session.payment_status === 'paid') atStripe.set(session.id, session);
  }
  const recordedColumns = {
    sessionId: payments.checkoutSessionId,
    paymentIntent: payments.paymentIntent,
    amountPence: payments.amountPence,
    bookingId: payments.bookingId,
    reference: bookings.reference,
    takenAt: payments.takenAt,
  };
  const recordedToday = await deps.db
    .select(recordedColumns)
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.method, 'online'), gte(payments.takenAt, from), lt(payments.takenAt, to)));
  // Pages of the day paid at Stripe and recorded here on another day (paid just after midnight).
  const recordedOtherDays = await deps.db
    .select({ sessionId: payments.checkoutSessionId })
    .from(payments)
    .where(inArray(payments.checkoutSessionId, [...atStripe.keys(), '']));
  const recordedIds = new Set(
    [...recordedToday, ...recordedOtherDays].map((payment) => payment.sessionId).filter((id) => id !== null),
  );
  const missingHere: ReconciledItem[] = [...atStripe.values()]
    .filter((session) => !recordedIds.has(session.id))
    .map((session) => ({
      sessionId: session.id,
      paymentIntent: idOf(session.payment_intent),
      amountPence: session.amount_total ?? 0,
      reference: session.client_reference_id,
      bookingId: Number(session.metadata?.bookingId) || null,
      at: new Date(session.created * 1000).toISOString(),
    }));
  const missingAtStripe: ReconciledItem[] = [];
  let matched = 0;
  for (const payment of recordedToday) {
    const paidAtStripe =
      payment.sessionId !== null &&
      (atStripe.has(payment.sessionId) || (await paidElsewhen(deps.stripe, payment.sessionId)));
    if (paidAtStripe) {
      matched += 1;
      continue;
    }
    missingAtStripe.push({
      sessionId: payment.sessionId ?? '',
      paymentIntent: payment.paymentIntent,
      amountPence: payment.amountPence,
      reference: payment.reference,
      bookingId: payment.bookingId,
      at: payment.takenAt.toISOString(),
    });
  }
  return { date, missingHere, missingAtStripe, matched };
}

/** Whether a page made on another day (a deposit asked before midnight, paid after) is paid at Stripe. */
async function paidElsewhen(stripe: StripeAccess, sessionId: string): Promise<boolean> {
  try {
    return (await stripe.api.checkout.sessions.retrieve(sessionId)).payment_status === 'paid';
  } catch {
    return false;
  }
}

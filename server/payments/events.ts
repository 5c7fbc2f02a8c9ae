import { and, eq, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { isActiveBooking } from '#common/bookings/booking.ts';
import { formatPence } from '#common/util/money.ts';
import { findBooking, lockBooking } from '../bookings/records.ts';
import type { Database } from '../db/client.ts';
import { bookings, checkoutSessions, payments, refunds, stripeEvents, tyreHolds } from '../db/schema.ts';
import type { PaymentsDependencies } from './dependencies.ts';
import { lapseIn, restoreIn } from './holds.ts';
import {
  idOf,
  markRefundedWhenAllBack,
  noteForStaff,
  paymentsActor,
  recordOnlinePayment,
} from './records.ts';
import { queueRefunds } from './refunds.ts';

/**
 * Stripe's events (POST /payments/stripe/webhook): each stored by its id in the transaction that
 * handles it, so that an event sent twice, or to two processes at once, is handled once (the
 * second insert waits for the first transaction, then finds the row). An event that comes before
 * the one it follows (a refund before its payment) is kept waiting and handled when that comes.
 */

export const handledEventTypes = [
  'checkout.session.completed',
  'checkout.session.expired',
  'charge.refunded',
] as const;

/** What handling an event did: in words, and what is to follow its transaction. */
type Handled = {
  outcome: string;
  /** Kept to be handled when the payment it concerns is known. */
  waiting?: true;
  /** Bookings' places or tyres changed; e-mails or refunds were queued. */
  bookingsChanged?: true;
  queued?: true;
  refunds?: true;
};

export type EventAnswer = {
  duplicate: boolean;
  outcome: string;
  after: Omit<Handled, 'outcome' | 'waiting'>;
};

/** The payment (pi_…) an event concerns, when it names one. */
const paymentIntentOf = (event: Stripe.Event) =>
  idOf((event.data.object as { payment_intent?: string | { id: string } | null }).payment_intent);

/** A Checkout page known here, locked for the event's transaction; undefined when not this site's. */
async function lockSession(tx: Database, id: string) {
  const [known] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).for('update');
  return known;
}

/** Handles a verified event once, however often and wherever it arrives. */
export async function receiveEvent(deps: PaymentsDependencies, event: Stripe.Event): Promise<EventAnswer> {
  const now = deps.clock();
  const business = await deps.settings();
  return deps.db.transaction(async (tx): Promise<EventAnswer> => {
    const stored = await tx
      .insert(stripeEvents)
      .values({
        id: event.id,
        type: event.type,
        paymentIntent: paymentIntentOf(event),
        payload: event,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (stored.length === 0) return { duplicate: true, outcome: 'Already received', after: {} };
    const handled = await handleEvent(deps, tx, event, business.payments.holdMinutes);
    await finish(tx, event.id, handled, now);
    const after: EventAnswer['after'] = { ...handled };
    // The events that waited for this payment are handled now that it is known.
    if (!handled.waiting && event.type === 'checkout.session.completed') {
      Object.assign(
        after,
        await handleWaiting(deps, tx, paymentIntentOf(event), business.payments.holdMinutes, now),
      );
    }
    return { duplicate: false, outcome: handled.outcome, after };
  });
}

/**
 * Records what handling an event did. Once handled, only its id and type are kept of it: the
 * event carries the customer's name and e-mail address, which the booking and the payment keep
 * where they belong (and an erasure reaches).
 */
async function finish(tx: Database, id: string, handled: Handled, now: Date) {
  await tx
    .update(stripeEvents)
    .set(
      handled.waiting
        ? { handledAt: null, outcome: handled.outcome }
        : {
            handledAt: now,
            outcome: handled.outcome,
            payload: sql`jsonb_build_object('id', ${stripeEvents.id}, 'type', ${stripeEvents.type})`,
          },
    )
    .where(eq(stripeEvents.id, id));
}

/** Handles the events that waited for payment `intent`, in the order they came. */
async function handleWaiting(
  deps: PaymentsDependencies,
  tx: Database,
  intent: string | null,
  holdMinutes: number,
  now: Date,
) {
  if (!intent) return {};
  const waiting = await tx
    .select({ id: stripeEvents.id, payload: stripeEvents.payload })
    .from(stripeEvents)
    .where(and(eq(stripeEvents.paymentIntent, intent), isNull(stripeEvents.handledAt)))
    .orderBy(stripeEvents.receivedAt)
    .for('update');
  const after: Omit<Handled, 'outcome'> = {};
  for (const row of waiting) {
    const handled = await handleEvent(deps, tx, row.payload as Stripe.Event, holdMinutes);
    await finish(tx, row.id, handled, now);
    Object.assign(after, handled);
  }
  delete after.waiting;
  return after;
}

function handleEvent(deps: PaymentsDependencies, tx: Database, event: Stripe.Event, holdMinutes: number) {
  switch (event.type) {
    case 'checkout.session.completed':
      return sessionPaid(deps, tx, event.data.object);
    case 'checkout.session.expired':
      return sessionExpired(tx, event.data.object, holdMinutes);
    case 'charge.refunded':
      return chargeRefunded(deps, tx, event.data.object);
    default:
      return Promise.resolve<Handled>({ outcome: `Not handled: ${event.type}` });
  }
}

/**
 * A Checkout page paid: the payment recorded against its booking, once. A deposit due makes the
 * booking paid. A deposit that comes after its booking lapsed restores the booking while its place
 * and tyres are free, and is refunded at once otherwise; one for a booking cancelled or gone is
 * refunded at once. Staff find a note saying which.
 */
async function sessionPaid(
  deps: PaymentsDependencies,
  tx: Database,
  session: Stripe.Checkout.Session,
): Promise<Handled> {
  if (session.payment_status !== 'paid') return { outcome: 'Not paid yet' };
  const known = await lockSession(tx, session.id);
  if (!known) return { outcome: 'Not a Checkout page of this site' };
  if (known.status === 'paid') return { outcome: 'Already recorded' };
  const now = deps.clock();
  const intent = idOf(session.payment_intent);
  const booking = known.bookingId === null ? null : await lockBooking(tx, eq(bookings.id, known.bookingId));
  await tx
    .update(checkoutSessions)
    .set({ status: 'paid', paymentIntent: intent, paidAt: now })
    .where(eq(checkoutSessions.id, session.id));
  const amountPence = session.amount_total ?? known.amountPence;
  await recordOnlinePayment(tx, {
    bookingId: booking?.id ?? null,
    sessionId: session.id,
    paymentIntent: intent,
    amountPence,
    at: now,
  });
  if (!booking) return { outcome: 'Paid for a booking since deleted: recorded' };
  if (known.purpose === 'balance') return { outcome: `Balance of ${formatPence(amountPence)} paid` };
  if (isActiveBooking(booking.status)) {
    await tx
      .update(bookings)
      .set({ paymentStatus: 'paid', holdUntil: null, updatedAt: sql`now()` })
      .where(eq(bookings.id, booking.id));
    // Paid for, its tyres are held no more under its customer's limit: as if confirmed.
    await tx.delete(tyreHolds).where(eq(tyreHolds.bookingId, booking.id));
    return { outcome: `Deposit of ${formatPence(amountPence)} paid` };
  }
  const business = await deps.settings();
  const paid = formatPence(amountPence);
  if (await restoreIn(tx, booking, business, now)) {
    await tx
      .update(checkoutSessions)
      .set({ latePayment: 'restored' })
      .where(eq(checkoutSessions.id, session.id));
    await noteForStaff(
      tx,
      booking.enquiryId,
      `The deposit of ${paid} was paid after the booking lapsed. Its time and tyres were still free, so the booking was restored.`,
    );
    return { outcome: `Deposit of ${paid} paid late: booking restored`, bookingsChanged: true };
  }
  await queueRefunds(tx, {
    bookingId: booking.id,
    reference: booking.reference,
    requestedBy: `${paymentsActor}: paid after the booking ${booking.payment.status === 'lapsed' ? 'lapsed' : 'was cancelled'}`,
    at: now,
  });
  await tx
    .update(checkoutSessions)
    .set({ latePayment: 'refunded' })
    .where(eq(checkoutSessions.id, session.id));
  await noteForStaff(
    tx,
    booking.enquiryId,
    booking.payment.status === 'lapsed'
      ? `The deposit of ${paid} was paid after the booking lapsed, and its time or tyres had gone, so it is being refunded.`
      : `The deposit of ${paid} was paid after the booking was cancelled, so it is being refunded.`,
  );
  return { outcome: `Deposit of ${paid} paid late: refunded`, refunds: true };
}

/** A Checkout page Stripe closed unpaid: a deposit still due lapses its booking. */
async function sessionExpired(
  tx: Database,
  session: Stripe.Checkout.Session,
  holdMinutes: number,
): Promise<Handled> {
  const known = await lockSession(tx, session.id);
  if (!known) return { outcome: 'Not a Checkout page of this site' };
  if (known.status === 'paid') return { outcome: 'Already paid' };
  await tx
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
  if (known.purpose !== 'deposit' || known.bookingId === null) return { outcome: 'Closed unpaid' };
  const [open] = await tx
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.bookingId, known.bookingId), eq(checkoutSessions.status, 'open')));
  // Another page for the same deposit is still open: the booking waits for that.
  if (open) return { outcome: 'Closed unpaid; another page is open' };
  return (await lapseIn(tx, known.bookingId, holdMinutes))
    ? { outcome: 'Closed unpaid: booking lapsed', bookingsChanged: true, queued: true }
    : { outcome: 'Closed unpaid' };
}

/**
 * A charge refunded, wholly or in part: the refunds this site asked are confirmed (by the refund
 * id they carry), and a refund made in Stripe's Dashboard is recorded, so that the takings show
 * every refund. An event about a payment not yet known waits for it.
 */
async function chargeRefunded(
  deps: PaymentsDependencies,
  tx: Database,
  charge: Stripe.Charge,
): Promise<Handled> {
  const intent = idOf(charge.payment_intent);
  if (!intent) return { outcome: 'No payment named' };
  const [payment] = await tx
    .select({ id: payments.id, bookingId: payments.bookingId })
    .from(payments)
    .where(eq(payments.paymentIntent, intent));
  if (!payment) return { outcome: 'Waiting for the payment it refunds', waiting: true };
  const now = deps.clock();
  for (const refund of charge.refunds?.data ?? []) {
    if (refund.status !== 'succeeded') continue;
    const ours = Number(refund.metadata?.refundId);
    await tx
      .update(refunds)
      .set({ status: 'succeeded', stripeRefundId: refund.id, failure: null, settledAt: now })
      .where(
        and(
          Number.isInteger(ours) && ours > 0 ? eq(refunds.id, ours) : sql`false`,
          sql`${refunds.status} <> 'succeeded'`,
        ),
      );
  }
  // What Stripe has refunded beyond the refunds known here (made in its Dashboard) is recorded.
  const [known] = await tx
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentIntent, intent), sql`${refunds.status} <> 'failed'`));
  const beyond = charge.amount_refunded - (known?.sum ?? 0);
  if (beyond > 0) {
    const booking = payment.bookingId === null ? null : await findBooking(tx, payment.bookingId);
    await tx.insert(refunds).values({
      bookingId: payment.bookingId,
      reference: booking?.reference ?? null,
      paymentId: payment.id,
      paymentIntent: intent,
      amountPence: beyond,
      status: 'succeeded',
      requestedBy: 'Stripe Dashboard',
      requestedAt: now,
      settledAt: now,
    });
  }
  await markRefundedWhenAllBack(tx, payment.bookingId);
  return { outcome: `Refunded ${formatPence(charge.amount_refunded)} in all` };
}

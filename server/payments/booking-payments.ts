import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Booking } from '#common/bookings/booking.ts';
import { bookedLines, linesTotal } from '#common/jobs/lines.ts';
import type { DepositDue } from '#common/payments/payments.ts';
import { depositFor, holdMinutesLimits } from '#common/payments/settings.ts';
import { formatPence } from '#common/util/money.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import type { BookingPayments } from '../bookings/dependencies.ts';
import { manageUrl } from '../bookings/customer-link.ts';
import type { Database } from '../db/client.ts';
import { bookings, checkoutSessions, outbox } from '../db/schema.ts';
import { servicePricesOf } from '../jobs/list.ts';
import { createCheckout } from './checkout.ts';
import type { PaymentsDependencies } from './dependencies.ts';
import { noteForStaff, paymentsActor } from './records.ts';
import { queueRefunds, sendPendingRefunds } from './refunds.ts';
import { stripeReason } from './stripe.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** The lines a booking charges as booked: its tyres fully fitted, or its service at the site's price. */
export const bookingLines = (booking: Booking, content: SiteContent) =>
  bookedLines({
    serviceTitle: booking.serviceTitle,
    servicePrices: servicePricesOf(content, booking.service),
    tyre: booking.tyre,
    callOutPence: booking.callOutPence,
  });

/**
 * When Stripe closes a deposit's Checkout page: at the hold's end, but never sooner than Stripe
 * allows (30 minutes from when it makes the page, a moment after this asks). A payment in that
 * last moment finds its booking lapsed and restores it while its place is free (events.ts).
 */
const checkoutExpiry = (holdUntil: Date, now: Date) =>
  new Date(Math.max(holdUntil.getTime(), now.getTime() + holdMinutesLimits.min * minuteMs + minuteMs));

/** Card payments online as online booking uses them (server/bookings/dependencies.ts). */
export function bookingPayments(deps: PaymentsDependencies): BookingPayments {
  return {
    askDeposit: (booking, token) => askDeposit(deps, booking, token),
    cancelled: (tx, booking, by) => cancelled(deps, tx, booking, by),
    settle: () => void settlePayments(deps),
    manageView: async (booking) => ({
      payUrl: booking.payment.status === 'due' ? await depositUrl(deps.db, booking.id) : null,
      refundableHours: (await deps.settings()).payments.refundableHours,
    }),
  };
}

/**
 * A booking just stored asks its deposit where a rule applies: a Checkout page for it, and the
 * booking due until the hold's end. Stripe failing never stops the booking: it stands, to be paid
 * on the day, and staff find a note saying why.
 */
async function askDeposit(
  deps: PaymentsDependencies,
  booking: Booking,
  token: string,
): Promise<DepositDue | null> {
  const { stripe, db, logger } = deps;
  if (!stripe) return null;
  const [business, content] = await Promise.all([deps.settings(), deps.content()]);
  const lines = bookingLines(booking, content);
  const amountPence = depositFor(business.payments, {
    service: booking.service,
    totalPence: linesTotal(lines),
  });
  if (amountPence === 0) return null;
  const now = deps.clock();
  const holdUntil = new Date(now.getTime() + business.payments.holdMinutes * minuteMs);
  const page = manageUrl(deps.publicUrl, token);
  try {
    const session = await createCheckout(
      stripe,
      db,
      {
        booking,
        purpose: 'deposit',
        amountPence,
        lines,
        expiresAt: checkoutExpiry(holdUntil, now),
        successUrl: `${page}?paid=1`,
        cancelUrl: `${page}?paid=0`,
        idempotencyKey: `deposit-${booking.id}`,
      },
      now,
    );
    await db.transaction(async (tx) => {
      await tx
        .update(bookings)
        .set({ paymentStatus: 'due', depositPence: amountPence, holdUntil })
        .where(and(eq(bookings.id, booking.id), eq(bookings.paymentStatus, 'none')));
      await tellUnsentMails(tx, booking.id, { ...booking.payment, status: 'due', amountPence });
    });
    return { status: 'due', amountPence, url: session.url };
  } catch (error) {
    const reason = stripeReason(error);
    logger.error({ reference: booking.reference, reason }, 'deposit not asked: Stripe did not make the page');
    await noteForStaff(
      db,
      booking.enquiryId,
      `The deposit of ${formatPence(amountPence)} could not be asked online (Stripe: ${reason}). The booking stands: the customer pays on the day.`,
    );
    return null;
  }
}

/**
 * The booking's e-mails queued with it and not yet sent carry the deposit due, so that the
 * confirmation asks for it rather than calling the booking secured. (The booking statement
 * queued them before the deposit was known; the outbox is told of them after this.)
 */
async function tellUnsentMails(tx: Database, bookingId: number, payment: Booking['payment']) {
  await tx
    .update(outbox)
    .set({
      payload: sql`jsonb_set(${outbox.payload}, '{booking,payment}', ${JSON.stringify(payment)}::jsonb)`,
    })
    .where(
      and(
        sql`${outbox.kind} in ('booking-confirmation', 'booking-received')`,
        sql`(${outbox.payload} -> 'booking' ->> 'id')::int = ${bookingId}`,
        isNull(outbox.sentAt),
        isNull(outbox.lockedUntil),
      ),
    );
}

/** The Checkout page of a booking's deposit while it is open. */
async function depositUrl(db: Database, bookingId: number): Promise<string | null> {
  const [session] = await db
    .select({ url: checkoutSessions.url })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.bookingId, bookingId),
        eq(checkoutSessions.purpose, 'deposit'),
        eq(checkoutSessions.status, 'open'),
      ),
    )
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  return session?.url ?? null;
}

/**
 * In the transaction cancelling `booking`: a deposit still due is asked no more (its page is
 * closed once committed); one paid is refunded when the booking is cancelled more than the
 * business's hours before its window. Later than that, staff decide (POST /bookings/{id}/refund).
 */
async function cancelled(
  deps: PaymentsDependencies,
  tx: Database,
  booking: Booking,
  by: { id: number; name: string } | 'customer',
) {
  if (booking.payment.status === 'due') {
    await tx
      .update(bookings)
      .set({ paymentStatus: 'none', holdUntil: null })
      .where(eq(bookings.id, booking.id));
    return;
  }
  if (booking.payment.status !== 'paid') return;
  const now = deps.clock();
  const { refundableHours } = (await deps.settings()).payments;
  if (new Date(booking.startsAt).getTime() - now.getTime() <= refundableHours * hourMs) return;
  await queueRefunds(tx, {
    bookingId: booking.id,
    reference: booking.reference,
    requestedBy: by === 'customer' ? `${paymentsActor}: cancelled by the customer` : by.name,
    requestedById: by === 'customer' ? null : by.id,
    at: now,
  });
}

/**
 * What follows a change once committed: the pending refunds asked of Stripe, and the Checkout
 * pages of deposits no longer asked (their bookings cancelled or lapsed) closed, so that nobody
 * pays for a booking that is gone. Each is tried again by the payments' task if Stripe fails.
 */
export async function settlePayments(deps: PaymentsDependencies) {
  try {
    await sendPendingRefunds(deps);
    await closeUnwantedCheckouts(deps);
  } catch (error) {
    deps.logger.error({ err: error }, 'payments not settled: tried again within a minute');
  }
}

/** Closes the open deposit pages of bookings that no longer ask for one. */
async function closeUnwantedCheckouts(deps: PaymentsDependencies) {
  const { db, stripe, logger } = deps;
  if (!stripe) return;
  const unwanted = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .leftJoin(bookings, eq(bookings.id, checkoutSessions.bookingId))
    .where(
      and(
        eq(checkoutSessions.status, 'open'),
        eq(checkoutSessions.purpose, 'deposit'),
        sql`(${bookings.id} is null or ${bookings.paymentStatus} <> 'due')`,
      ),
    )
    .limit(50);
  for (const { id } of unwanted) {
    try {
      const session = await stripe.api.checkout.sessions.expire(id);
      if (session.status === 'expired') await markExpired(db, [id]);
    } catch (error) {
      // A page already paid or closed at Stripe: its event says which, and is handled as it comes.
      const current = await stripe.api.checkout.sessions.retrieve(id).catch(() => null);
      if (current?.status === 'expired') await markExpired(db, [id]);
      else logger.warn({ session: id, reason: stripeReason(error) }, 'Checkout page not closed');
    }
  }
}

/** Checkout pages Stripe closed, unless paid meanwhile. */
export async function markExpired(db: Database, ids: string[]) {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(inArray(checkoutSessions.id, ids), eq(checkoutSessions.status, 'open')));
}

import { bookingOfToken } from '../bookings/customer-link.ts';
import { openBalancePage } from './payment-link.ts';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import * as z from 'zod/mini';
import {
  nothingToRefundMessage,
  paymentsOffMessage,
  type PaymentsStatus,
} from '#common/payments/payments.ts';
import { londonDate } from '#common/time/london.ts';
import { staffName } from '#common/accounts/staff-names.ts';
import { recordStaffActivity } from '../activity/service.ts';
import { lockBooking } from '../bookings/records.ts';
import { bookings } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { calendarDateParam, idParam, parseBody, parseQuery } from '../http/params.ts';
import { requireOwner } from '../http/roles.ts';
import { eq } from 'drizzle-orm';
import { settlePayments } from './booking-payments.ts';
import type { PaymentsDependencies } from './dependencies.ts';
import { receiveEvent } from './events.ts';
import { paymentLink } from './payment-link.ts';
import { reconcile } from './reconcile.ts';
import { queueRefunds, refundableOf, retryRefund, sendPendingRefunds } from './refunds.ts';
import type { StripeAccess } from './stripe.ts';

/** Stripe's events are a few kilobytes; a Checkout Session with many lines a few tens. */
const webhookBodyLimit = '512kb';

/**
 * Stripe's events (POST /payments/stripe/webhook): public, its body kept raw for the signature
 * check. Mounted before the API's JSON parser.
 */
export function stripeWebhookRouter(deps: PaymentsDependencies) {
  const router = Router();
  router.post(
    '/payments/stripe/webhook',
    express.raw({ type: () => true, limit: webhookBodyLimit }),
    stripeWebhook(deps),
  );
  return router;
}

/**
 * Payments online for staff: whether they are set up, the link to pay at the kerb, refunds, and
 * the owners' check against Stripe.
 */
export function paymentsRouter(
  deps: PaymentsDependencies,
  { requireUser, requireAnyUser }: { requireUser: RequestHandler; requireAnyUser: RequestHandler },
) {
  const router = Router();
  // Fitters too: My jobs offers the card payment link only while payments are set up.
  router.get('/payments/status', requireAnyUser, paymentsStatus(deps));
  router.get('/payments/reconcile', requireUser, requireOwner, reconcileDay(deps));
  router.post('/payments/refunds/:id/retry', requireUser, retryRefundAsked(deps));
  router.post('/bookings/:id/refund', requireUser, refundBooking(deps));
  router.post('/jobs/:id/payment-link', requireAnyUser, makePaymentLink(deps));
  return router;
}

/**
 * GET /m/{token}/pay (a page, not under /api): the payment link a text carries. The open page
 * to pay the booking's balance at Stripe, else the booking's own page.
 */
export function payByTextRouter(deps: PaymentsDependencies): Router {
  const router = Router();
  router.get('/m/:token/pay', async (req, res) => {
    const token = String(req.params.token);
    const booking = await bookingOfToken(deps.db, token);
    if (!booking) return void res.status(404).type('text/plain').send('Not found');
    const url = deps.stripe ? await openBalancePage(deps, booking.id) : null;
    res.redirect(302, url ?? `/bookings/manage/${token}`);
  });
  return router;
}

/** The payments' Stripe, or 404 while it is not set up (as if the route did not exist). */
function stripeOf(deps: PaymentsDependencies): StripeAccess {
  if (!deps.stripe) throw new HttpError(404, paymentsOffMessage);
  return deps.stripe;
}

/**
 * POST /payments/stripe/webhook: an event from Stripe, its `Stripe-Signature` checked over the
 * raw body with Stripe's library (400, changing nothing, when it is missing, wrong or older than
 * five minutes), then handled once however often it comes. Answered 200 as soon as it is stored:
 * Stripe sends again what is not answered 2xx.
 */
function stripeWebhook(deps: PaymentsDependencies) {
  return async (req: Request, res: Response) => {
    const stripe = stripeOf(deps);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event;
    try {
      // Against the real time, as Stripe signs with it (the product's clock may be moved in tests).
      event = stripe.api.webhooks.constructEvent(
        body,
        req.get('stripe-signature') ?? '',
        stripe.webhookSecret,
      );
    } catch (error) {
      req.log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'Stripe event refused',
      );
      throw new HttpError(400, 'The Stripe signature does not match this event.');
    }
    const answer = await receiveEvent(deps, event);
    req.log.info({ event: event.id, type: event.type, outcome: answer.outcome }, 'Stripe event');
    if (answer.after.bookingsChanged) deps.bookingsChanged?.();
    if (answer.after.queued || answer.after.bookingsChanged) deps.onQueued?.();
    if (answer.after.refunds) void settlePayments(deps);
    res.json({ received: true, duplicate: answer.duplicate });
  };
}

/** GET /payments/status: whether card payments online are set up. */
function paymentsStatus(deps: PaymentsDependencies) {
  return (_req: Request, res: Response) => {
    res.json({ configured: deps.stripe !== null } satisfies PaymentsStatus);
  };
}

const reconcileQuerySchema = z.object({ date: z.optional(calendarDateParam('date')) });

/** GET /payments/reconcile?date=: the day's payments online here against Stripe's (owners). */
function reconcileDay(deps: PaymentsDependencies) {
  return async (req: Request, res: Response) => {
    const stripe = stripeOf(deps);
    const { date = londonDate(deps.clock()) } = parseQuery(reconcileQuerySchema, req);
    res.json(await reconcile({ ...deps, stripe }, date));
  };
}

const refundSchema = z.object({
  amountPence: z.optional(
    z
      .number('Enter the amount in pence')
      .check(z.int('Enter the amount in whole pence'), z.minimum(1, 'The amount must be at least 1p')),
  ),
});

/**
 * POST /bookings/{id}/refund (staff): refunds what was paid online for the booking, all that is
 * left unless told, and answers the refund as Stripe left it (succeeded, failed with Stripe's
 * reason, or pending while Stripe has not answered).
 */
function refundBooking(deps: PaymentsDependencies) {
  return async (req: Request, res: Response) => {
    stripeOf(deps);
    const id = idParam(req, 'The booking id must be a positive whole number.');
    const { amountPence } = parseBody(refundSchema, req.body ?? {});
    const user = req.user!;
    const decided = await deps.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, eq(bookings.id, id));
      if (!booking) return null;
      const left = await refundableOf(tx, id);
      if (left <= 0) return { ids: [], left };
      if (amountPence !== undefined && amountPence > left) return { ids: [], left };
      const ids = await queueRefunds(tx, {
        bookingId: id,
        reference: booking.reference,
        ...(amountPence !== undefined && { amountPence }),
        requestedBy: staffName(user),
        requestedById: user.id,
        at: deps.clock(),
      });
      return { ids, left, reference: booking.reference };
    });
    if (!decided) throw new HttpError(404, 'That booking does not exist.');
    if (decided.left <= 0) throw new HttpError(409, nothingToRefundMessage);
    if (decided.ids.length === 0) {
      throw new HttpError(400, 'Check the amount', {
        amountPence: [`At most ${decided.left} pence is left to refund.`],
      });
    }
    const [refund] = await sendPendingRefunds(deps, decided.ids);
    await recordStaffActivity(deps.db, req, {
      kind: 'refund-asked',
      target: `booking ${decided.reference}`,
      detail: { amountPence: refund!.amountPence, status: refund!.status },
    });
    res.status(201).json(refund);
  };
}

/** POST /payments/refunds/{id}/retry (staff): a refund Stripe refused, asked again. */
function retryRefundAsked(deps: PaymentsDependencies) {
  return async (req: Request, res: Response) => {
    stripeOf(deps);
    const id = idParam(req, 'The refund id must be a positive whole number.');
    const refund = await retryRefund(deps, id);
    if (!refund) throw new HttpError(404, 'That refund does not exist.');
    await recordStaffActivity(deps.db, req, {
      kind: 'refund-asked',
      target: `booking ${refund.reference ?? '(deleted)'}`,
      detail: { amountPence: refund.amountPence, status: refund.status, retry: true },
    });
    res.json(refund);
  };
}

const paymentLinkSchema = z.object({
  email: z.optional(z.boolean('email must be true or false')),
  text: z.optional(z.boolean('text must be true or false')),
});

/** POST /jobs/{id}/payment-link: the link and QR code to pay what is still due (the job's fitter or the office). */
function makePaymentLink(deps: PaymentsDependencies) {
  return async (req: Request, res: Response) => {
    const id = idParam(req, 'The job id must be a positive whole number.');
    const { email, text } = parseBody(paymentLinkSchema, req.body ?? {});
    const user = req.user!;
    const result = await paymentLink(
      deps,
      id,
      { id: user.id, username: user.username, role: user.role },
      {
        ...(email !== undefined && { email }),
        ...(text !== undefined && { text }),
      },
    );
    if (result.status === 404) throw new HttpError(404, 'That job does not exist, or it is not yours.');
    if (result.status !== 201) throw new HttpError(result.status, result.error);
    await recordStaffActivity(deps.db, req, {
      kind: 'payment-link-made',
      target: `job ${id}`,
      detail: { amountPence: result.link.amountPence, emailed: email === true },
    });
    res.status(201).json(result.link);
  };
}

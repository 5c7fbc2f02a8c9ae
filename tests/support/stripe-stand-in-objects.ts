import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { CheckoutParams } from './stripe-stand-in-checks.ts';

/**
 * The objects the stand-in of Stripe (stripe-stand-in.ts) answers with and sends in its events,
 * in Stripe's documented shapes (the stripe library's own types, the fields the product reads).
 */

/** A Checkout Session as Stripe answers it (the fields the product reads). */
export type StandInSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
> & { payment_intent: string | null };

/** A refund as Stripe answers it. */
export type StandInRefund = Pick<
  Stripe.Refund,
  'id' | 'object' | 'amount' | 'created' | 'currency' | 'metadata' | 'reason' | 'status'
> & { charge: string; payment_intent: string };

/** A charge (the card payment behind a paid session), as `charge.refunded` carries it. */
export type StandInCharge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'captured'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'refunded'
  | 'status'
> & {
  payment_intent: string;
  refunds: { object: 'list'; data: StandInRefund[]; has_more: boolean; url: string };
};

/** An event as Stripe sends it to a webhook endpoint (a snapshot event). */
export type StandInEvent<T = unknown> = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: T; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-like id: `cs_test_a1B2…`, `pi_3Q…`, `evt_1P…`. */
export const stripeId = (prefix: string, length = 24) =>
  `${prefix}_${[...randomBytes(length)].map((byte) => alphanumeric[byte % alphanumeric.length]).join('')}`;

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function sessionObject(
  params: CheckoutParams,
  id: string,
  url: string,
  created: number,
): StandInSession {
  const amount = params.lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: params.cancelUrl,
    client_reference_id: params.clientReferenceId,
    created,
    currency: 'gbp',
    customer_email: params.customerEmail,
    expires_at: params.expiresAt,
    livemode: false,
    metadata: params.metadata,
    mode: params.mode,
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: params.successUrl,
    url,
  };
}

export function chargeObject(
  paymentIntent: string,
  amount: number,
  created: number,
  metadata: Record<string, string>,
): StandInCharge {
  const id = stripeId('ch');
  return {
    id,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    captured: true,
    created,
    currency: 'gbp',
    livemode: false,
    metadata,
    paid: true,
    payment_intent: paymentIntent,
    refunded: false,
    status: 'succeeded',
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
  };
}

export function refundObject(
  charge: StandInCharge,
  amount: number,
  created: number,
  metadata: Record<string, string>,
): StandInRefund {
  return {
    id: stripeId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    created,
    currency: 'gbp',
    metadata,
    payment_intent: charge.payment_intent,
    reason: null,
    status: 'succeeded',
  };
}

/** An event of `type` carrying a copy of `object` as it is now. */
export function eventObject<T>(
  type: string,
  object: T,
  created: number,
  request: StandInEvent['request'] = { id: null, idempotency_key: null },
): StandInEvent<T> {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request,
    type,
  };
}

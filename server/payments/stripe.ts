import Stripe from 'stripe';
import type { Config } from '../config.ts';

/**
 * Stripe, through its official library: the one place the product reaches it. Off (null) until
 * both keys are set. `STRIPE_API_URL` points the library elsewhere (a stand-in in tests) by its
 * host, port and protocol options.
 */
export type StripeAccess = {
  api: Stripe;
  webhookSecret: string;
};

/** Stripe answers in well under this; a slower answer never holds a booking up for long. */
const stripeTimeoutMs = 10_000;

export function stripeAccess(config: Config['stripe']): StripeAccess | null {
  if (!config) return null;
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const api = new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: stripeTimeoutMs,
    // One retry of a request that failed on the way (the library sends an idempotency key with it).
    maxNetworkRetries: 1,
    telemetry: false,
  });
  return { api, webhookSecret: config.webhookSecret };
}

/** Stripe's reason for refusing a request, in its own words where it gave some. */
export function stripeReason(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) {
    // The library puts Stripe's request id before the message ("[req_…] …"): the logs keep it.
    return error.message.replace(/^\[req_\w+\]\s*/, '') || error.code || error.type;
  }
  return error instanceof Error ? error.message : String(error);
}

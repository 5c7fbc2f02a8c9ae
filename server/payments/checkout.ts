import type { ChargedLine } from '#common/jobs/invoice.ts';
import type { CheckoutPurpose } from '#common/payments/payments.ts';
import { checkoutLines } from '#common/payments/checkout-lines.ts';
import { checkoutSessions } from '../db/schema.ts';
import type { Database } from '../db/client.ts';
import type { StripeAccess } from './stripe.ts';

/** What a Checkout Session is made for: a booking's deposit or the balance of its job. */
export type CheckoutRequest = {
  booking: { id: number; reference: string; email: string };
  purpose: CheckoutPurpose;
  amountPence: number;
  /** What the job charges: the page shows each line, or its share of the amount. */
  lines: readonly ChargedLine[];
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
  /** Stripe makes one session per key, however often the request is sent. */
  idempotencyKey: string;
};

const purposeLabels: Record<CheckoutPurpose, string> = { deposit: 'Deposit', balance: 'Balance' };

/**
 * Makes a Checkout Session (a page on Stripe where the customer pays by card, in pounds) for a
 * booking, and keeps it: its id, amount, address and expiry. The booking's reference and id go
 * with it, and with the payment it makes, so that Stripe's events and lists name the booking.
 * Throws what Stripe throws.
 */
export async function createCheckout(
  stripe: StripeAccess,
  db: Database,
  request: CheckoutRequest,
  now: Date,
) {
  const { booking, purpose, amountPence } = request;
  const metadata = { bookingId: String(booking.id), reference: booking.reference, purpose };
  const session = await stripe.api.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: booking.reference,
      customer_email: booking.email,
      metadata,
      payment_intent_data: { metadata, description: `${purposeLabels[purpose]} for ${booking.reference}` },
      line_items: checkoutLines(request.lines, amountPence, purposeLabels[purpose]).map((line) => ({
        quantity: line.quantity,
        price_data: { currency: 'gbp', unit_amount: line.unitPence, product_data: { name: line.name } },
      })),
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: Math.floor(request.expiresAt.getTime() / 1000),
    },
    { idempotencyKey: request.idempotencyKey },
  );
  if (!session.url) throw new Error(`Stripe gave Checkout Session ${session.id} no address.`);
  await db
    .insert(checkoutSessions)
    .values({
      id: session.id,
      bookingId: booking.id,
      purpose,
      amountPence,
      url: session.url,
      expiresAt: request.expiresAt,
      createdAt: now,
    })
    .onConflictDoNothing();
  return { id: session.id, url: session.url };
}

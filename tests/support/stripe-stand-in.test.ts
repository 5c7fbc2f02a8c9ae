import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';

/** A webhook endpoint: keeps each POST's raw body and Stripe-Signature header, answers 200. */
async function startReceiver() {
  const received: { body: string; signature: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['stripe-signature']),
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/stripe/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The stand-in's clock: tests move it to make sessions at chosen moments. */
let clock = new Date('2026-03-14T10:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

let standIn: StripeStandIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startReceiver();
  standIn = await startStripeStandIn({ now: () => clock, webhookUrl: receiver.url });
  stripe = standIn.client();
});
afterAll(async () => {
  await standIn.close();
  await receiver.close();
});
beforeEach(() => {
  clock = new Date('2026-03-14T10:00:00Z');
});

/** A deposit's session as the product asks for one. */
const depositParams = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  ({
    mode: 'payment',
    line_items: [
      {
        price_data: { currency: 'gbp', unit_amount: 5000, product_data: { name: 'Deposit: tyre fitting' } },
        quantity: 1,
      },
    ],
    client_reference_id: 'BK-7Q2M',
    metadata: { bookingId: '12', purpose: 'deposit' },
    customer_email: 'sam@example.com',
    success_url: 'http://127.0.0.1:5173/booking/paid?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:5173/booking/BK-7Q2M',
    expires_at: seconds(clock) + 30 * 60,
    ...overrides,
  }) satisfies Stripe.Checkout.SessionCreateParams;

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
};

describe('Checkout Sessions', () => {
  it('makes one as Stripe answers it, with its hosted page', async () => {
    const session = await stripe.checkout.sessions.create(depositParams());
    expect(session).toMatchObject({
      object: 'checkout.session',
      amount_total: 5000,
      amount_subtotal: 5000,
      currency: 'gbp',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      client_reference_id: 'BK-7Q2M',
      metadata: { bookingId: '12', purpose: 'deposit' },
      customer_email: 'sam@example.com',
      created: seconds(clock),
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_\w+$/);
    expect(session.url).toBe(`${standIn.url}/pay/${session.id}`);
    expect(standIn.requests.at(-1)?.body).toMatchObject({
      line_items: [{ price_data: { currency: 'gbp', unit_amount: '5000' }, quantity: '1' }],
      metadata: { bookingId: '12' },
    });
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);

    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('<title>Stand-in checkout</title>');
    expect(page).toContain('£50.00');
    expect(page).toContain('Deposit: tyre fitting');
    expect(page).toContain('href="http://127.0.0.1:5173/booking/BK-7Q2M">Cancel</a>');
  });

  it('refuses what the product must not send, naming the parameter', async () => {
    const line = depositParams().line_items[0]!;
    const cases: [Stripe.Checkout.SessionCreateParams, string][] = [
      [
        depositParams({ line_items: [{ ...line, price_data: { ...line.price_data, currency: 'usd' } }] }),
        'line_items[0][price_data][currency]',
      ],
      [depositParams({ client_reference_id: undefined }), 'client_reference_id'],
      [depositParams({ metadata: { purpose: 'deposit' } }), 'metadata[bookingId]'],
      [depositParams({ expires_at: seconds(clock) + 10 * 60 }), 'expires_at'],
      [depositParams({ expires_at: seconds(clock) + 25 * 60 * 60 }), 'expires_at'],
      [depositParams({ success_url: '/booking/paid' }), 'success_url'],
    ];
    for (const [params, param] of cases) {
      const error = await refusal(stripe.checkout.sessions.create(params));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect({ param: error.param, status: error.statusCode }).toEqual({ param, status: 400 });
    }
    const soon = await refusal(
      stripe.checkout.sessions.create(depositParams({ expires_at: seconds(clock) + 60 })),
    );
    expect(soon.message).toMatch(/at least 30 minutes/);
  });

  it('answers the same session to the same idempotency key', async () => {
    const first = await stripe.checkout.sessions.create(depositParams(), {
      idempotencyKey: 'booking-12-deposit',
    });
    const again = await stripe.checkout.sessions.create(depositParams(), {
      idempotencyKey: 'booking-12-deposit',
    });
    expect(again.id).toBe(first.id);
    const other = await refusal(
      stripe.checkout.sessions.create(depositParams({ client_reference_id: 'BK-OTHER' }), {
        idempotencyKey: 'booking-12-deposit',
      }),
    );
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('lists them newest first by their created range, page after page', async () => {
    const start = new Date('2026-05-01T08:00:00Z');
    const made: string[] = [];
    for (let index = 0; index < 130; index += 1) {
      clock = new Date(start.getTime() + index * 1000);
      made.push((await stripe.checkout.sessions.create(depositParams())).id);
    }
    const before = standIn.requests.length;
    const listed: string[] = [];
    for await (const session of stripe.checkout.sessions.list({
      created: { gte: seconds(start) + 10, lt: seconds(start) + 125 },
      limit: 100,
    }))
      listed.push(session.id);
    expect(listed).toEqual(made.slice(10, 125).reverse());
    const pages = standIn.requests.slice(before);
    expect(pages.map((request) => request.query.starting_after)).toEqual([undefined, made[25]]);

    const page = await stripe.checkout.sessions.list({ created: { gte: seconds(start) }, limit: 3 });
    expect(page).toMatchObject({ object: 'list', has_more: true, url: '/v1/checkout/sessions' });
    expect(page.data.map((session) => session.id)).toEqual(made.slice(-3).reverse());
  });
});

describe('payments and their events', () => {
  it('pays a session and signs the event the webhook receives', async () => {
    const session = await stripe.checkout.sessions.create(depositParams());
    const paid = await standIn.pay(session.id);
    expect(paid.status).toBe(200);
    const { body, signature } = receiver.received.at(-1)!;
    const event = stripe.webhooks.constructEvent(body, signature, standIn.webhookSecret);
    expect(event).toMatchObject({
      id: paid.event.id,
      object: 'event',
      type: 'checkout.session.completed',
      livemode: false,
      api_version: Stripe.API_VERSION,
      data: {
        object: {
          id: session.id,
          status: 'complete',
          payment_status: 'paid',
          amount_total: 5000,
          client_reference_id: 'BK-7Q2M',
          metadata: { bookingId: '12' },
        },
      },
    });
    const paymentIntent = (event.data.object as Stripe.Checkout.Session).payment_intent;
    expect(paymentIntent).toMatch(/^pi_\w+$/);
    expect(standIn.charges.get(String(paymentIntent))).toMatchObject({ amount: 5000, paid: true });
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_someone_else')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('takes the payment on its hosted page and sends the customer back', async () => {
    const session = await stripe.checkout.sessions.create(depositParams());
    const response = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://127.0.0.1:5173/booking/paid?session=${session.id}`);
    expect(receiver.received.at(-1)!.body).toContain(session.id);
    expect(await (await fetch(session.url!)).text()).toContain('has been made');
    // Stripe gives a session's address only while it is open.
    expect((await stripe.checkout.sessions.retrieve(session.id)).url).toBeNull();
  });

  it('expires an open session, once', async () => {
    const session = await stripe.checkout.sessions.create(depositParams());
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe('expired');
    await standIn.settled();
    const event = JSON.parse(receiver.received.at(-1)!.body) as Stripe.Event;
    expect(event).toMatchObject({ type: 'checkout.session.expired', data: { object: { id: session.id } } });
    const again = await refusal(stripe.checkout.sessions.expire(session.id));
    expect(again.statusCode).toBe(400);
    expect(await (await fetch(session.url!)).text()).toContain('expired');

    const later = await stripe.checkout.sessions.create(depositParams());
    expect(await standIn.expireDue()).toEqual([]);
    clock = new Date(clock.getTime() + 30 * 60 * 1000);
    expect(await standIn.expireDue()).toContain(later.id);
    expect(standIn.sessions.get(later.id)?.status).toBe('expired');
    expect(receiver.received.some(({ body }) => body.includes(later.id))).toBe(true);
  });
});

describe('refunds', () => {
  const paidSession = async () => {
    const session = await stripe.checkout.sessions.create(depositParams());
    return String((await standIn.pay(session.id)).session.payment_intent);
  };

  it('refunds once for one idempotency key, and tells of it with charge.refunded', async () => {
    const paymentIntent = await paidSession();
    const ask = () =>
      stripe.refunds.create(
        { payment_intent: paymentIntent, amount: 2000, metadata: { refundId: '7' } },
        { idempotencyKey: 'refund-7-1' },
      );
    const first = await ask();
    const again = await ask();
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      object: 'refund',
      amount: 2000,
      currency: 'gbp',
      payment_intent: paymentIntent,
      status: 'succeeded',
      metadata: { refundId: '7' },
      reason: null,
    });
    expect(
      [...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent),
    ).toHaveLength(1);
    await standIn.settled();
    const refunded = receiver.received
      .map(({ body }) => JSON.parse(body) as Stripe.Event)
      .filter((event) => event.type === 'charge.refunded');
    expect(refunded.at(-1)?.data.object).toMatchObject({
      object: 'charge',
      amount: 5000,
      amount_refunded: 2000,
      payment_intent: paymentIntent,
      refunded: false,
      refunds: { object: 'list', data: [{ id: first.id, metadata: { refundId: '7' } }] },
    });
    expect(refunded.at(-1)?.request?.idempotency_key).toBe('refund-7-1');

    const tooMuch = await refusal(stripe.refunds.create({ payment_intent: paymentIntent, amount: 3001 }));
    expect(tooMuch.code).toBe('amount_too_large');
    expect((await stripe.refunds.create({ payment_intent: paymentIntent })).amount).toBe(3000);
  });

  it('refuses a refund of an unpaid payment, and all of them while told to', async () => {
    const unknown = await refusal(stripe.refunds.create({ payment_intent: 'pi_nothing' }));
    // The library puts Stripe's request id before Stripe's words: `[req_…] No such payment_intent: …`.
    expect(unknown.message).toBe(`[${unknown.requestId}] No such payment_intent: 'pi_nothing'`);
    expect(unknown.requestId).toMatch(/^req_\w+$/);

    const paymentIntent = await paidSession();
    standIn.refuseRefunds('Insufficient funds in your Stripe balance to refund this amount.');
    const refused = await refusal(stripe.refunds.create({ payment_intent: paymentIntent }));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((refused.raw as { message: string }).message).toBe(
      'Insufficient funds in your Stripe balance to refund this amount.',
    );
    expect(refused.message).toBe(
      `[${refused.requestId}] Insufficient funds in your Stripe balance to refund this amount.`,
    );
    standIn.refuseRefunds(null);
    expect((await stripe.refunds.create({ payment_intent: paymentIntent })).amount).toBe(5000);
  });
});

it("sends charge.refunded without the refunds list when told to, as Stripe's API versions since 2022-11-15 do", async () => {
  const plain = await startStripeStandIn({ chargeRefundsInEvents: false, now: () => clock });
  try {
    const client = plain.client();
    const session = await client.checkout.sessions.create(depositParams());
    const paid = await plain.pay(session.id);
    expect((await client.checkout.sessions.list({ status: 'complete' })).data.map((s) => s.id)).toEqual([
      session.id,
    ]);
    await client.refunds.create({ payment_intent: String(paid.session.payment_intent) });
    await plain.settled();
    const refunded = plain.events.find(({ event }) => event.type === 'charge.refunded')!.event;
    expect(refunded.data.object).toMatchObject({ object: 'charge', amount_refunded: 5000, refunded: true });
    expect(refunded.data.object).not.toHaveProperty('refunds');
  } finally {
    await plain.close();
  }
});

it('refuses a wrong API key as Stripe does', async () => {
  const stranger = new Stripe('sk_test_wrong_key_0000', {
    host: '127.0.0.1',
    port: Number(new URL(standIn.url).port),
    protocol: 'http',
    telemetry: false,
  });
  const error = await refusal(stranger.checkout.sessions.list());
  expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  expect(error.statusCode).toBe(401);
  expect(standIn.env()).toEqual({
    STRIPE_API_URL: standIn.url,
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
  });
  expect(standIn.secretKey).toMatch(/^sk_test_\w+$/);
  expect(standIn.webhookSecret).toMatch(/^whsec_\w+$/);
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { CreatedBooking } from '#common/bookings/booking.ts';
import type { Takings } from '#common/jobs/jobs.ts';
import type { PaymentLink, Reconciliation, Refund } from '#common/payments/payments.ts';
import { makeBooking } from '#tests/support/bookings.ts';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import { usePaymentsApp } from '#tests/support/payments-app.ts';
import { addTyre } from '#tests/support/tyres.ts';
import { lapseUnpaid } from './holds.ts';

// Tuesday 24 November 2026, 10:00 London. Bookings are on Friday 27th (more than 24 hours ahead,
// refunded when cancelled) or Wednesday 25th (less: staff decide).
const payments = usePaymentsApp();
const { fixture, book, clock, stripe, tokenOf, rows, staff } = payments;
const friday = '2026-11-27';

async function bookDeposit(date = friday, overrides: Record<string, unknown> = {}) {
  const tyre = await addTyre(fixture.database.db, { stock: 4, priceOverridePence: 8999 });
  const answer = await book(
    makeBooking({ service: 'tyre-replacement', tyreId: tyre.id, quantity: 2, date, ...overrides }),
  );
  expect(answer.body.payment).toMatchObject({ status: 'due', amountPence: 3600 });
  const booking = answer.body as CreatedBooking;
  return { tyre, booking, session: payments.sessionOf(booking.reference) };
}

const paymentsOf = (reference: string) =>
  rows<{ method: string; amount_pence: number; payment_intent: string }>(
    sql`select method, amount_pence, payment_intent from payments
      where booking_id = (select id from bookings where reference = ${reference})`,
  );
const refundsOf = (reference: string) =>
  rows<{ status: string; amount_pence: number; stripe_refund_id: string | null; failure: string | null }>(
    sql`select status, amount_pence, stripe_refund_id, failure from refunds where reference = ${reference} order by id`,
  );

describe('Stripe’s events', () => {
  it('take a deposit paid: the booking paid, the payment recorded once with Stripe’s id', async () => {
    const { booking, session } = await bookDeposit();
    const holds = sql`select count(*)::int as count from tyre_holds
      where booking_id = (select id from bookings where reference = ${booking.reference})`;
    expect((await rows<{ count: number }>(holds))[0]!.count).toBeGreaterThan(0);
    const paid = await stripe().pay(session.id);
    expect(paid.status).toBe(200);
    const diary = await payments.diaryBooking(booking.reference, friday);
    expect(diary.payment).toEqual({ status: 'paid', amountPence: 3600, paidPence: 3600, refundedPence: 0 });
    // Paid for, its tyres count no more under its customer's limit of tyres held.
    expect((await rows<{ count: number }>(holds))[0]!.count).toBe(0);
    expect(await paymentsOf(booking.reference)).toEqual([
      { method: 'online', amount_pence: 3600, payment_intent: expect.stringMatching(/^pi_/) },
    ]);
    // The event is kept by its id alone: not the customer's name and address it carried.
    const kept = await rows<{ payload: unknown }>(sql`select payload from stripe_events`);
    expect(
      kept.map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload)),
    ).toEqual([{ id: paid.event.id, type: 'checkout.session.completed' }]);
    // The manage page no longer offers the Checkout page.
    const managed = await request(fixture.app)
      .get(`/api/bookings/manage/${tokenOf(booking)}`)
      .expect(200);
    expect(managed.body).toMatchObject({ payUrl: null, payment: { status: 'paid', paidPence: 3600 } });
  });

  it('refuse a bad or old signature with 400 and change nothing; a replay is answered and not handled again', async () => {
    const { booking, session } = await bookDeposit();
    const { event } = await stripe().pay(session.id, { deliver: false });
    const wrong = await stripe().deliver(event, { secret: 'whsec_notthesecret' });
    expect(wrong).toMatchObject({ status: 400, body: expect.stringContaining('signature') });
    const old = await stripe().deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(old.status).toBe(400);
    const unsigned = await request(fixture.app).post('/api/payments/stripe/webhook').send(event);
    expect(unsigned.status).toBe(400);
    expect(await paymentsOf(booking.reference)).toEqual([]);
    expect((await payments.diaryBooking(booking.reference, friday)).payment.status).toBe('due');
    expect(JSON.parse((await stripe().deliver(event)).body)).toEqual({ received: true, duplicate: false });
    expect(JSON.parse((await stripe().deliver(event)).body)).toEqual({ received: true, duplicate: true });
    expect(await paymentsOf(booking.reference)).toHaveLength(1);
  });

  it('handle the same event sent to two servers at once once', async () => {
    const { booking, session } = await bookDeposit();
    const { event } = await stripe().pay(session.id, { deliver: false });
    const second = createTestApp(fixture.database, {
      config: testConfig(stripe().env()),
      clock: () => clock.now,
      siteContent: payments.content,
      settings: payments.content.settings,
    });
    const server = http.createServer(second);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/stripe/webhook`;
      const answers = await Promise.all([stripe().deliver(event), stripe().deliver(event, { url })]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(answers.map((answer) => JSON.parse(answer.body).duplicate).sort()).toEqual([false, true]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(await paymentsOf(booking.reference)).toHaveLength(1);
  });

  it('out of order: a refund before its payment waits for it; an expiry after the payment changes nothing', async () => {
    const { booking, session } = await bookDeposit();
    const { event: completed, session: paid } = await stripe().pay(session.id, { deliver: false });
    const paymentIntent = paid.payment_intent;
    const refunded = stripe().event('charge.refunded', {
      id: 'ch_dashboard',
      object: 'charge',
      amount: 3600,
      amount_refunded: 1000,
      payment_intent: paymentIntent,
      refunded: false,
    });
    expect((await stripe().deliver(refunded)).status).toBe(200);
    expect(await refundsOf(booking.reference)).toEqual([]);
    expect((await stripe().deliver(completed)).status).toBe(200);
    // The refund made in Stripe's Dashboard is recorded once its payment is known.
    expect(await refundsOf(booking.reference)).toEqual([
      { status: 'succeeded', amount_pence: 1000, stripe_refund_id: null, failure: null },
    ]);
    const expired = stripe().event('checkout.session.expired', { ...session, status: 'expired' });
    expect((await stripe().deliver(expired)).status).toBe(200);
    expect((await payments.diaryBooking(booking.reference, friday)).payment).toMatchObject({
      status: 'paid',
      refundedPence: 1000,
    });
  });

  it('a deposit paid after its booking lapsed restores it while its place and tyres are free', async () => {
    const { tyre, booking, session } = await bookDeposit();
    clock.now = new Date(clock.now.getTime() + 31 * 60_000);
    expect(await lapseUnpaid(payments.paymentsDeps())).toBe(1);
    expect((await stripe().pay(session.id)).status).toBe(200);
    const diary = await payments.diaryBooking(booking.reference, friday);
    expect(diary).toMatchObject({
      status: 'booked',
      cancelledBy: null,
      payment: { status: 'paid', paidPence: 3600 },
    });
    const [stock] = await rows<{ reserved: number }>(sql`select reserved from tyres where id = ${tyre.id}`);
    expect(stock!.reserved).toBe(2);
    const [note] = await rows<{ text: string }>(sql`select text from enquiry_notes order by id desc limit 1`);
    expect(note!.text).toMatch(/paid after the booking lapsed.*restored/);
  });

  it('a deposit paid after its booking lapsed and its place went is refunded at once', async () => {
    payments.setPayments({ deposit: { kind: 'percent', percent: 20, fixedPence: 5000, services: [] } }, [
      { start: '08:00', end: '10:00', places: 1 },
    ]);
    const { booking, session } = await bookDeposit();
    clock.now = new Date(clock.now.getTime() + 31 * 60_000);
    await lapseUnpaid(payments.paymentsDeps());
    payments.setPayments({ deposit: { kind: 'none', percent: 20, fixedPence: 5000, services: [] } }, [
      { start: '08:00', end: '10:00', places: 1 },
    ]);
    expect((await book(makeBooking({ date: friday }))).status).toBe(201);
    expect((await stripe().pay(session.id)).status).toBe(200);
    await expect.poll(async () => (await refundsOf(booking.reference))[0]?.status).toBe('succeeded');
    await stripe().settled();
    expect((await payments.diaryBooking(booking.reference, friday)).payment).toMatchObject({
      status: 'refunded',
      paidPence: 3600,
      refundedPence: 3600,
    });
    const [note] = await rows<{ text: string }>(sql`select text from enquiry_notes order by id desc limit 1`);
    expect(note!.text).toMatch(/paid after the booking lapsed.*refunded/);
  });
});

describe('refunds', () => {
  it('are made when the customer cancels more than the refund hours before, with an idempotency key', async () => {
    const { booking, session } = await bookDeposit();
    await stripe().pay(session.id);
    await request(fixture.app)
      .post(`/api/bookings/manage/${tokenOf(booking)}/cancel`)
      .expect(200);
    await expect.poll(async () => (await refundsOf(booking.reference))[0]?.status).toBe('succeeded');
    const asked = stripe().requests.filter((call) => call.path === '/v1/refunds');
    expect(asked.at(-1)!.body).toMatchObject({
      payment_intent: expect.stringMatching(/^pi_/),
      amount: '3600',
    });
    expect(asked.at(-1)!.headers['idempotency-key']).toMatch(/^refund-\d+-0$/);
    await stripe().settled();
    expect((await payments.diaryBooking(booking.reference, friday)).payment).toMatchObject({
      status: 'refunded',
      refundedPence: 3600,
    });
  });

  it('are made when staff cancel more than the refund hours before, asked by that member of staff', async () => {
    const { booking, session } = await bookDeposit();
    await stripe().pay(session.id);
    const id = (await payments.diaryBooking(booking.reference, friday)).id;
    await request(fixture.app)
      .put(`/api/bookings/${id}`)
      .set(await staff('staff'))
      .send({ status: 'cancelled', reason: 'Van off the road' })
      .expect(200);
    await expect.poll(async () => (await refundsOf(booking.reference))[0]?.status).toBe('succeeded');
    const [asked] = await rows<{ requested_by: string; requested_by_id: number | null }>(
      sql`select requested_by, requested_by_id from refunds where reference = ${booking.reference}`,
    );
    expect(asked!.requested_by_id).not.toBeNull();
    expect(asked!.requested_by).toMatch(/^staff\d+$/);
  });

  it('are for staff to decide inside the refund hours, and a refusal shows Stripe’s reason and can be tried again', async () => {
    const { booking, session } = await bookDeposit('2026-11-25');
    await stripe().pay(session.id);
    const owner = await staff();
    const id = (await payments.diaryBooking(booking.reference)).id;
    await request(fixture.app)
      .put(`/api/bookings/${id}`)
      .set(owner)
      .send({ status: 'cancelled', reason: 'Van off the road' })
      .expect(200);
    expect(await refundsOf(booking.reference)).toEqual([]);
    stripe().refuseRefunds('This charge has been disputed.');
    const refused = await request(fixture.app)
      .post(`/api/bookings/${id}/refund`)
      .set(owner)
      .send({})
      .expect(201);
    expect(refused.body as Refund).toMatchObject({
      status: 'failed',
      failure: 'This charge has been disputed.',
      amountPence: 3600,
    });
    stripe().refuseRefunds(null);
    const retried = await request(fixture.app)
      .post(`/api/payments/refunds/${(refused.body as Refund).id}/retry`)
      .set(owner)
      .expect(200);
    expect(retried.body as Refund).toMatchObject({
      status: 'succeeded',
      stripeRefundId: expect.stringMatching(/^re_/),
    });
    const again = await request(fixture.app).post(`/api/bookings/${id}/refund`).set(owner).send({});
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Nothing paid online is left to refund on this booking.');
    await stripe().settled();
    const takings = (await request(fixture.app).get('/api/takings?date=2026-11-24').set(owner).expect(200))
      .body as Takings;
    expect(takings.online.refunds.map((refund) => refund.status)).toEqual(['succeeded']);
    expect(takings.online.refunded).toBe(3600);
    expect(takings.online.payments).toEqual([
      expect.objectContaining({
        reference: booking.reference,
        amountPence: 3600,
        purpose: 'deposit',
        paymentIntent: expect.stringMatching(/^pi_/),
      }),
    ]);
  });
});

describe('the link to pay at the kerb', () => {
  it('is for what is still due, with a QR code; paid, the job and the takings show it', async () => {
    payments.setPayments({ deposit: { kind: 'none', percent: 20, fixedPence: 5000, services: [] } });
    const tyre = await addTyre(fixture.database.db, { stock: 4, priceOverridePence: 8999 });
    const created = (await book(makeBooking({ service: 'tyre-replacement', tyreId: tyre.id, quantity: 2 })))
      .body as CreatedBooking;
    const id = (await payments.diaryBooking(created.reference)).id;
    const fitter = await staff('fitter');
    // Another fitter's job is not theirs.
    await request(fixture.app).post(`/api/jobs/${id}/payment-link`).set(fitter).send({}).expect(404);
    const owner = await staff();
    const made = await request(fixture.app)
      .post(`/api/jobs/${id}/payment-link`)
      .set(owner)
      .send({ email: true })
      .expect(201);
    const link = made.body as PaymentLink;
    expect(link).toMatchObject({ amountPence: 17_998, url: expect.stringMatching(/\/pay\/cs_/) });
    expect(link.qrSvg).toMatch(/^<svg/);
    const [mail] = await rows<{ kind: string; url: string }>(
      sql`select kind, payload->>'url' as url from outbox where kind = 'payment-link'`,
    );
    expect(mail).toEqual({ kind: 'payment-link', url: link.url });
    // Asked again for the same amount: the same page.
    const again = await request(fixture.app)
      .post(`/api/jobs/${id}/payment-link`)
      .set(owner)
      .send({})
      .expect(201);
    expect((again.body as PaymentLink).url).toBe(link.url);
    const session = [...stripe().sessions.values()].find((entry) => entry.url === link.url)!;
    expect(session.metadata).toMatchObject({ purpose: 'balance', reference: created.reference });
    await stripe().pay(session.id);
    const jobs = await request(fixture.app).get('/api/jobs?date=2026-11-25').set(owner).expect(200);
    expect(jobs.body.find((job: { id: number }) => job.id === id)).toMatchObject({
      total: 17_998,
      paid: 17_998,
    });
    const takings = (await request(fixture.app).get('/api/takings?date=2026-11-24').set(owner).expect(200))
      .body as Takings;
    expect(takings.byMethod.online).toBe(17_998);
    expect(takings.online.payments).toEqual([
      expect.objectContaining({ purpose: 'balance', amountPence: 17_998 }),
    ]);
    const paidUp = await request(fixture.app).post(`/api/jobs/${id}/payment-link`).set(owner).send({});
    expect(paidUp.status).toBe(409);
    expect(paidUp.body.error).toBe('Nothing is due on this job.');
  });
});

describe('the owners’ check against Stripe', () => {
  it('lists what Stripe has paid that is missing here, and the other way round', async () => {
    const owner = await staff();
    const first = await bookDeposit();
    await stripe().pay(first.session.id);
    const second = await bookDeposit();
    // Paid at Stripe, its event never delivered.
    await stripe().pay(second.session.id, { deliver: false });
    // Recorded here, unknown to Stripe.
    await fixture.database.db.execute(
      sql`insert into payments (booking_id, method, amount_pence, idempotency_key, taken_at, payment_intent, checkout_session_id)
        values (null, 'online', 1234, 'stripe:cs_test_unknown', ${clock.now.toISOString()}, 'pi_unknown', 'cs_test_unknown')`,
    );
    const answer = await request(fixture.app)
      .get('/api/payments/reconcile?date=2026-11-24')
      .set(owner)
      .expect(200);
    const check = answer.body as Reconciliation;
    expect(check.matched).toBe(1);
    // (The stand-in keeps the pages paid by the tests before, whose payments are gone from here.)
    const missingHere = check.missingHere.map((item) => item.sessionId);
    expect(missingHere).toContain(second.session.id);
    expect(missingHere).not.toContain(first.session.id);
    expect(check.missingHere.find((item) => item.sessionId === second.session.id)).toMatchObject({
      amountPence: 3600,
      reference: second.booking.reference,
    });
    expect(check.missingAtStripe).toEqual([
      expect.objectContaining({ sessionId: 'cs_test_unknown', amountPence: 1234 }),
    ]);
    await request(fixture.app)
      .get('/api/payments/reconcile?date=2026-11-24')
      .set(await staff('staff'))
      .expect(403);
    await request(fixture.app).get('/api/payments/reconcile?date=24-11-2026').set(owner).expect(400);
  });
});

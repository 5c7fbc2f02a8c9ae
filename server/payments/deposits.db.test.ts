import { sql } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { CreatedBooking, ManagedBooking } from '#common/bookings/booking.ts';
import { lapsedBy } from '#common/payments/payments.ts';
import { makeBooking } from '#tests/support/bookings.ts';
import { usePaymentsApp } from '#tests/support/payments-app.ts';
import { addTyre } from '#tests/support/tyres.ts';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import { appOutboxMails } from '../outbox-mails.ts';
import { settlePayments } from './booking-payments.ts';
import { lapseUnpaid } from './holds.ts';

const mailContext = {
  from: 'bookings@example.com',
  to: 'office@example.com',
  business: {
    companyName: 'Tyres Ltd',
    phone: '01708000000',
    formattedPhone: '01708 000000',
    email: 'office@example.com',
  },
  branches: [],
  noticeHours: 24,
  publicUrl: 'https://tyres.example',
  messageDomain: 'tyres.example',
  outboxId: 1,
} as never;

// Tuesday 24 November 2026, 10:00 London; tomorrow's 08:00 window has 3 places, 10:00 has 2.
const payments = usePaymentsApp();
const { fixture, book, clock, stripe, tokenOf, rows } = payments;

/** Two tyres from own stock at £89.99 fitted each, booked tomorrow at 08:00. */
async function bookTyres(overrides: Record<string, unknown> = {}) {
  const tyre = await addTyre(fixture.database.db, { stock: 4, priceOverridePence: 8999 });
  const answer = await book(
    makeBooking({ service: 'tyre-replacement', tyreId: tyre.id, quantity: 2, ...overrides }),
  );
  expect(answer.status).toBe(201);
  return { tyre, booking: answer.body as CreatedBooking };
}

const reserved = async (tyreId: number) =>
  (await rows<{ reserved: number }>(sql`select reserved from tyres where id = ${tyreId}`))[0]!.reserved;
const taken = async (start = '08:00') =>
  (
    await rows<{ taken: number }>(
      sql`select taken from booking_places where date = '2026-11-25' and start_time = ${start} and location = 'mobile'`,
    )
  )[0]?.taken ?? 0;

describe('a booking with a deposit', () => {
  it('answers the deposit with its Checkout page, made with the booking’s reference, lines and hold', async () => {
    const { booking } = await bookTyres();
    expect(booking.payment).toEqual({
      status: 'due',
      amountPence: 3600,
      url: expect.stringMatching(/\/pay\/cs_/),
    });
    const made = stripe().requests.find(
      (call) => call.path === '/v1/checkout/sessions' && call.method === 'POST',
    )!;
    expect(made.body).toMatchObject({
      mode: 'payment',
      client_reference_id: booking.reference,
      metadata: { reference: booking.reference, purpose: 'deposit' },
      success_url: `${booking.manageUrl}?paid=1`,
      cancel_url: `${booking.manageUrl}?paid=0`,
      // The hold's end: 30 minutes and the minute Stripe's own clock may be ahead.
      expires_at: String(Math.floor(clock.now.getTime() / 1000) + 31 * 60),
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'gbp',
            unit_amount: '3600',
            product_data: { name: expect.stringMatching(/^Deposit towards 2 × Hankook/) },
          },
        },
      ],
    });
    expect(Number((made.body.metadata as Record<string, string>).bookingId)).toBeGreaterThan(0);
    const diary = await payments.diaryBooking(booking.reference);
    expect(diary.payment).toEqual({ status: 'due', amountPence: 3600, paidPence: 0, refundedPence: 0 });
    const managed = (
      await request(fixture.app)
        .get(`/api/bookings/manage/${tokenOf(booking)}`)
        .expect(200)
    ).body as ManagedBooking;
    expect(managed).toMatchObject({
      payUrl: booking.payment!.url,
      payment: { status: 'due', amountPence: 3600 },
    });
    // The confirmation, queued with the booking, asks for the deposit rather than calling it secured.
    const [queued] = await rows<{ payload: unknown }>(
      sql`select payload from outbox where kind = 'booking-confirmation' and payload->'booking'->>'reference' = ${booking.reference}`,
    );
    const payload = typeof queued!.payload === 'string' ? JSON.parse(queued!.payload) : queued!.payload;
    const message = appOutboxMails({ invoicePdf: async () => null }).read({
      kind: 'booking-confirmation',
      payload,
    });
    const mail = message.write(mailContext);
    expect(mail.subject).toMatch(/^Pay the deposit to secure your booking: /);
    expect(mail.text).toContain('A deposit of £36.00 secures it.');
  });

  it('asks none for a service the rule leaves out, nor for no deposit rule', async () => {
    const made = () => stripe().requests.filter((call) => call.path === '/v1/checkout/sessions').length;
    const before = made();
    payments.setPayments({ deposit: { kind: 'fixed', fixedPence: 5000, percent: 20, services: ['mot'] } });
    expect((await book(makeBooking())).body.payment).toBeUndefined();
    payments.setPayments({ deposit: { kind: 'none', fixedPence: 5000, percent: 20, services: [] } });
    expect((await book(makeBooking())).body.payment).toBeUndefined();
    expect(made()).toBe(before);
    payments.setPayments({
      deposit: { kind: 'fixed', fixedPence: 5000, percent: 20, services: ['puncture-repair'] },
    });
    expect((await book(makeBooking())).body.payment).toMatchObject({ status: 'due' });
    expect(made()).toBe(before + 1);
  });

  it('stands, to be paid on the day, when Stripe cannot be reached; staff find a note saying so', async () => {
    const config = testConfig({
      ...stripe().env(),
      STRIPE_API_URL: 'http://127.0.0.1:9',
      ENQUIRY_RATE_LIMIT: '1000',
    });
    const unreachable = createTestApp(fixture.database, {
      config,
      clock: () => clock.now,
      siteContent: payments.content,
      settings: payments.content.settings,
    });
    const answer = await request(unreachable)
      .post('/api/bookings')
      .send(
        makeBooking({
          service: 'tyre-replacement',
          tyreId: (await addTyre(fixture.database.db, { stock: 2, priceOverridePence: 8999 })).id,
          quantity: 2,
        }),
      );
    expect(answer.status).toBe(201);
    expect(answer.body.payment).toBeUndefined();
    const [note] = await rows<{ text: string; author_name: string }>(
      sql`select text, author_name from enquiry_notes order by id desc limit 1`,
    );
    expect(note).toMatchObject({ author_name: 'Payments' });
    expect(note!.text).toMatch(
      /^The deposit of £36\.00 could not be asked online \(Stripe: .+\)\. The booking stands: the customer pays on the day\.$/,
    );
    expect((await payments.diaryBooking(answer.body.reference)).payment.status).toBe('none');
  });

  it('is released when the hold ends unpaid: the place and tyres return, the customer is told, the diary shows it lapsed', async () => {
    const { tyre, booking } = await bookTyres();
    expect([await reserved(tyre.id), await taken()]).toEqual([2, 1]);
    clock.now = new Date(clock.now.getTime() + 29 * 60_000);
    expect(await lapseUnpaid(payments.paymentsDeps())).toBe(0);
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect(await lapseUnpaid(payments.paymentsDeps())).toBe(1);
    expect([await reserved(tyre.id), await taken()]).toEqual([0, 0]);
    const diary = await payments.diaryBooking(booking.reference);
    expect(diary).toMatchObject({
      status: 'cancelled',
      cancelledBy: lapsedBy,
      payment: { status: 'lapsed' },
    });
    const mails = await rows<{ kind: string; to: string }>(
      sql`select kind, payload->'booking'->>'email' as to from outbox where payload->'booking'->>'reference' = ${booking.reference} order by id`,
    );
    expect(mails.map((mail) => mail.kind)).toContain('booking-cancelled');
    // Its Checkout page is closed at Stripe, so that nobody pays for a booking that is gone.
    await settlePayments(payments.paymentsDeps());
    expect(payments.sessionOf(booking.reference).status).toBe('expired');
  });

  it('is released when Stripe reports its page expired', async () => {
    const { tyre, booking } = await bookTyres();
    const delivered = await stripe().expire(payments.sessionOf(booking.reference).id);
    expect(delivered.status).toBe(200);
    expect((await payments.diaryBooking(booking.reference)).payment.status).toBe('lapsed');
    expect(await reserved(tyre.id)).toBe(0);
  });
});

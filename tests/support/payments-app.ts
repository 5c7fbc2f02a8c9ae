import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type sql } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Booking } from '#common/bookings/booking.ts';
import type { PaymentSettings } from '#common/payments/settings.ts';
import { defaultPaymentSettings } from '#common/payments/settings.ts';
import { selectRows } from '#server/db/client.ts';
import { checkoutSessions, payments, refunds, stripeEvents } from '#server/db/schema.ts';
import { paymentsDependencies } from '#server/payments/setup.ts';
import { testConfig } from './app.ts';
import { bookingContent, bookingNow } from './bookings.ts';
import { useBookingsApp } from './bookings-app.ts';
import { signedInStaff } from './factories.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { clearTyres } from './tyres.ts';

/** Empties what payments online write (their bookings are emptied with the bookings). */
async function clearPayments(db: Parameters<typeof clearTyres>[0]) {
  for (const table of [refunds, payments, checkoutSessions, stripeEvents]) await db.delete(table);
}

/**
 * The payments' tests: the bookings' app (tests/support/bookings-app.ts) with Stripe set up against
 * a stand-in (tests/support/stripe-stand-in.ts) on the same clock, listening on a port for the
 * stand-in's webhook events; a deposit rule of `deposit` (20% of every booking unless told).
 */
export function usePaymentsApp() {
  let standIn: StripeStandIn | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    standIn = await startStripeStandIn({ now: () => app.clock.now });
    Object.assign(env, standIn.env());
  });
  const app = useBookingsApp({ env: () => env });
  let server: http.Server | undefined;
  beforeAll(async () => {
    server = http.createServer(app.fixture.app);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    stripe().webhookUrl = `${origin()}/api/payments/stripe/webhook`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await standIn?.close();
  });
  beforeEach(async () => {
    setPayments({ deposit: { ...defaultPaymentSettings.deposit, kind: 'percent', percent: 20 } });
    await clearPayments(app.fixture.database.db);
    await clearTyres(app.fixture.database.db);
  });

  const stripe = () => {
    if (!standIn) throw new Error('The Stripe stand-in runs from beforeAll to afterAll');
    return standIn;
  };
  const origin = () => `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;

  /** The payments settings of the tests that follow (the rest as the defaults). */
  function setPayments(payments: Partial<PaymentSettings>, windows?: Parameters<typeof bookingContent>[0]) {
    app.content.content = {
      ...bookingContent(windows),
      payments: { ...defaultPaymentSettings, ...payments },
    };
  }

  /** A member of staff's headers (an owner unless told). */
  const staff = async (role: 'owner' | 'staff' | 'fitter' = 'owner') =>
    (await signedInStaff(app.fixture.database.db, undefined, bookingNow, role)).headers;

  /** The booking as the diary reads it. */
  async function diaryBooking(reference: string, date = '2026-11-25'): Promise<Booking> {
    const answer = await request(app.fixture.app)
      .get(`/api/bookings?from=${date}&to=${date}`)
      .set(await staff('staff'))
      .expect(200);
    return (answer.body as Booking[]).find((booking) => booking.reference === reference)!;
  }

  /** The deposit's Checkout Session of a booking, as Stripe's stand-in keeps it. */
  const sessionOf = (reference: string) =>
    [...stripe().sessions.values()].find((session) => session.client_reference_id === reference)!;

  /** The payments' own dependencies on the app's database and clock, as the task runs them. */
  const paymentsDeps = () =>
    paymentsDependencies({
      config: testConfig(env),
      db: app.fixture.database.db,
      logger: pino({ level: 'silent' }),
      clock: () => app.clock.now,
      publicUrl: testConfig().publicUrl,
      content: async () => (await app.content.published()).content,
      settings: () => app.content.settings.inForce(),
    });

  const rows = <Row>(query: ReturnType<typeof sql>) => selectRows<Row>(app.fixture.database.db, query);

  return { ...app, stripe, origin, setPayments, staff, diaryBooking, sessionOf, paymentsDeps, rows };
}

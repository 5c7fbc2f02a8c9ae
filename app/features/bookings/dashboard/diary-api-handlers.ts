import type { Booking, BookingUpdate } from '#common/bookings/booking.ts';
import type { ToldAvailabilityDay } from '#common/bookings/slots.ts';
import type { Job } from '#common/jobs/jobs.ts';
import type { BookingSettings } from '#common/bookings/settings.ts';
import type { Refund } from '#common/payments/payments.ts';
import type { DayRoute } from '#common/routing/day-route.ts';
import { answer, serveApi, type ApiReply } from '#tests/support/api-handlers.ts';
import { answerDayRoutes } from '#tests/support/day-route-data.ts';
import type { TextRecord, TextReply } from '#common/messages/replies.ts';
import { makePublished } from '#tests/support/site-content.ts';
import { textsAnswers } from '#tests/support/texts-data.ts';
import { defaultSettings, domainSettings } from '#tests/support/settings.ts';
import { testFitters } from './booking-test-data.ts';

type BookingChange = ApiReply<'PUT /api/bookings/:id'>;

export type DiaryApi = {
  bookings: Booking[];
  /**
   * The answer to PUT /api/bookings/{id}, at once or when a test lets it go; by default the
   * booking with the change made (a fitter given by id, or the fields sent).
   */
  put?: (update: BookingUpdate, booking: Booking) => BookingChange | Promise<BookingChange>;
  /** The free windows GET /api/availability answers, for mobile fitting and for a branch. */
  availability?: { mobile: ToldAvailabilityDay[]; branch: ToldAvailabilityDay[] };
  /** The job POST /api/jobs/{id}/price-approval answers for a booking whose price is held (its invoice issued). */
  approvedJob?: (booking: Booking) => Job;
  /**
   * Stripe's answers to POST /api/bookings/{id}/refund, then to each POST
   * /api/payments/refunds/{id}/retry, in turn; a refund that succeeds is in the bookings read
   * afterwards.
   */
  refunds?: ApiReply<'POST /api/bookings/:id/refund'>[];
  /**
   * Texts to customers: whether they are set up (not unless told), the unread replies, and the
   * texts of every booking's thread.
   */
  texts?: { configured?: boolean; replies?: TextReply[]; thread?: TextRecord[] };
  /** Each fitter's route of a day (GET /api/jobs/route); by default one with no stops. */
  routes?: (date: string, fitterId: number) => DayRoute;
};

/** The booking once `refund` succeeded: its payment reads as refunded. */
function refunded(booking: Booking, refund: Refund): Booking {
  const refundedPence = booking.payment.refundedPence + refund.amountPence;
  const status = refundedPence >= booking.payment.paidPence ? 'refunded' : booking.payment.status;
  return { ...booking, payment: { ...booking.payment, refundedPence, status } };
}

/**
 * GET /api/settings/booking as the diary reads it: `settings`, else the starting settings of the
 * test content's branches (version 0).
 */
export const answerBookingSettings = (settings?: BookingSettings) =>
  answer('GET /api/settings/:domain', ({ params }) =>
    params.domain === 'booking'
      ? {
          status: 200,
          body: settings
            ? domainSettings('booking', settings, { version: 1 })
            : domainSettings('booking', defaultSettings().booking),
        }
      : { status: 404, body: { error: 'Not found' } },
  );

/** A booking with a staff change made, as the API answers it. */
function changed(booking: Booking, update: BookingUpdate): Booking {
  if ('fitterId' in update) {
    return { ...booking, fitter: testFitters.find((fitter) => fitter.id === update.fitterId) ?? null };
  }
  return { ...booking, ...update };
}

/** The API as the diary uses it, in tests; a change that goes through is in the bookings read afterwards. */
export function serveDiary({
  bookings,
  put,
  availability,
  approvedJob,
  refunds = [],
  texts = {},
  routes,
}: DiaryApi) {
  let current = bookings;
  const stripeAnswers = [...refunds];
  const refundOf = () => {
    const reply = stripeAnswers.length > 1 ? stripeAnswers.shift()! : stripeAnswers[0];
    if (!reply) return { status: 409 as const, body: { error: 'Nothing paid online is left to refund.' } };
    if ('body' in reply && reply.status === 201 && reply.body?.status === 'succeeded') {
      const refund = reply.body;
      current = current.map((entry) => (entry.id === refund.bookingId ? refunded(entry, refund) : entry));
    }
    return reply;
  };
  return serveApi(
    ...textsAnswers({ configured: texts.configured ?? false, replies: texts.replies }),
    answer('GET /api/messages/texts', { status: 200, body: { texts: texts.thread ?? [] } }),
    answer('POST /api/messages/replies/read', {
      status: 200,
      body: { read: texts.replies?.length ?? 0, unread: 0 },
    }),
    answer('POST /api/bookings/:id/refund', () => refundOf()),
    answer('POST /api/payments/refunds/:id/retry', () => {
      const reply = refundOf();
      return 'body' in reply && reply.status === 201 ? { status: 200, body: reply.body! } : reply;
    }),
    answer('GET /api/bookings', ({ query }) => {
      const from = query.get('from')!;
      const to = query.get('to')!;
      return { status: 200, body: current.filter((booking) => booking.date >= from && booking.date <= to) };
    }),
    answer('GET /api/fitters', { status: 200, body: testFitters }),
    answerDayRoutes(routes),
    answer('GET /api/site-content', { status: 200, body: makePublished() }),
    answerBookingSettings(),
    answer('GET /api/availability', ({ query }) =>
      availability
        ? {
            status: 200,
            body: query.get('location') === 'mobile' ? availability.mobile : availability.branch,
          }
        : { status: 404, body: { error: 'Not found' } },
    ),
    answer('POST /api/jobs/:id/price-approval', ({ params }) => {
      const held = current.find((entry) => String(entry.id) === params.id && entry.job?.priceHeld);
      if (!held || !approvedJob) {
        return { status: 409, body: { error: 'This job has no price change waiting for approval.' } };
      }
      current = current.map((entry) =>
        entry === held ? { ...held, job: { ...held.job!, priceHeld: false } } : entry,
      );
      return { status: 200, body: approvedJob(held) };
    }),
    answer('PUT /api/bookings/:id', async ({ params, body }) => {
      const booking = current.find((entry) => String(entry.id) === params.id);
      if (!booking) return { status: 404, body: { error: 'Not found' } };
      const reply = (await put?.(body, booking)) ?? { status: 200, body: changed(booking, body) };
      if ('body' in reply && reply.status === 200) {
        current = current.map((entry) => (entry.id === booking.id ? reply.body : entry));
      }
      return reply;
    }),
  ).calls;
}

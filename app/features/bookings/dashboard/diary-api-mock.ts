import type { Booking } from '#common/bookings/booking.ts';
import type { AvailabilityDay } from '#common/bookings/slots.ts';
import { mockApi, type ApiAnswer, type ApiCall } from '#tests/support/api-mock.tsx';
import { makePublished } from '#tests/support/site-content.ts';
import { testFitters } from './booking-test-data.ts';

export type DiaryApi = {
  bookings: Booking[];
  /**
   * The answer to PUT /api/bookings/{id}, at once or when a test lets it go; by default the
   * booking with the change made (a fitter given by id, or the fields sent).
   */
  put?: (call: ApiCall, booking: Booking) => ApiAnswer | Promise<ApiAnswer>;
  /** The free windows GET /api/availability answers, for mobile fitting and for a branch. */
  availability?: { mobile: AvailabilityDay[]; branch: AvailabilityDay[] };
};

/** A booking with a staff change made, as the API answers it. */
function changed(booking: Booking, body: object): Booking {
  if ('fitterId' in body) {
    return { ...booking, fitter: testFitters.find((fitter) => fitter.id === body.fitterId) ?? null };
  }
  return { ...booking, ...body };
}

/** The API as the diary uses it, in tests; a change that goes through is in the bookings read afterwards. */
export function serveDiary({ bookings, put, availability }: DiaryApi) {
  let current = bookings;
  return mockApi((call) => {
    const url = new URL(call.path, 'http://localhost');
    if (call.method === 'GET' && url.pathname === '/api/bookings') {
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      return { status: 200, body: current.filter((booking) => booking.date >= from && booking.date <= to) };
    }
    if (call.method === 'GET' && url.pathname === '/api/fitters') return { status: 200, body: testFitters };
    if (call.method === 'GET' && url.pathname === '/api/site-content')
      return { status: 200, body: makePublished() };
    if (call.method === 'GET' && url.pathname === '/api/availability' && availability) {
      const mobile = url.searchParams.get('location') === 'mobile';
      return { status: 200, body: mobile ? availability.mobile : availability.branch };
    }
    const approved = /^\/api\/jobs\/(\d+)\/price-approval$/.exec(url.pathname)?.[1];
    const held = current.find((entry) => String(entry.id) === approved && entry.job?.priceHeld);
    if (call.method === 'POST' && held) {
      current = current.map((entry) =>
        entry === held ? { ...held, job: { ...held.job!, priceHeld: false } } : entry,
      );
      return { status: 200, body: { id: held.id, reference: held.reference, invoice: 'INV-000007' } };
    }
    if (call.method === 'POST' && approved) {
      return { status: 409, body: { error: 'This job has no price change waiting for approval.' } };
    }
    const id = /^\/api\/bookings\/(\d+)$/.exec(url.pathname)?.[1];
    const booking = current.find((entry) => String(entry.id) === id);
    if (call.method === 'PUT' && booking) {
      const answering = put?.(call, booking) ?? { status: 200, body: changed(booking, call.body as object) };
      return Promise.resolve(answering).then((answer) => {
        if (answer.status === 200) {
          current = current.map((entry) => (entry.id === booking.id ? (answer.body as Booking) : entry));
        }
        return answer;
      });
    }
    return { status: 404, body: { error: 'Not found' } };
  });
}

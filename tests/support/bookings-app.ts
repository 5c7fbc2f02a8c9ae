import request from 'supertest';
import { beforeEach } from 'vitest';
import { type CreatedBooking } from '#common/bookings/booking.ts';
import { bookingContent, bookingNow, clearBookings, fixedContentStore } from '#tests/support/bookings.ts';
import { clearEnquiries } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';

/**
 * The bookings' tests: the app on the file's test database, with the site content of
 * tests/support/bookings.ts and the time read from `clock` (bookingNow before each test), and no
 * enquiries or bookings before each test; `book` posts a booking as a visitor. With
 * `watchStaffData`, the app keeps sessions and the jobs' reads in memory as the server does.
 */
export function useBookingsApp({
  watchStaffData = false,
  env = () => ({}),
}: {
  watchStaffData?: boolean;
  /** More settings, read as the app is made (a stand-in's address, known once it has started). */
  env?: () => Record<string, string>;
} = {}) {
  const clock = { now: bookingNow };
  const content = fixedContentStore(bookingContent());
  const fixture = useTestApp({
    // One proxy hop is trusted, so tests can book as different clients (X-Forwarded-For).
    env: () => ({ ENQUIRY_RATE_LIMIT: '1000', TRUST_PROXY: '1', ...env() }),
    dependencies: () => ({ clock: () => clock.now, siteContent: content, settings: content.settings }),
    staff: { role: 'staff', at: bookingNow },
    watchStaffData,
  });

  beforeEach(async () => {
    clock.now = bookingNow;
    content.content = bookingContent();
    await clearEnquiries(fixture.database.db);
    await clearBookings(fixture.database.db);
  });

  const book = (fields: Record<string, unknown>, client?: string) =>
    request(fixture.app)
      .post('/api/bookings')
      .set(client ? { 'X-Forwarded-For': client } : {})
      .send(fields);

  /** The token of a created booking's manage link. */
  const tokenOf = (created: CreatedBooking) => created.manageUrl.split('/').pop()!;
  return { clock, content, fixture, book, tokenOf };
}

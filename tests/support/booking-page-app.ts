import request from 'supertest';
import { beforeEach } from 'vitest';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { loadProductionSsr } from '#server/http/ssr.ts';
import {
  bookingContent,
  clearBookings,
  fixedContentStore,
  openOnBankHolidays,
} from '#tests/support/bookings.ts';
import { clearEnquiries } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { ensureBuilt } from '#tests/support/server-process.ts';

/**
 * The booking page (/book) and a booking's own page (/bookings/manage/{token}) through the real
 * server rendering, as a browser without JavaScript uses them: GET forms from step to step, a
 * form post of the details, post/redirect/get to the booking's page, and its cancellation.
 *
 * The pages ask for availability from today (the real clock), so the content opens every day,
 * bank holidays included, with windows of 08:00-10:00 (3 places) and 10:00-12:00 (2 places):
 * tomorrow's are always far enough ahead to book and to cancel. No enquiries or bookings are
 * left before each test.
 */
export function useBookingPageApp() {
  const content = fixedContentStore(everyDayContent());
  const fixture = useTestApp({
    // Four bookings from one client within the window; the fifth is refused.
    env: { ENQUIRY_RATE_LIMIT: '4' },
    dependencies: async () => {
      ensureBuilt();
      return { siteContent: content, settings: content.settings, ssr: await loadProductionSsr() };
    },
  });

  beforeEach(async () => {
    content.content = everyDayContent();
    await clearEnquiries(fixture.database.db);
    await clearBookings(fixture.database.db);
  });

  const get = (path: string) => request(fixture.app).get(path).set('Cookie', 'splash_seen=1');
  const post = (path: string, fields: Record<string, string>) =>
    request(fixture.app).post(path).type('form').set('Cookie', 'splash_seen=1').send(fields);
  return { content, fixture, get, post };
}

function everyDayContent() {
  return bookingContent(undefined, (settings) => openOnBankHolidays(settings));
}

export const tomorrow = addDays(londonDate(new Date()), 1);

/** A page's text as read, without React's markers between adjacent texts. */
export const textOf = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'");

/** The first step's choices of a puncture repair at the customer's address. */
export const mobile = { service: 'puncture-repair', location: 'mobile', postcode: 'RM3 0AB' };
export const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
/** The details step of a puncture repair at the customer's address tomorrow at `start`. */
export const detailsStep = (start = '08:00') =>
  `/book?${query({ ...mobile, date: tomorrow, timesFor: tomorrow, start, step: 'details' })}`;

/** What the details form posts: the choices (its hidden fields) and the customer's answers. */
export const details = (overrides: Record<string, string> = {}) => ({
  ...mobile,
  date: tomorrow,
  start: '08:00',
  name: 'Sarah Mitchell',
  phone: '07700 900123',
  email: 'sarah@example.com',
  registration: 'ab12 cde',
  vehicle: 'Ford Focus',
  addressLine: '12 High Street',
  town: 'Romford',
  notes: 'On the drive.',
  website: '',
  ...overrides,
});

/** The radio button `name` of `value`, its attributes in either order. */
export const radio = (name: string, value: string) =>
  new RegExp(
    `<input[^>]*name="${name}"[^>]*value="${value}"[^>]*>|<input[^>]*value="${value}"[^>]*name="${name}"[^>]*>`,
  );

/** Bookings in tests: site content with known windows, a fixed clock, and a valid booking. */
import type { BookingInput } from '#common/bookings/booking.ts';
import { bookingSettingsOf, type BookingSettings, type BookingWindow } from '#common/bookings/settings.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { bankHolidays } from '#common/time/bank-holidays.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays, weekdays } from '#common/time/week.ts';
import type { SiteContentStore } from '#server/site-content/store.ts';
import type { Database } from '#server/db/client.ts';
import { bookingPlaces, bookings } from '#server/db/schema.ts';
import { makeContent } from './site-content.ts';

/** Tuesday 24 November 2026, 10:00 in London (GMT): tomorrow is an ordinary Wednesday. */
export const bookingNow = new Date('2026-11-24T10:00:00Z');
export const tomorrow = '2026-11-25';

/**
 * Content whose every location opens every day of the week with the same `windows` (by default
 * 08:00-10:00 with 3 places and 10:00-12:00 with 2), changed by `change` when given.
 */
export function bookingContent(
  windows: BookingWindow[] = [
    { start: '08:00', end: '10:00', places: 3 },
    { start: '10:00', end: '12:00', places: 2 },
  ],
  change?: (settings: BookingSettings) => void,
): SiteContent {
  return makeContent((content) => {
    const settings = bookingSettingsOf(content);
    for (const location of settings.locations) {
      location.week = Object.fromEntries(weekdays.map((day) => [day, windows])) as typeof location.week;
    }
    change?.(settings);
    content.booking = settings;
  });
}

/**
 * Opens every bank holiday within the booking horizon from `today` (by default the real day), so
 * that a test booking a day counted from today finds it open whatever the day the test runs.
 */
export function openOnBankHolidays(settings: BookingSettings, today = londonDate(new Date())) {
  settings.openBankHolidays = Object.keys(bankHolidays).filter(
    (date) => date >= today && date <= addDays(today, settings.horizonDays + 1),
  );
}

/** A content store that always has `content` published (the store itself is tested elsewhere). */
export function fixedContentStore(content: SiteContent): SiteContentStore & { content: SiteContent } {
  const store = {
    content,
    current: () => ({
      version: 1,
      content: store.content,
      publishedAt: bookingNow.toISOString(),
      publishedBy: null,
    }),
    published: async () => store.current(),
    reload: async () => {},
    accept: () => {},
    seed: () => store.content,
  };
  return store;
}

let sequence = 0;

/** A valid booking of tomorrow's 08:00 mobile window; override any field. */
export function makeBooking(overrides: Partial<Record<keyof BookingInput | 'website', unknown>> = {}) {
  sequence += 1;
  return {
    service: 'puncture-repair',
    location: 'mobile',
    date: tomorrow,
    start: '08:00',
    name: `Driver ${sequence}`,
    phone: '07700 900456',
    email: `driver${sequence}@example.com`,
    registration: 'ab12 cde',
    vehicle: 'Vauxhall Corsa',
    postcode: 'rm3 0ab',
    addressLine: `${sequence} Gooshays Drive`,
    town: 'Romford',
    notes: 'Parked on the drive.',
    ...overrides,
  };
}

/** Empties the bookings and the places they took. */
export async function clearBookings(db: Database) {
  await db.delete(bookings);
  await db.delete(bookingPlaces);
}

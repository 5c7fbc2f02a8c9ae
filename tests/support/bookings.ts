/** Bookings in tests: site content with known windows, a fixed clock, and a valid booking. */
import type { BookingInput } from '#common/bookings/booking.ts';
import { bookingSettingsOf, type BookingSettings, type BookingWindow } from '#common/bookings/settings.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { bankHolidays } from '#common/time/bank-holidays.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays, weekdays } from '#common/time/week.ts';
import {
  settingsDomainNames,
  type BusinessSettings,
  type SettingsDomain,
  type SettingsOf,
} from '#common/settings/domains.ts';
import { keptFor } from '#common/util/kept-for.ts';
import { domainSettingsOf, settingsInForce } from '#server/settings/service.ts';
import type { SettingsStore } from '#server/settings/store.ts';
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
): TestContent & { booking: BookingSettings } {
  const content = makeContent();
  const settings = bookingSettingsOf(content);
  for (const location of settings.locations) {
    location.week = Object.fromEntries(weekdays.map((day) => [day, windows])) as typeof location.week;
  }
  change?.(settings);
  return { ...content, booking: settings };
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

/**
 * The site content of a test with the settings it sets beside it (`booking`, `tyres`,
 * `invoicing`, `reminders`): a domain it leaves out follows its defaults.
 */
type TestContent = SiteContent & { [Domain in SettingsDomain]?: SettingsOf<Domain> };

const inForceByContent = new WeakMap<TestContent, BusinessSettings>();

/** The settings in force of a test's content: one object per content, as the real store makes them. */
function inForceOf(content: TestContent): BusinessSettings {
  return keptFor(inForceByContent, content, () => {
    const context = { branches: content.branches };
    return Object.fromEntries(
      settingsDomainNames.map((domain) => [
        domain,
        settingsInForce(domain, storedOf(content, domain), context),
      ]),
    ) as unknown as BusinessSettings;
  });
}

const storedOf = <Domain extends SettingsDomain>(content: TestContent, domain: Domain) => {
  const settings = content[domain] as SettingsOf<Domain> | undefined;
  return settings && { version: 1, settings, changedAt: bookingNow, changedBy: null };
};

/**
 * A content store that always has `content` published, and a settings store that always has the
 * settings beside it (the stores themselves are tested elsewhere): give both to the app.
 */
export function fixedContentStore(
  content: TestContent,
): SiteContentStore & { content: TestContent; settings: SettingsStore } {
  const published = () => ({
    version: 1,
    content: store.content,
    publishedAt: bookingNow.toISOString(),
    publishedBy: null,
  });
  const store: SiteContentStore & { content: TestContent; settings: SettingsStore } = {
    content,
    current: published,
    published: async () => published(),
    reload: async () => {},
    accept: () => {},
    seed: () => store.content,
    settings: {
      inForce: async () => inForceOf(store.content),
      now: () => inForceOf(store.content),
      domain: async <Domain extends SettingsDomain>(domain: Domain) =>
        domainSettingsOf(domain, storedOf(store.content, domain), { branches: store.content.branches }),
      context: async () => ({ branches: store.content.branches }),
      reload: async () => [],
      accept: () => {},
    },
  };
  return store;
}

/** The app's content and settings stores for a test's content (`fixedContentStore`). */
export function fixedStores(content: TestContent) {
  const store = fixedContentStore(content);
  return { siteContent: store, settings: store.settings };
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

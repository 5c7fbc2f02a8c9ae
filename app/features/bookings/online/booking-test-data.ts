import type { AvailabilityDay } from '#common/bookings/slots.ts';
import type { BookingChoices, BookingPageData, LocationOption, ServiceOption } from './booking-types.ts';

/** The booking page's data in tests: two services, mobile fitting and a branch, two open days. */

export const testServices: ServiceOption[] = [
  { slug: 'tyre-replacement', title: 'Tyre Replacement', description: 'New tyres fitted where you are.' },
  { slug: 'puncture-repair', title: 'Puncture Repair', description: 'Safe, legal repairs.' },
];

export const testLocations: LocationOption[] = [
  {
    key: 'mobile',
    title: 'We come to you',
    detail: 'At your home, work or the roadside',
    name: 'Mobile fitting',
  },
  {
    key: 'upminster',
    title: 'Upminster',
    detail: 'Unit 2, Example Business Park, Upminster RM14 0XX',
    name: 'Upminster branch',
  },
];

/** Wednesday 25 November 2026 has two windows; Thursday 26 one, with one place left. */
export const testAvailability: AvailabilityDay[] = [
  {
    date: '2026-11-25',
    windows: [
      { start: '08:00', end: '10:00', free: 2 },
      { start: '10:00', end: '12:00', free: 1 },
    ],
  },
  { date: '2026-11-26', windows: [{ start: '14:00', end: '16:00', free: 1 }] },
];

export function testChoices(overrides: Partial<BookingChoices> = {}): BookingChoices {
  return {
    service: 'puncture-repair',
    location: 'mobile',
    postcode: 'RM3 0AB',
    date: '',
    start: '',
    tyre: '',
    quantity: '',
    ...overrides,
  };
}

export function testPage(overrides: Partial<BookingPageData> = {}): BookingPageData {
  return {
    step: 'what',
    choices: testChoices(),
    errors: {},
    services: testServices,
    locations: testLocations,
    coveredDistricts: ['RM3', 'SS'],
    availability: testAvailability,
    horizonDays: 21,
    tyre: null,
    tyreNotice: null,
    ...overrides,
  };
}

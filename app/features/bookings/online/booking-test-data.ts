import type {
  BookingChoices,
  BookingPageData,
  LocationOption,
  OfferedDay,
  ServiceOption,
  TyreChoiceSummary,
} from './booking-types.ts';

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

/**
 * Wednesday 25 November 2026 has two windows, with few places left; Thursday 26 one, with more
 * (not told).
 */
export const testAvailability: OfferedDay[] = [
  {
    date: '2026-11-25',
    windows: [
      { start: '08:00', end: '10:00', placesLeft: 2 },
      { start: '10:00', end: '12:00', placesLeft: 1 },
    ],
  },
  { date: '2026-11-26', windows: [{ start: '14:00', end: '16:00', placesLeft: null }] },
];

/** Two tyres chosen on a tyre's page, as the loader writes them. */
export const testTyre: TyreChoiceSummary = {
  id: 12,
  what: '2 × Hankook Ventus Prime 4 205/55 R16 91V',
  total: '£149.98',
  each: '£74.99',
  fittedFrom: '2026-11-25',
  fittedFromText: 'Wednesday 25 November 2026',
  sizePath: '/tyres/205-55-r16',
};

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
    deposit: null,
    callOut: null,
    texts: false,
    ...overrides,
  };
}

import { defaultRouteSettings } from '#common/routing/settings.ts';
import { textKinds } from '#common/messages/texts.ts';
import type { MessageSettings } from '#common/messages/settings.ts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingSettingsOf } from '#common/bookings/settings.ts';
import type { DomainSettings, SettingsDomain, SettingsOf } from '#common/settings/domains.ts';
import type { PublishedSiteContent, SiteContent } from '#common/site-content/site-content.ts';
import { bankHolidays } from '#common/time/bank-holidays.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays, weekdays } from '#common/time/week.ts';
import { defaultTyrePricing } from '#common/tyres/pricing-settings.ts';
import { makeBooking } from '#tests/support/bookings.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { pathOf, registeredRoutes } from '#tests/support/routes.ts';
import { ensureBuilt } from '#tests/support/server-process.ts';
import { addTyre } from '#tests/support/tyres.ts';
import { splashCookie } from '../http/splash.ts';
import { loadProductionSsr } from '../http/ssr.ts';
import { PageCache } from '../pages/page-cache.ts';

/**
 * What staff set for themselves never reaches anyone who has not signed in: every setting, and
 * every part of the site content the public pages do not show, is saved with a value found
 * nowhere else (by an owner whose name is one too), then every anonymous answer of the API
 * and every public page (their HTML with the data they hydrate from, and that data as a
 * navigation fetches it) is read for them.
 */

const fixture = useTestApp({
  staff: { username: 'markerowner' },
  dependencies: async () => {
    ensureBuilt();
    return { ssr: await loadProductionSsr(), pageCache: new PageCache() };
  },
});

// The pages book from today by the real clock: the dates are counted from it.
const today = londonDate(new Date());
const tomorrow = addDays(today, 1);
const closedDay = addDays(today, 2);

/** The settings staff save, each with its marker. */
function everySetting(content: SiteContent): { [Domain in SettingsDomain]: SettingsOf<Domain> } {
  const booking = bookingSettingsOf(content);
  const windows = [
    { start: '08:00', end: '10:00', places: 47 },
    { start: '10:00', end: '12:00', places: 47 },
  ];
  for (const location of booking.locations) {
    location.week = Object.fromEntries(weekdays.map((day) => [day, windows])) as typeof location.week;
  }
  booking.closedDates = [{ date: closedDay, location: '', note: 'MARKER-CLOSED-NOTE Dave’s dentist' }];
  booking.openBankHolidays = Object.keys(bankHolidays).filter(
    (date) => date >= today && date <= addDays(today, booking.horizonDays + 1),
  );
  return {
    booking,
    tyres: {
      ...defaultTyrePricing,
      tiers: {
        budget: { marginPercent: 73.77, floorPence: 98_761 },
        'mid-range': { marginPercent: 73.77, floorPence: 98_762 },
        premium: { marginPercent: 73.77, floorPence: 98_763 },
      },
      brandTiers: [...defaultTyrePricing.brandTiers, { brand: 'Markerbrandx', tier: 'premium' }],
    },
    reminders: {
      motFirstDays: 83,
      motSecondDays: 19,
      tyreWeeks: 41,
      reviewLink: 'https://marker.example/review',
      reviewTime: '10:00',
    },
    payments: {
      deposit: { kind: 'fixed', fixedPence: 98_764, percent: 37, services: ['marker-deposit-service'] },
      refundableHours: 713,
      holdMinutes: 1399,
    },
    messages: {
      texts: Object.fromEntries(
        textKinds.map((kind) => [kind, `{business} MARKER-TEXT-${kind} {link}`]),
      ) as MessageSettings['texts'],
      dayBeforeTime: '16:47',
    },
    vehicles: { fillFromRegistration: true, motFromHistory: false, tyreAdvisoryReminders: false },
    routes: {
      ...defaultRouteSettings,
      averageMph: 23.77,
      onSiteMinutes: { 'marker-on-site-service': 377 },
    },
    invoicing: {
      address: ['MARKER-INVOICE-STREET', 'Markerton MK1 1AA'],
      vatNumber: 'GB 987 6543 21',
      vatRatePercent: 20,
      reductionLimitPercent: 43,
    },
  };
}

/** The content staff publish, each part only they see with its marker. */
function withEveryPrivatePart(content: SiteContent): SiteContent {
  const hidden = content.services.find((service) => service.key === 'puncture-repair')!;
  return {
    ...content,
    customerEmails: {
      acknowledgementIntro: 'MARKER-EMAIL-INTRO thank you.',
      acknowledgementNextSteps: 'MARKER-EMAIL-NEXT we will call.',
    },
    services: [
      ...content.services,
      {
        ...hidden,
        key: 'marker-hidden',
        slug: 'marker-hidden-service',
        formerSlugs: [],
        title: 'MARKER-HIDDEN-SERVICE',
        pricing: hidden.pricing.map(({ name, price }) => ({ name, price })),
        visible: false,
        inHeaderMenu: false,
      },
    ],
  };
}

/** Found in an answer only if a setting leaked: values, and the names of the settings' fields. */
const savedMarkers = [
  'marker-closed-note',
  'dave’s dentist',
  '73.77', // never a time's seconds, as 37.77 can be (…:37.771Z)
  '98761',
  '98762',
  '98763',
  'markerbrandx',
  'marker.example',
  'marker-invoice',
  'markerton',
  '987 6543',
  'marker-email',
  'marker-hidden',
  'marker-text',
  'daybeforetime',
  'marginpercent',
  'floorpence',
  'brandtiers',
  'closeddates',
  'openbankholidays',
  'reviewlink',
  'reviewtime',
  'motfirstdays',
  'tyreweeks',
  'vatnumber',
  'vatratepercent',
  'reductionlimitpercent',
  'customeremails',
  'acknowledgementintro',
  // Who changed the settings: a staff name is half of what guessing a password needs.
  'markerowner',
];
/**
 * The same values as a page might print them: a floor in pounds, the VAT number without spaces,
 * a window's places as the booking page tells the few left.
 */
const markers = [...savedMarkers, '987.61', '987654321', '47 places'];
/** A window's number of places, as a field of JSON or of the pages' hydration data. */
const placesField = /\\?"places\\?"/;

function leaksIn(text: string): string[] {
  const lower = text.toLowerCase();
  const found = markers.filter((marker) => lower.includes(marker));
  return placesField.test(lower) ? [...found, '"places"'] : found;
}

const anonymous = (path: string) =>
  request(fixture.app)
    .get(path)
    .set({ Cookie: `${splashCookie}=1`, 'Accept-Encoding': 'identity' })
    // Every answer read as text, pictures and documents too.
    .buffer(true)
    .parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => callback(null, Buffer.concat(chunks).toString('utf8')));
    });

let published: PublishedSiteContent;
let settings: DomainSettings[];
let manageToken: string;
let tyreId: number;

beforeAll(async () => {
  const current = (await request(fixture.app).get('/api/site-content').set(fixture.staff.headers).expect(200))
    .body as PublishedSiteContent;
  const saved = await request(fixture.app)
    .put('/api/site-content')
    .set(fixture.staff.headers)
    .send({ version: current.version, content: withEveryPrivatePart(current.content) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  published = saved.body as PublishedSiteContent;
  settings = [];
  for (const [domain, value] of Object.entries(everySetting(published.content))) {
    const changed = await request(fixture.app)
      .put(`/api/settings/${domain}`)
      .set(fixture.staff.headers)
      .send({ version: 0, settings: value });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    settings.push(changed.body as DomainSettings);
  }
  tyreId = (await addTyre(fixture.database.db, { brand: 'Hankook' })).id;
  const booked = await request(fixture.app)
    .post('/api/bookings')
    .send(makeBooking({ date: tomorrow, registration: 'MK12 ABC' }))
    .expect(201);
  manageToken = String(booked.body.manageUrl).split('/').pop()!;
});

describe('what anyone may read without signing in', () => {
  it('staff read back every setting they saved', async () => {
    const staffView = (
      await request(fixture.app).get('/api/site-content').set(fixture.staff.headers).expect(200)
    ).body as PublishedSiteContent;
    expect(staffView.content).toEqual(published.content);
    const read = await Promise.all(
      settings.map(
        async ({ domain }) =>
          (await request(fixture.app).get(`/api/settings/${domain}`).set(fixture.staff.headers).expect(200))
            .body,
      ),
    );
    expect(read).toEqual(settings);
    expect(leaksIn(JSON.stringify([staffView, read]))).toEqual([...savedMarkers, '"places"']);
  });

  it('no anonymous answer of the API carries a setting', async () => {
    const branch = published.content.branches[0]!.key;
    const tyreSize = 'size=205/55R16&quantity=2';
    // The routes whose answers depend on what is asked: asked as the public pages ask them.
    const asked: Record<string, string[]> = {
      'GET /api/availability': [
        `/api/availability?location=mobile&days=30`,
        `/api/availability?location=${branch}&days=30`,
        `/api/availability?location=${branch}&service=mot&days=30`,
        `/api/availability?location=${branch}&service=servicing&days=30`,
      ],
      'GET /api/tyres': [`/api/tyres?${tyreSize}`, `/api/tyres?${tyreSize}&brand=Markerbrandx`],
      'GET /api/bookings/manage/:token': [`/api/bookings/manage/${manageToken}`],
      'GET /api/images/:name': ['/api/images/hero', '/api/images/about-image'],
    };
    const gets = registeredRoutes(fixture.app).filter(
      (route) => route.startsWith('GET ') && route !== 'GET /{*path}',
    );
    expect(gets).toEqual(
      expect.arrayContaining([
        'GET /api/site-content',
        'GET /api/settings/:domain',
        'GET /api/settings/:domain/history',
        ...Object.keys(asked),
      ]),
    );
    asked['GET /api/settings/:domain'] = settings.map(({ domain }) => `/api/settings/${domain}`);
    asked['GET /api/settings/:domain/history'] = settings.map(
      ({ domain }) => `/api/settings/${domain}/history`,
    );
    const answered: string[] = [];
    for (const route of gets) {
      for (const url of asked[route] ?? [pathOf(route.slice('GET '.length))]) {
        const response = await anonymous(url);
        expect({ url, leaks: leaksIn(response.body as string) }).toEqual({ url, leaks: [] });
        if (response.status === 200) answered.push(url);
      }
    }
    // The public answers were read, not refused.
    expect(answered).toEqual(
      expect.arrayContaining([
        '/api/site-content',
        '/api/services',
        `/api/availability?location=mobile&days=30`,
        `/api/tyres?${tyreSize}`,
        `/api/bookings/manage/${manageToken}`,
      ]),
    );
  });

  it('the anonymous site content is what the public pages show: the visible services, no settings', async () => {
    const { content } = JSON.parse(
      (await anonymous('/api/site-content').expect(200)).body as string,
    ) as PublishedSiteContent;
    expect(Object.keys(content).sort()).toEqual(
      [
        'areas',
        'branches',
        'business',
        'contactHours',
        'homePricing',
        'infoPages',
        'services',
        'testimonials',
      ].sort(),
    );
    expect(content.services.map((service) => service.key)).toEqual(
      published.content.services.filter((service) => service.visible).map((service) => service.key),
    );
  });

  it('no public page carries a setting, in its HTML or in the data a navigation fetches', async () => {
    const sitemap = (await anonymous('/sitemap.xml').expect(200)).body as string;
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(listed).toEqual(expect.arrayContaining(['/', '/services/puncture-repair', '/tyres/205-55-r16']));
    const mobile = { service: 'puncture-repair', location: 'mobile', postcode: 'RM3 0AB' };
    const book = (fields: Record<string, string>) => `/book?${new URLSearchParams(fields).toString()}`;
    const pages = new Set([
      ...listed,
      '/tyres',
      '/enquiry',
      '/cookie-settings',
      '/robots.txt',
      '/sitemap.xml',
      '/no-such-page',
      '/book',
      book({ ...mobile, step: 'when' }),
      book({ ...mobile, step: 'when', date: closedDay, timesFor: closedDay }),
      book({ ...mobile, step: 'details', date: tomorrow, timesFor: tomorrow, start: '10:00' }),
      book({ service: 'mot', location: published.content.branches[0]!.key, step: 'when' }),
      book({ ...mobile, service: 'tyre-replacement', tyre: String(tyreId), quantity: '2', step: 'when' }),
      `/bookings/manage/${manageToken}`,
    ]);
    for (const path of pages) {
      const response = await anonymous(path);
      expect({ path, status: response.status }).toEqual({
        path,
        status: path === '/no-such-page' ? 404 : 200,
      });
      expect({ path, leaks: leaksIn(response.body as string) }).toEqual({ path, leaks: [] });
      if (path.endsWith('.txt') || path.endsWith('.xml')) continue;
      // A navigation in the browser fetches the page's data alone (React Router's single fetch).
      const [pathname, search] = path.split('?') as [string, string | undefined];
      const data = `${pathname === '/' ? '/_root' : pathname}.data${search ? `?${search}` : ''}`;
      const fetched = await anonymous(data);
      expect({ data, leaks: leaksIn(fetched.body as string) }).toEqual({ data, leaks: [] });
    }
  });
});

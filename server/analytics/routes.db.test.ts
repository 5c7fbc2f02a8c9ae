import type express from 'express';
import pino from 'pino';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import { useTestApp } from '#tests/support/integration.ts';
import {
  analyticsDays,
  analyticsDayVisitors,
  analyticsSalts,
  campaignDaily,
  pageViewDaily,
  pageViews,
  referrerDaily,
} from '../db/schema.ts';
import { createPageViewRecorder, type PageViewRecorder } from './recorder.ts';

const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

const fixture = useTestApp();
let app: express.Express;
let recorder: PageViewRecorder;
let now: Date;

beforeEach(async () => {
  // 10:00 in London, British Summer Time.
  now = new Date('2026-06-10T09:00:00Z');
  await recorder?.flush();
  // A new app for each test: its figures cache and per-client counts start empty.
  recorder = createPageViewRecorder({
    db: fixture.database.db,
    logger: pino({ level: 'silent' }),
    flushMs: 60_000,
  });
  app = createTestApp(fixture.database, {
    config: testConfig({ TRUST_PROXY: '1', ANALYTICS_RATE_LIMIT: '30' }),
    clock: () => now,
    pageViews: recorder,
  });
  for (const table of [
    pageViews,
    pageViewDaily,
    analyticsDays,
    analyticsDayVisitors,
    analyticsSalts,
    referrerDaily,
    campaignDaily,
  ]) {
    await fixture.database.db.delete(table);
  }
});

function view(body: object, { client = '203.0.113.10', userAgent = phone } = {}) {
  return request(app)
    .post('/api/analytics')
    .set('X-Forwarded-For', client)
    .set('User-Agent', userAgent)
    .send(body);
}

const pageView = (path: string, extra: object = {}) => ({ event: 'page_view', path, ...extra });

async function stats() {
  return (await request(app).get('/api/analytics/stats').set(fixture.staff.headers).expect(200)).body;
}

describe('POST /api/analytics', () => {
  it('counts a page view with 204, sets no cookie and stores no address', async () => {
    const response = await view(
      pageView('/services/puncture-repair?utm_source=google&utm_medium=cpc&utm_campaign=spring'),
      {
        client: '198.51.100.77',
      },
    ).expect(204);
    expect(response.headers['set-cookie']).toBeUndefined();
    await recorder.flush();
    const [stored] = await fixture.database.db.select().from(pageViews);
    expect(stored).toMatchObject({
      day: '2026-06-10',
      path: '/services/puncture-repair',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      device: 'mobile',
      referrerHost: null,
      visitorId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(JSON.stringify(await fixture.database.db.select().from(pageViews))).not.toContain('198.51.100.77');
  });

  it.each([
    ['another event', { event: 'click', path: '/' }],
    ['no path', { event: 'page_view' }],
    ['an address on another site', pageView('https://evil.example/')],
    ['a protocol-relative address', pageView('//evil.example/')],
    ['a path of 513 characters', pageView(`/${'a'.repeat(512)}`)],
    ['a path that is not text', pageView(42 as unknown as string)],
  ])('refuses %s with 400 and stores nothing', async (_case, body) => {
    const response = await view(body).expect(400);
    expect(response.body.error).toEqual(expect.any(String));
    await recorder.flush();
    expect(await fixture.database.db.select().from(pageViews)).toEqual([]);
  });

  it('accepts a path of 512 characters, and a beacon sent as text/plain', async () => {
    await view(pageView(`/${'a'.repeat(511)}`)).expect(204);
    await request(app)
      .post('/api/analytics')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify(pageView('/about')))
      .expect(204);
    await recorder.flush();
    expect(await fixture.database.db.select().from(pageViews)).toHaveLength(2);
  });

  it('answers robots and staff pages with 204 and counts neither', async () => {
    await view(pageView('/'), {
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    }).expect(204);
    await view(pageView('/'), { userAgent: 'curl/8.5.0' }).expect(204);
    for (const path of ['/admin/dashboard', '/admin-dashboard', '/auth', '/Admin/Dashboard/analytics']) {
      await view(pageView(path)).expect(204);
    }
    await recorder.flush();
    expect(await fixture.database.db.select().from(pageViews)).toEqual([]);
  });

  it('limits page views per client with 429 and Retry-After', async () => {
    for (let count = 0; count < 30; count += 1)
      await view(pageView('/'), { client: '192.0.2.50' }).expect(204);
    const refused = await view(pageView('/'), { client: '192.0.2.50' }).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await view(pageView('/'), { client: '192.0.2.51' }).expect(204);
    now = new Date(now.getTime() + 60_000);
    await view(pageView('/'), { client: '192.0.2.50' }).expect(204);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let count = 0; count < 30; count += 1)
      await view(pageView('/'), { client: `2001:db8:9:9::${count + 1}` }).expect(204);
    await view(pageView('/'), { client: '2001:db8:9:9:1:2:3:4' }).expect(429);
    await view(pageView('/'), { client: '2001:db8:9:a::1' }).expect(204);
  });

  it('refuses a body over 4 kB with 413', async () => {
    await view(pageView('/', { referrer: `https://a.example/${'x'.repeat(5000)}` })).expect(413);
  });
});

describe('the figures', () => {
  it('match what was counted, day by day, with unique visitors per day', async () => {
    // Wednesday: Alice (phone) sees three pages, two of them the home page; Bob (desktop) one.
    const alice = { client: '203.0.113.1', userAgent: phone };
    const bob = { client: '203.0.113.2', userAgent: desktop };
    await view(pageView('/', { referrer: 'https://www.google.co.uk/' }), alice).expect(204);
    await view(pageView('/about'), alice).expect(204);
    await view(pageView('/'), alice).expect(204);
    await view(pageView('/?utm_source=facebook&utm_campaign=winter-tyres'), bob).expect(204);
    await recorder.flush();
    // Thursday, after midnight in London (23:30 UTC is 00:30 BST): Alice again, a new visitor id.
    now = new Date('2026-06-10T23:30:00Z');
    await view(pageView('/'), alice).expect(204);
    await recorder.flush();

    expect(await stats()).toEqual({
      totalVisits: 5,
      uniqueVisitors: 3, // 2 on Wednesday + 1 on Thursday: days cannot be linked
      todayVisits: 1,
      weeklyVisits: 5,
      topPages: [
        { path: '/', visits: 4 },
        { path: '/about', visits: 1 },
      ],
    });
    const daily = await fixture.database.db.select().from(pageViewDaily);
    expect(daily).toEqual(
      expect.arrayContaining([
        { day: '2026-06-10', path: '/', visits: 3, uniqueVisitors: 2 },
        { day: '2026-06-10', path: '/about', visits: 1, uniqueVisitors: 1 },
        { day: '2026-06-11', path: '/', visits: 1, uniqueVisitors: 1 },
      ]),
    );
    const ids = await fixture.database.db
      .select({ day: pageViews.day, visitorId: pageViews.visitorId })
      .from(pageViews);
    const aliceWednesday = ids.filter((row) => row.day === '2026-06-10').map((row) => row.visitorId);
    const aliceThursday = ids.find((row) => row.day === '2026-06-11')!.visitorId;
    expect(new Set(aliceWednesday).size).toBe(2);
    expect(aliceWednesday).not.toContain(aliceThursday);
    // Only Thursday's salt is left.
    expect(
      (await fixture.database.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map(
        (row) => row.day,
      ),
    ).toEqual(['2026-06-11']);

    const timeline = (
      await request(app).get('/api/analytics/timeline?days=7').set(fixture.staff.headers).expect(200)
    ).body;
    expect(timeline).toEqual([
      { date: '2026-06-05', visits: 0, uniqueVisitors: 0 },
      { date: '2026-06-06', visits: 0, uniqueVisitors: 0 },
      { date: '2026-06-07', visits: 0, uniqueVisitors: 0 },
      { date: '2026-06-08', visits: 0, uniqueVisitors: 0 },
      { date: '2026-06-09', visits: 0, uniqueVisitors: 0 },
      { date: '2026-06-10', visits: 4, uniqueVisitors: 2 },
      { date: '2026-06-11', visits: 1, uniqueVisitors: 1 },
    ]);
    for (const days of [30, 90]) {
      const entries = (
        await request(app).get(`/api/analytics/timeline?days=${days}`).set(fixture.staff.headers).expect(200)
      ).body;
      expect(entries).toHaveLength(days);
      expect(entries.at(-1).date).toBe('2026-06-11');
    }

    expect(
      (await request(app).get('/api/analytics/sources?days=7').set(fixture.staff.headers).expect(200)).body,
    ).toEqual({
      referrers: [{ host: 'google.co.uk', visits: 1 }],
      campaigns: [{ source: 'facebook', medium: null, campaign: 'winter-tyres', visits: 1 }],
    });
  });

  it('counts the same visitor once per day however many views arrive together', async () => {
    await Promise.all(Array.from({ length: 25 }, () => view(pageView('/'), { client: '203.0.113.9' })));
    await recorder.flush();
    expect(await stats()).toMatchObject({ totalVisits: 25, uniqueVisitors: 1, todayVisits: 25 });
  });

  it('list at most the ten most visited pages, most visited first', async () => {
    for (let page = 1; page <= 12; page += 1) {
      for (let viewNumber = 0; viewNumber < page; viewNumber += 1)
        await view(pageView(`/page-${page}`), { client: `198.51.100.${viewNumber}` });
    }
    await recorder.flush();
    const { topPages, totalVisits } = await stats();
    expect(totalVisits).toBe(78);
    expect(topPages.map((page: { path: string }) => page.path)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((page) => `/page-${page}`),
    );
    expect(topPages[0]).toEqual({ path: '/page-12', visits: 12 });
  });

  it('are zero with nothing counted yet', async () => {
    expect(await stats()).toEqual({
      totalVisits: 0,
      uniqueVisitors: 0,
      todayVisits: 0,
      weeklyVisits: 0,
      topPages: [],
    });
  });

  it('answer 400 for a range other than 7, 30 or 90 days', async () => {
    const queries = ['', '?days=14', '?days=abc', '?days=7.0', '?days=7&days=30'];
    for (const path of queries.flatMap((query) => ['timeline', 'sources'].map((of) => `${of}${query}`))) {
      const response = await request(app)
        .get(`/api/analytics/${path}`)
        .set(fixture.staff.headers)
        .expect(400);
      expect(response.body).toEqual({
        error: invalidFieldsMessage,
        fieldErrors: { days: ['days must be one of 7, 30, 90.'] },
      });
    }
  });

  it('are for signed-in staff only', async () => {
    for (const path of [
      '/api/analytics/stats',
      '/api/analytics/timeline?days=30',
      '/api/analytics/sources?days=30',
    ]) {
      await request(app).get(path).expect(401);
    }
  });
});

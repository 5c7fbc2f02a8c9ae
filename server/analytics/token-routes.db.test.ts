import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenRoutePatterns } from '#common/http/token-routes.ts';
import {
  bookingContent,
  bookingNow,
  clearBookings,
  fixedStores,
  makeBooking,
} from '#tests/support/bookings.ts';
import { clearEnquiries, sameOriginHeaders } from '#tests/support/factories.ts';
import { ensureBuilt } from '#tests/support/server-process.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { selectRows } from '../db/client.ts';
import { analyticsDays, analyticsDayVisitors, pageViewDaily, pageViews } from '../db/schema.ts';
import { loadProductionSsr } from '../http/ssr.ts';
import { createLogger } from '../logger.ts';
import { migrationsDir } from '../paths.ts';
import { createPageViewRecorder, type PageViewRecorder } from './recorder.ts';
import { purgeRawPageViews } from './retention.ts';
import { analyticsStats, analyticsTimeline, recordPageViews } from './service.ts';

/**
 * Secret links (a booking's manage link, a staff account's set-up link) through the real app:
 * their tokens reach neither the page views, the dashboard's figures, the request log nor any
 * cache, and the migration cleans what was stored before.
 */
let recorder: PageViewRecorder;
const logLines: string[] = [];
const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => void logLines.push(line) });
const fixture = useTestApp({
  env: { ENQUIRY_RATE_LIMIT: '100' },
  dependencies: async (database) => {
    ensureBuilt();
    recorder = createPageViewRecorder({ db: database.db, logger, flushMs: 60_000 });
    return {
      logger,
      clock: () => bookingNow,
      pageViews: recorder,
      ...fixedStores(bookingContent()),
      ssr: await loadProductionSsr(),
    };
  },
});

beforeEach(async () => {
  logLines.length = 0;
  await clearEnquiries(fixture.database.db);
  await clearBookings(fixture.database.db);
  for (const table of [pageViews, pageViewDaily, analyticsDays, analyticsDayVisitors])
    await fixture.database.db.delete(table);
});

async function newBookingToken(): Promise<string> {
  const { body } = await request(fixture.app).post('/api/bookings').send(makeBooking()).expect(201);
  return new URL(body.manageUrl).pathname.split('/').pop()!;
}

async function newSetupToken(): Promise<string> {
  const { body } = await request(fixture.app)
    .post('/api/users')
    .set(fixture.staff.headers)
    .send({ username: `newcomer${Date.now()}`, role: 'owner' })
    .expect(201);
  return new URL(body.setupUrl).pathname.split('/').pop()!;
}

const storedText = async () =>
  JSON.stringify([
    await fixture.database.db.select().from(pageViews),
    await fixture.database.db.select().from(pageViewDaily),
    await fixture.database.db.select().from(analyticsDayVisitors),
  ]);

describe('a manage link visited', () => {
  it('is counted, shown and logged as its pattern, and its page is kept by no cache nor indexed', async () => {
    const token = await newBookingToken();
    const page = await request(fixture.app)
      .get(`/bookings/manage/${token}?booked=1`)
      .set('Cookie', 'splash_seen=1');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.text).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    // The page's beacon, as an old page (or anyone) might send it: with the token.
    await request(fixture.app)
      .post('/api/analytics')
      .send({
        event: 'page_view',
        path: `/bookings/manage/${token}?booked=1`,
        referrer: `http://localhost:3000/bookings/manage/${token}`,
      })
      .expect(204);
    await request(fixture.app)
      .post('/api/analytics')
      .send({ event: 'page_view', path: `/Bookings/Manage/${encodeURIComponent(token)}/` })
      .expect(204);
    await recorder.flush();

    const stored = await storedText();
    expect(stored).not.toContain(token);
    expect(
      (await fixture.database.db.select({ path: pageViews.path }).from(pageViews)).map((row) => row.path),
    ).toEqual(['/bookings/manage/:token', '/bookings/manage/:token/']);
    const stats = await request(fixture.app)
      .get('/api/analytics/stats')
      .set(fixture.staff.headers)
      .expect(200);
    expect(JSON.stringify(stats.body)).not.toContain(token);
    expect(stats.body.topPages).toContainEqual({ path: '/bookings/manage/:token', visits: 1 });

    const log = logLines.join('');
    expect(log).not.toContain(token);
    expect(log).toContain('"path":"/bookings/manage/:token"');
  });

  it('through the API, answers no-store and no-referrer, and logs the pattern', async () => {
    const token = await newBookingToken();
    const view = await request(fixture.app).get(`/api/bookings/manage/${token}`).expect(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.headers['referrer-policy']).toBe('no-referrer');
    await request(fixture.app)
      .post(`/api/bookings/manage/${token}/cancel`)
      .set(sameOriginHeaders)
      .expect(200);
    await request(fixture.app).get(`/api/bookings/manage/${token}x`).expect(404);
    const log = logLines.join('');
    expect(log).not.toContain(token);
    expect(log).toContain('"path":"/api/bookings/manage/:token"');
    expect(log).toContain('"path":"/api/bookings/manage/:token/cancel"');
  });
});

describe('a set-up link visited', () => {
  it('is counted and logged as its pattern, page and API alike', async () => {
    const token = await newSetupToken();
    const page = await request(fixture.app)
      .get(`/account-setup/${token}`)
      .set('Cookie', 'splash_seen=1')
      .expect(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const api = await request(fixture.app).get(`/api/account-setup/${token}`).expect(200);
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    await request(fixture.app)
      .post('/api/analytics')
      .send({ event: 'page_view', path: `/account-setup/${token}` })
      .expect(204);
    await recorder.flush();

    expect(await storedText()).not.toContain(token);
    const stats = await request(fixture.app)
      .get('/api/analytics/stats')
      .set(fixture.staff.headers)
      .expect(200);
    expect(stats.body.topPages).toEqual([{ path: '/account-setup/:token', visits: 1 }]);
    const log = logLines.join('');
    expect(log).not.toContain(token);
    expect(log).toContain('"path":"/account-setup/:token"');
    expect(log).toContain('"path":"/api/account-setup/:token"');
  });
});

/** The statements of the migration that rewrites stored token paths. */
function tokenPathsMigration(): string[] {
  const file = fs.readdirSync(migrationsDir).find((name) => name.endsWith('_token_route_paths.sql'))!;
  return fs
    .readFileSync(path.join(migrationsDir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}

describe('the migration of stored token paths', () => {
  it('rewrites page views, daily rows and day visitors to the patterns, merging rows that then collide', async () => {
    const view = (day: string, path: string, visitorId: string) => ({
      occurredAt: `${day}T10:00:00.000Z`,
      day,
      path,
      referrerHost: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      device: 'mobile' as const,
      visitorId,
    });
    // Stored as the old code did: each token its own path.
    await recordPageViews(fixture.database.db, [
      view('2026-11-20', '/bookings/manage/tokenAAAA', 'visitor-1'),
      view('2026-11-20', '/bookings/manage/tokenBBBB', 'visitor-2'),
      view('2026-11-20', '/bookings/manage/tokenBBBB', 'visitor-2'),
      view('2026-11-20', '/bookings/manage/:token', 'visitor-3'),
      view('2026-11-21', '/account-setup/tokenCCCC', 'visitor-4'),
      view('2026-11-21', '/account-setup/tokenDDDD', 'visitor-4'),
      view('2026-11-21', '/services/puncture-repair', 'visitor-4'),
    ]);
    const before = await analyticsStats(fixture.database.db, '2026-11-21');

    for (const statement of tokenPathsMigration()) await fixture.database.db.execute(sql.raw(statement));
    // Run again, as a second start would not, it changes nothing more.
    for (const statement of tokenPathsMigration()) await fixture.database.db.execute(sql.raw(statement));

    expect(await storedText()).not.toMatch(/token[A-D]{4}/);
    const daily = await selectRows<{ day: string; path: string; visits: number; unique_visitors: number }>(
      fixture.database.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, path, visits, unique_visitors from page_view_daily order by day, path`,
    );
    expect(daily).toEqual([
      { day: '2026-11-20', path: '/bookings/manage/:token', visits: 4, unique_visitors: 3 },
      { day: '2026-11-21', path: '/account-setup/:token', visits: 2, unique_visitors: 2 },
      { day: '2026-11-21', path: '/services/puncture-repair', visits: 1, unique_visitors: 1 },
    ]);
    const visitors = await fixture.database.db.select().from(analyticsDayVisitors);
    expect(visitors.filter((row) => row.path === '/account-setup/:token')).toHaveLength(1);
    const after = await analyticsStats(fixture.database.db, '2026-11-21');
    expect(after.totalVisits).toBe(before.totalVisits);
    expect(after.topPages.map((page) => page.path)).toEqual([
      '/bookings/manage/:token',
      '/account-setup/:token',
      '/services/puncture-repair',
    ]);
    // Every token route of the list is covered by the migration, but the unsubscribe link's and
    // the texts' short link, which came after it: their views were never stored with their tokens.
    const later = ['/unsubscribe/:token', '/m/:token'];
    for (const pattern of tokenRoutePatterns.filter((entry) => !later.includes(entry))) {
      expect(daily.map((row) => row.path)).toContain(pattern);
    }
  });
});

describe('the purge of single page views', () => {
  it('deletes views older than the setting and leaves the daily totals, so the figures stay', async () => {
    const view = (day: string) => ({
      occurredAt: `${day}T10:00:00.000Z`,
      day,
      path: '/',
      referrerHost: 'elsewhere.example',
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      device: 'desktop' as const,
      visitorId: `visitor-${day}`,
    });
    await recordPageViews(fixture.database.db, [
      view('2026-08-20'),
      view('2026-08-25'),
      view('2026-08-26'),
      view('2026-11-24'),
    ]);
    const today = '2026-11-24';
    const stats = await analyticsStats(fixture.database.db, today);
    const timeline = await analyticsTimeline(fixture.database.db, today, 90);

    // 90 days before 24 November is 26 August: that day is kept, the days before it go.
    expect(await purgeRawPageViews(fixture.database.db, { today, days: 90 })).toBe(2);
    const left = await fixture.database.db.select({ day: pageViews.day }).from(pageViews);
    expect(left.map((row) => row.day).sort()).toEqual(['2026-08-26', '2026-11-24']);
    expect(await analyticsStats(fixture.database.db, today)).toEqual(stats);
    expect(await analyticsTimeline(fixture.database.db, today, 90)).toEqual(timeline);
    expect(stats.totalVisits).toBe(4);
    expect(await purgeRawPageViews(fixture.database.db, { today, days: 90 })).toBe(0);
  });
});

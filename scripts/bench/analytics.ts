// The `analytics` scenario: a year of page views stored before the server starts, then the staff
// dashboard's figures read over it and page views counted as they arrive.
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { addDays, londonDay } from '#server/analytics/london.ts';
import { selectRows, type DatabaseOptions } from '#server/db/client.ts';
import type { ServerProcess } from '#tests/support/server-process.ts';
import { fromRandomClients, measure, report, type Settings } from './measure.ts';
import { openDatabaseBeforeStart, signIn, staffAccountEnv, textArray, type Scenario } from './server.ts';

/** How many page views the analytics scenario stores before the server starts, over a year. */
const seededViews = 1_000_000;
const seededDays = 365;

/**
 * About 25 paths, most popular first: the site's pages and some that are not (old links, guesses),
 * which are counted all the same.
 */
const seededPaths = [
  '/',
  '/services/puncture-repair',
  '/services/tyre-replacement',
  '/contact',
  '/enquiry',
  '/services/wheel-balancing',
  '/mot',
  '/services/tpms-services',
  '/servicing',
  '/about',
  '/services/commercial-tyres',
  '/privacy-policy',
  '/cookie-settings',
  '/terms-of-service',
  '/cookie-policy',
  '/prices',
  '/opening-hours',
  '/reviews',
  '/faq',
  '/blog/winter-tyres',
  '/blog/tyre-pressure',
  '/blog/tread-depth',
  '/services/wheel-alignment',
  '/tyres',
  '/careers',
];
const seededReferrers = [
  'google.com',
  'google.co.uk',
  'bing.com',
  'facebook.com',
  'duckduckgo.com',
  'yell.com',
  'checkatrade.com',
  'nextdoor.co.uk',
  'instagram.com',
];

/**
 * A year of page views, stored with a few set-based statements: the events, then every rollup
 * computed from them as the live ingest keeps it (a visitor is unique once per day, and once per
 * day and path), and today's and yesterday's visitor records, which the live ingest still holds.
 * Returns the seconds it took.
 */
async function seedAnalytics(options: DatabaseOptions): Promise<number> {
  const started = performance.now();
  const database = await openDatabaseBeforeStart(options);
  try {
    await database.migrate();
    const { db } = database;
    const today = londonDay(new Date());
    const first = addDays(today, 1 - seededDays);
    // A throwaway PostgreSQL database may hold an earlier run's views: start from none.
    await db.execute(sql`truncate page_views, page_view_daily, analytics_days, analytics_day_visitors,
      referrer_daily, campaign_daily, analytics_salts`);
    // Each view draws its day (more views in recent months: a growing site), its path (skewed:
    // the first few take most views), a visitor among about a third as many as the day's views
    // (so a visitor has about three views that day), a referrer for about a third of views and a
    // campaign for about one in twelve (some with a source only), and a device.
    await db.execute(sql`
      insert into page_views (occurred_at, day, path, referrer_host, utm_source, utm_medium, utm_campaign, device, visitor_id)
      select (view.day + make_interval(secs => view.seconds))::timestamp at time zone 'Europe/London',
        view.day,
        (${textArray(seededPaths)})[1 + floor(${seededPaths.length} * power(view.path_draw, 2))::int],
        case when view.source_draw < 0.33
          then (${textArray(seededReferrers)})[1 + floor(${seededReferrers.length} * power(view.source_draw / 0.33, 1.5))::int]
        end,
        case when view.source_draw >= 0.33 and view.source_draw < 0.41
          then (array['google', 'facebook', 'newsletter', 'flyer'])[1 + floor(4 * (view.source_draw - 0.33) / 0.08)::int]
        end,
        case when view.source_draw >= 0.33 and view.source_draw < 0.40
          then (array['cpc', 'social', 'email', 'print'])[1 + floor(4 * (view.source_draw - 0.33) / 0.08)::int]
        end,
        case when view.source_draw >= 0.33 and view.source_draw < 0.39
          then (array['winter-tyres', 'spring-check', 'mot-reminder', 'local'])[1 + floor(4 * (view.source_draw - 0.33) / 0.08)::int]
        end,
        case when view.device_draw < 0.65 then 'mobile' when view.device_draw < 0.95 then 'desktop' else 'tablet' end,
        left(md5(view.day::text || ':' || floor(view.visitor_draw * ${seededViews / seededDays / 3})::int), 32)
      from (
        select ${first}::date + floor(${seededDays} * sqrt(random()))::int as day,
          random() * 86400 as seconds, random() as path_draw, random() as source_draw,
          random() as device_draw, random() as visitor_draw
        from generate_series(1, ${seededViews})
      ) as view
    `);
    await db.execute(sql`
      insert into page_view_daily (day, path, visits, unique_visitors)
      select day, path, count(*), count(distinct visitor_id) from page_views group by day, path
    `);
    await db.execute(sql`
      insert into analytics_days (day, visits, unique_visitors)
      select day, count(*), count(distinct visitor_id) from page_views group by day
    `);
    await db.execute(sql`
      insert into referrer_daily (day, host, visits)
      select day, referrer_host, count(*) from page_views where referrer_host is not null group by 1, 2
    `);
    await db.execute(sql`
      insert into campaign_daily (day, source, medium, campaign, visits)
      select day, utm_source, coalesce(utm_medium, ''), coalesce(utm_campaign, ''), count(*)
      from page_views where utm_source is not null group by 1, 2, 3, 4
    `);
    await db.execute(sql`
      insert into analytics_day_visitors (day, visitor_id, path)
      select distinct day, visitor_id, path from page_views where day >= ${addDays(today, -1)}::date
    `);
    const [counts] = await selectRows<{ views: string | number; days: string | number }>(
      db,
      sql`select (select count(*) from page_views) as views, (select sum(visits) from analytics_days) as days`,
    );
    if (Number(counts?.views) !== seededViews || Number(counts?.days) !== seededViews) {
      throw new Error(`seeding stored ${counts?.views} views and ${counts?.days} in the rollups`);
    }
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

async function totalVisits(server: ServerProcess, cookie: string): Promise<number> {
  const response = await fetch(`${server.url}/api/analytics/stats`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/analytics/stats answered ${response.status}`);
  return ((await response.json()) as { totalVisits: number }).totalVisits;
}

/** The server stores views in batches within 200 ms; this leaves it ample time. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

let seedingSeconds: number | undefined;

async function runAnalytics(server: ServerProcess, settings: Settings): Promise<boolean> {
  const { connections } = settings;
  console.log(
    `analytics: ${seededViews} page views over ${seededDays} days seeded in ${seedingSeconds?.toFixed(1)} s`,
  );
  const cookie = await signIn(server);
  let ok = true;

  // Each p95 at most a third above what one run gave (7.7x and 6.9x the floor's).
  for (const [name, url, p95] of [
    ['GET /api/analytics/stats (signed in)', '/api/analytics/stats', 10],
    ['GET /api/analytics/timeline?days=90 (signed in)', '/api/analytics/timeline?days=90', 9.2],
  ] as const) {
    const options: autocannon.Options = { url: `${server.url}${url}`, connections, headers: { cookie } };
    if (!report(name, await measure(server, settings, options), { p95 })) ok = false;
  }

  const ingest: autocannon.Options = {
    url: `${server.url}/api/analytics`,
    method: 'POST',
    connections,
    headers: {
      'content-type': 'application/json',
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    },
    // A different visitor per request, which also keeps the per-client limit (120 a minute) out of the way.
    requests: fromRandomClients,
    body: JSON.stringify({ event: 'page_view', path: '/services/puncture-repair' }),
  };
  let before = 0;
  const run = await measure(server, settings, ingest, async () => {
    await settle();
    before = await totalVisits(server, cookie);
  });
  await settle();
  const stored = (await totalVisits(server, cookie)) - before;
  // One run gave p99 48x and 0.020x the floor's throughput: a third on either side.
  if (!report('POST /api/analytics (page view, batched)', run, { p99: 64, rps: 0.015 })) ok = false;
  const { result, latenciesMs } = run;
  // autocannon stops with a request in flight on (nearly) every connection: the server still
  // counts those views, but their answers are never read, so they may add up to that many.
  const inFlight = Math.max(0, result.requests.sent - latenciesMs.length - result.errors);
  const counted = stored >= result['2xx'] && stored <= result['2xx'] + inFlight;
  console.log(
    `  stored     ${stored} views for ${result['2xx']} answers 2xx and ${inFlight} requests in flight at the end: ${counted ? 'all counted' : 'MISMATCH'}`,
  );
  return ok && counted;
}

export const analytics: Scenario = {
  prepare: async (database) => {
    seedingSeconds = await seedAnalytics(database);
  },
  env: staffAccountEnv,
  run: runAnalytics,
};

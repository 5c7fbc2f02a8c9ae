// `npm run bench [scenario...]`: load tests against the built server, started as in production
// on a fresh embedded database (PGlite) in a temporary folder. Prints throughput and latency
// percentiles and compares them with the targets. Scenarios: enquiry, analytics, enquiries, images,
// pages, booking, memory (default: all).
// BENCH_DURATION (seconds, default 15; 60 for memory) and BENCH_CONNECTIONS (default 50) adjust the load;
// BENCH_DATABASE_URL runs the server on that (empty, throwaway) PostgreSQL database instead.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { addDays, londonDay } from '#server/analytics/london.ts';
import { bankHolidays } from '../common/time/bank-holidays.ts';
import { type AvailabilityDay } from '../common/bookings/slots.ts';
import { londonDate } from '#common/time/london.ts';
import { weekdays } from '../common/time/week.ts';
import { openDatabase, selectRows, type DatabaseOptions } from '#server/db/client.ts';
import { clientBuildDir } from '#server/paths.ts';
import {
  noteOnlyEnquiryId,
  noteOnlyWord,
  nowhereWord,
  seededEnquiries,
  seedEnquiries,
} from './bench-enquiries-seed.ts';
import { enquiryBody, runMemory, storeUploadedPictures } from './bench-memory.ts';
import {
  ensureBuilt,
  residentMemoryMb,
  startServerProcess,
  type ServerProcess,
} from '#tests/support/server-process.ts';

const duration = Number(process.env.BENCH_DURATION ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Concurrent connections of the staff inbox's scenario: a handful of staff, not fifty. At 50 its
 * latency measures the server's throughput (50 waiting for one another), not one answer's time.
 */
const staffConnections = Number(process.env.BENCH_STAFF_CONNECTIONS ?? 5);

type Scenario = {
  /** Runs before the server starts, on the database it will be given (only one process may hold a PGlite folder). */
  prepare?: (database: DatabaseOptions) => Promise<void>;
  /** Settings the scenario needs besides the common ones. */
  env?: Record<string, string>;
  run: (server: ServerProcess) => Promise<boolean>;
};

/**
 * CPU time (user and system, all threads) the server process has used so far, in milliseconds,
 * or undefined where /proc is not there. Per request it shows what a change costs or saves even
 * when other work on the machine blurs the latencies.
 */
function serverCpuMs(server: ServerProcess): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks, 100 per second
  } catch {
    return undefined;
  }
}

/** Nearest-rank percentile (0-100) of ascending values. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * Warms the server up for 3 s with `options` (not reported), runs `beforeMeasuring`, then loads
 * it for the run's duration. Keeps every response time as well (the same values autocannon's
 * histogram records: its result gives p50, p90, p97.5 and p99 but no p95, so that is computed
 * from these) and the server's CPU time over the run.
 */
async function measure(
  server: ServerProcess,
  options: autocannon.Options,
  beforeMeasuring?: () => Promise<void>,
): Promise<{ result: autocannon.Result; latenciesMs: number[]; cpuMs: number | undefined }> {
  await autocannon({ ...options, duration: 3 });
  await beforeMeasuring?.();
  const latenciesMs: number[] = [];
  const cpuBefore = serverCpuMs(server);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, duration }, (error: unknown, result: autocannon.Result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => latenciesMs.push(responseTime));
  });
  const cpuAfter = serverCpuMs(server);
  const cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return { result, latenciesMs, cpuMs };
}

function report(
  name: string,
  result: autocannon.Result,
  targets: { p95Ms?: number; p99Ms?: number; minRps?: number },
  cpuMs?: number,
  /** Every response time of the run, from `measure`: needed for the p95 line and target. */
  latenciesMs?: readonly number[],
) {
  const rps = result.requests.average;
  const lines = [
    `${name}: ${result.connections} connections, ${result.duration.toFixed(0)} s`,
    `  requests   ${result.requests.total} (${result.non2xx} not 2xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
    `  throughput mean ${rps.toFixed(0)} req/s, median ${result.requests.p50} req/s per second sampled`,
    `  latency    p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  ];
  const sorted = latenciesMs && [...latenciesMs].sort((a, b) => a - b);
  if (sorted && sorted.length > 0) {
    lines.push(
      `  latency    p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms (nearest rank over all ${sorted.length} response times)`,
    );
  }
  if (cpuMs !== undefined && result.requests.total > 0) {
    lines.push(
      `  server CPU ${((cpuMs * 1000) / result.requests.total).toFixed(0)} µs per request (all threads)`,
    );
  }
  const ok = result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
  if (targets.p95Ms !== undefined) {
    const p95 = sorted ? percentile(sorted, 95) : NaN;
    lines.push(`  target     p95 <= ${targets.p95Ms} ms: ${p95 <= targets.p95Ms ? 'met' : 'NOT met'}`);
  }
  if (targets.p99Ms !== undefined) {
    const met = result.latency.p99 <= targets.p99Ms;
    lines.push(`  target     p99 <= ${targets.p99Ms} ms: ${met ? 'met' : 'NOT met'}`);
  }
  if (targets.minRps !== undefined) {
    // Only answers that did what was asked count towards throughput.
    const okPerSecond = result['2xx'] / result.duration;
    const met = okPerSecond >= targets.minRps;
    lines.push(
      `  target     >= ${targets.minRps} 2xx/s (${okPerSecond.toFixed(0)}): ${met ? 'met' : 'NOT met'}`,
    );
  }
  console.log(lines.join('\n'));
  return ok;
}

/** A different customer per request, as in real traffic (the server trusts one proxy hop here). */
const randomClientAddress = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

async function runEnquiry(server: ServerProcess): Promise<boolean> {
  const options: autocannon.Options = {
    url: `${server.url}/api/enquiries`,
    method: 'POST',
    connections,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': randomClientAddress() },
        }),
      },
    ],
    body: enquiryBody,
  };
  const { result, cpuMs } = await measure(server, options);
  return report('POST /api/enquiries (stored, with its notification queued)', result, { p99Ms: 50 }, cpuMs);
}

const enquiry: Scenario = { run: runEnquiry };

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

/** The SQL text of a list of strings, as an array literal (fixed strings from this file). */
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]::text[]`);

/**
 * A year of page views, stored with a few set-based statements: the events, then every rollup
 * computed from them as the live ingest keeps it (a visitor is unique once per day, and once per
 * day and path), and today's and yesterday's visitor records, which the live ingest still holds.
 * Returns the seconds it took.
 */
async function seedAnalytics(options: DatabaseOptions): Promise<number> {
  const started = performance.now();
  const database = await openDatabase(
    'databaseUrl' in options ? { databaseUrl: options.databaseUrl, poolMax: 1 } : options,
  );
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

/** The staff account the scenarios sign in with (created by the server from ADMIN_*). */
const staff = { username: 'bench-staff', password: 'quiet-lorry-tyre-pressure-42' };

/** Signs in as staff and returns the Cookie header that carries the session. */
async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-request': '1', origin: server.url },
    body: JSON.stringify(staff),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith('session='));
  if (!response.ok || !session) {
    throw new Error(`sign-in as ${staff.username} failed: ${response.status} ${await response.text()}`);
  }
  return session;
}

async function totalVisits(server: ServerProcess, cookie: string): Promise<number> {
  const response = await fetch(`${server.url}/api/analytics/stats`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/analytics/stats answered ${response.status}`);
  return ((await response.json()) as { totalVisits: number }).totalVisits;
}

/** The server stores views in batches within 200 ms; this leaves it ample time. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

let seedingSeconds: number | undefined;

async function runAnalytics(server: ServerProcess): Promise<boolean> {
  console.log(
    `analytics: ${seededViews} page views over ${seededDays} days seeded in ${seedingSeconds?.toFixed(1)} s`,
  );
  const cookie = await signIn(server);
  let ok = true;

  for (const [name, url] of [
    ['GET /api/analytics/stats (signed in)', '/api/analytics/stats'],
    ['GET /api/analytics/timeline?days=90 (signed in)', '/api/analytics/timeline?days=90'],
  ] as const) {
    const options: autocannon.Options = { url: `${server.url}${url}`, connections, headers: { cookie } };
    const { result, latenciesMs, cpuMs } = await measure(server, options);
    if (!report(name, result, { p95Ms: 50 }, cpuMs, latenciesMs)) ok = false;
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
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': randomClientAddress() },
        }),
      },
    ],
    body: JSON.stringify({ event: 'page_view', path: '/services/puncture-repair' }),
  };
  let before = 0;
  const { result, latenciesMs, cpuMs } = await measure(server, ingest, async () => {
    await settle();
    before = await totalVisits(server, cookie);
  });
  await settle();
  const stored = (await totalVisits(server, cookie)) - before;
  if (
    !report(
      'POST /api/analytics (page view, batched)',
      result,
      { p99Ms: 50, minRps: 2_000 },
      cpuMs,
      latenciesMs,
    )
  ) {
    ok = false;
  }
  // autocannon stops with a request in flight on (nearly) every connection: the server still
  // counts those views, but their answers are never read, so they may add up to that many.
  const inFlight = Math.max(0, result.requests.sent - latenciesMs.length - result.errors);
  const counted = stored >= result['2xx'] && stored <= result['2xx'] + inFlight;
  console.log(
    `  stored     ${stored} views for ${result['2xx']} answers 2xx and ${inFlight} requests in flight at the end: ${counted ? 'all counted' : 'MISMATCH'}`,
  );
  return ok && counted;
}

const analytics: Scenario = {
  prepare: async (database) => {
    seedingSeconds = await seedAnalytics(database);
  },
  env: { ADMIN_USERNAME: staff.username, ADMIN_PASSWORD: staff.password },
  run: runAnalytics,
};

let enquirySeedingSeconds: number | undefined;

/** A staff GET's answer, as JSON; throws unless it is a 200. */
async function staffGet<T>(server: ServerProcess, cookie: string, url: string): Promise<T> {
  const response = await fetch(`${server.url}${url}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

type InboxEnquiry = { id: number; reference: string };

async function runEnquiries(server: ServerProcess): Promise<boolean> {
  console.log(
    `enquiries: ${seededEnquiries} enquiries with their status changes and notes seeded in ${enquirySeedingSeconds?.toFixed(1)} s`,
  );
  const cookie = await signIn(server);
  const middleId = seededEnquiries / 2;
  const [middle] = await staffGet<InboxEnquiry[]>(
    server,
    cookie,
    `/api/enquiries?before=${middleId + 1}&limit=1`,
  );
  if (middle?.id !== middleId) throw new Error(`enquiry ${middleId} is not in the inbox`);

  // Each with what its answer must hold, checked once before the load.
  const inbox = (expected: (page: InboxEnquiry[]) => boolean) => (answer: unknown) =>
    Array.isArray(answer) && expected(answer as InboxEnquiry[]);
  const fullPage = inbox((page) => page.length === 50);
  const only = (id: number) => inbox((page) => page.length === 1 && page[0]!.id === id);
  const requests: [name: string, url: string, check: (answer: unknown) => boolean][] = [
    ['first page', '/api/enquiries', fullPage],
    ['status filter', '/api/enquiries?status=quoted', fullPage],
    ['a later page', `/api/enquiries?before=${middleId}`, inbox((page) => page[0]?.id === middleId - 1)],
    ['search: a full reference', `/api/enquiries?q=${middle.reference}`, only(middleId)],
    ['search: part of a common surname', '/api/enquiries?q=smit', fullPage],
    ['search: part of a postcode', '/api/enquiries?q=rm3', fullPage],
    ['search: a word of one note', `/api/enquiries?q=${noteOnlyWord.toLowerCase()}`, only(noteOnlyEnquiryId)],
    ['search: a word found nowhere', `/api/enquiries?q=${nowhereWord}`, inbox((page) => page.length === 0)],
    ['counts', '/api/enquiries/counts', (answer) => (answer as { total?: number }).total === seededEnquiries],
  ];
  let ok = true;
  for (const [name, url, check] of requests) {
    const answer = await staffGet<unknown>(server, cookie, url);
    if (!check(answer)) {
      console.log(`${name}: GET ${url} answered ${JSON.stringify(answer).slice(0, 200)}: WRONG ANSWER`);
      ok = false;
    }
    const options: autocannon.Options = {
      url: `${server.url}${url}`,
      connections: staffConnections,
      headers: { cookie },
    };
    const { result, latenciesMs, cpuMs } = await measure(server, options);
    if (!report(`${name}: GET ${url} (signed in)`, result, { p95Ms: 50 }, cpuMs, latenciesMs)) ok = false;
  }
  return ok;
}

const enquiriesScenario: Scenario = {
  prepare: async (database) => {
    enquirySeedingSeconds = await seedEnquiries(database);
  },
  env: { ADMIN_USERNAME: staff.username, ADMIN_PASSWORD: staff.password },
  run: runEnquiries,
};

/** Median of some values. */
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Posts a picture as the dashboard does; resolves with the status, the answer and the time taken. */
async function postPicture(server: ServerProcess, cookie: string, url: string, file: Buffer, name?: string) {
  const form = new FormData();
  if (name) {
    form.append('name', name);
    form.append('altText', 'A picture for the benchmark');
  }
  form.append('image', new Blob([new Uint8Array(file)]), 'photo.jpg');
  const started = performance.now();
  const response = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { cookie, 'x-admin-request': '1', origin: server.url },
    body: form,
  });
  const body = (await response.json()) as { id?: number; srcSet?: string; error?: string };
  return { status: response.status, body, ms: performance.now() - started };
}

/** A 4032 x 3024 camera-sized JPEG of noise, blurred: about the weight of a phone photo. */
async function phonePhoto(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const noise = await sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .blur(1.2)
    .png()
    .toBuffer();
  return sharp(noise).jpeg({ quality: 85 }).toBuffer();
}

/** A PNG header claiming 20000 x 20000 pixels, with nothing behind it. */
async function hugePngHeader(): Promise<Buffer> {
  const { pngHeader } = await import('#tests/support/pictures.ts');
  return pngHeader(20_000, 20_000);
}

async function runImages(server: ServerProcess): Promise<boolean> {
  const cookie = await signIn(server);
  const photo = await phonePhoto();
  let ok = true;

  // Processing: decoded, turned upright, five WebP widths (and the share JPEG for the hero).
  const uploads: number[] = [];
  const first = await postPicture(server, cookie, '/api/images/upload', photo, 'about-image');
  if (first.status !== 201 || !first.body.id) throw new Error(`upload answered ${first.status}`);
  for (let round = 0; round < 7; round += 1) {
    const replaced = await postPicture(server, cookie, `/api/images/${first.body.id}/replace`, photo);
    if (replaced.status !== 200) ok = false;
    uploads.push(replaced.ms);
  }
  const heroRounds: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    heroRounds.push((await postPicture(server, cookie, '/api/upload-hero', photo)).ms);
  }
  console.log(
    `images: a ${(photo.length / 1024 / 1024).toFixed(1)} MB 4032x3024 JPEG, one request at a time\n` +
      `  replace    median ${median(uploads).toFixed(0)} ms (${uploads.map((ms) => ms.toFixed(0)).join(', ')})\n` +
      `  upload-hero median ${median(heroRounds).toFixed(0)} ms, with the 1200x630 share JPEG`,
  );

  const bomb = await hugePngHeader();
  const refusals: number[] = [];
  for (let round = 0; round < 15; round += 1) {
    const refused = await postPicture(server, cookie, '/api/upload-hero', bomb);
    if (refused.status !== 413) ok = false;
    refusals.push(refused.ms);
  }
  console.log(
    `  20000x20000 PNG header (${bomb.length} bytes): 413 in median ${median(refusals).toFixed(1)} ms, max ${Math.max(...refusals).toFixed(1)} ms`,
  );

  // Serving: the 1280 px rendition of the about picture, and the home page that shows it.
  const rendition = first.body.srcSet && (await (await fetch(`${server.url}/api/images`)).json());
  const about = (rendition as { name: string; srcSet: string }[]).find(
    (image) => image.name === 'about-image',
  )!;
  const mediaUrl = about.srcSet
    .split(', ')
    .find((entry) => entry.endsWith(' 1280w'))!
    .split(' ')[0]!;
  for (const [name, url] of [
    [`GET ${mediaUrl.slice(0, 20)}... (1280 px WebP)`, mediaUrl],
    ['GET / (home page with uploaded pictures)', '/'],
  ] as const) {
    const { result, latenciesMs, cpuMs } = await measure(server, { url: `${server.url}${url}`, connections });
    // No target: these figures are for comparison between changes on the same machine.
    if (!report(name, result, {}, cpuMs, latenciesMs)) ok = false;
  }
  return ok;
}

const images: Scenario = {
  env: { ADMIN_USERNAME: staff.username, ADMIN_PASSWORD: staff.password },
  run: runImages,
};

/** Response times (ms) of `count` requests sent one at a time on one kept-alive connection. */
async function oneAtATime(url: string, count: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (let round = 0; round < count; round += 1) {
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        http
          .get(url, { agent }, (response) => {
            response.resume();
            response.on('end', resolve);
          })
          .on('error', reject);
      });
      times.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
  }
  return times;
}

/** Public pages measured beside the same document sent as a static file from build/client. */
const benchPages = [
  ['/', 'home'],
  ['/services/puncture-repair', 'service'],
  ['/privacy-policy', 'privacy'],
] as const;

async function runPages(server: ServerProcess): Promise<boolean> {
  const memory: [string, number | undefined][] = [['after start', residentMemoryMb(server.child.pid!)]];
  let ok = true;

  // Anonymous visitors, without cookies: each request is a first visit (with the splash screen).
  const single = (await oneAtATime(`${server.url}/`, 550)).slice(50).sort((a, b) => a - b);
  const singleP50 = percentile(single, 50);
  console.log(
    `GET / one request at a time (500 after 50 unreported): p50 ${singleP50.toFixed(2)} ms, ` +
      `p95 ${percentile(single, 95).toFixed(2)} ms\n` +
      `  target     p50 <= 5 ms: ${singleP50 <= 5 ? 'met' : 'NOT met'}`,
  );
  if (singleP50 > 5) ok = false;

  for (const [pagePath, name] of benchPages) {
    const document = await (await fetch(`${server.url}${pagePath}`)).text();
    const staticName = `bench-${name}.html`;
    const staticFile = path.join(clientBuildDir, staticName);
    fs.writeFileSync(staticFile, document);
    try {
      const page = await measure(server, { url: `${server.url}${pagePath}`, connections });
      if (
        !report(`GET ${pagePath} (${(document.length / 1024).toFixed(0)} kB)`, page.result, {}, page.cpuMs)
      ) {
        ok = false;
      }
      const file = await measure(server, { url: `${server.url}/${staticName}`, connections });
      if (!report(`GET /${staticName} (the same document as a static file)`, file.result, {}, file.cpuMs)) {
        ok = false;
      }
      const ratio = page.result.requests.average / file.result.requests.average;
      console.log(
        `  page/static throughput ${ratio.toFixed(2)}x, target >= 0.5x: ${ratio >= 0.5 ? 'met' : 'NOT met'}`,
      );
      if (ratio < 0.5) ok = false;
    } finally {
      fs.rmSync(staticFile, { force: true });
    }
  }

  memory.push(['after the run', residentMemoryMb(server.child.pid!)]);
  const limitMb = process.env.BENCH_DATABASE_URL ? 160 : 256;
  for (const [moment, mb] of memory) {
    const met = mb !== undefined && mb <= limitMb;
    console.log(
      `resident memory ${moment}: ${mb === undefined ? 'unknown' : `${mb.toFixed(0)} MB`} ` +
        `(${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), target <= ${limitMb} MB: ${met ? 'met' : 'NOT met'}`,
    );
    if (!met) ok = false;
  }
  return ok;
}

const pages: Scenario = { run: runPages };

/** Jobs per window in the booking scenario: small enough that the run books every place. */
const benchPlaces = 4;

/**
 * Online booking: the availability customers read, then a crowd of customers booking random
 * windows of the next three weeks (hourly windows, every day) until every place is gone. Each
 * answer is a booking (201) or "that window has just gone" (409); afterwards the diary must hold
 * exactly as many bookings as there were places, and no window may be offered any more.
 */
async function runBooking(server: ServerProcess): Promise<boolean> {
  const cookie = await signIn(server);
  const staffHeaders = {
    cookie,
    'content-type': 'application/json',
    'x-admin-request': '1',
    origin: server.url,
  };
  const published = await staffGet<{ version: number; content: Record<string, unknown> }>(
    server,
    cookie,
    '/api/site-content',
  );
  const windows = Array.from({ length: 12 }, (_, index) => ({
    start: `${String(7 + index).padStart(2, '0')}:00`,
    end: `${String(8 + index).padStart(2, '0')}:00`,
    places: benchPlaces,
  }));
  const week = Object.fromEntries(weekdays.map((day) => [day, windows]));
  const branches = (published.content.branches as { key: string }[]).map((branch) => branch.key);
  const booking = {
    horizonDays: 21,
    noticeHours: 4,
    locations: ['mobile', ...branches].map((key) => ({ key, enabled: true, week })),
    closedDates: [],
    openBankHolidays: Object.keys(bankHolidays),
  };
  const publish = await fetch(`${server.url}/api/site-content`, {
    method: 'PUT',
    headers: staffHeaders,
    body: JSON.stringify({ version: published.version, content: { ...published.content, booking } }),
  });
  if (!publish.ok)
    throw new Error(`publishing the booking settings answered ${publish.status}: ${await publish.text()}`);

  const availabilityUrl = '/api/availability?service=puncture-repair&location=mobile&days=22';
  const offered = await staffGet<AvailabilityDay[]>(server, cookie, availabilityUrl);
  const slots = offered.flatMap((day) =>
    day.windows.map((window) => ({ date: day.date, start: window.start })),
  );
  const places = offered.reduce(
    (sum, day) => sum + day.windows.reduce((daySum, window) => daySum + window.free, 0),
    0,
  );
  console.log(`booking: ${slots.length} windows of ${benchPlaces} places offered, ${places} places in all`);

  let ok = true;
  const reads = await measure(server, { url: `${server.url}${availabilityUrl}`, connections });
  if (!report(`GET ${availabilityUrl}`, reads.result, { p99Ms: 50 }, reads.cpuMs, reads.latenciesMs))
    ok = false;

  // No warm-up: every booking counts against the places.
  const statuses = new Map<number, number>();
  const latenciesMs: number[] = [];
  const bookedLatenciesMs: number[] = [];
  const cpuBefore = serverCpuMs(server);
  const writes = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.url}/api/bookings`,
        method: 'POST',
        connections,
        duration,
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => {
              const slot = slots[Math.floor(Math.random() * slots.length)]!;
              return {
                ...request,
                headers: { ...request.headers, 'x-forwarded-for': randomClientAddress() },
                body: JSON.stringify({
                  service: 'puncture-repair',
                  location: 'mobile',
                  date: slot.date,
                  start: slot.start,
                  name: 'Bench Customer',
                  phone: '07700 900123',
                  email: 'bench@example.com',
                  registration: 'AB12 CDE',
                  vehicle: 'Ford Focus',
                  postcode: 'RM3 0AB',
                  notes: '',
                }),
              };
            },
          },
        ],
      },
      (error: unknown, result: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      latenciesMs.push(responseTime);
      if (statusCode === 201) bookedLatenciesMs.push(responseTime);
    });
  });
  const cpuAfter = serverCpuMs(server);
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const bookedSorted = [...bookedLatenciesMs].sort((a, b) => a - b);
  const booked = statuses.get(201) ?? 0;
  const refused = statuses.get(409) ?? 0;
  const other = latenciesMs.length - booked - refused;
  const p99 = percentile(sorted, 99);
  console.log(
    [
      `POST /api/bookings: ${connections} connections, ${duration} s`,
      `  answers    ${latenciesMs.length}: ${booked} booked (201), ${refused} window gone (409), ${other} other, ${writes.errors} errors, ${writes.timeouts} timeouts`,
      `  throughput ${(latenciesMs.length / duration).toFixed(0)} answers/s`,
      `  latency    p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted[sorted.length - 1]} ms (nearest rank)`,
      `  bookings   p50 ${percentile(bookedSorted, 50).toFixed(1)} ms, p99 ${percentile(bookedSorted, 99).toFixed(1)} ms (the ${booked} answers 201 alone)`,
      ...(cpuBefore !== undefined && cpuAfter !== undefined
        ? [
            `  server CPU ${(((cpuAfter - cpuBefore) * 1000) / latenciesMs.length).toFixed(0)} µs per answer (all threads)`,
          ]
        : []),
      `  target     p99 <= 50 ms: ${p99 <= 50 ? 'met' : 'NOT met'}`,
    ].join('\n'),
  );
  if (p99 > 50 || other > 0 || writes.errors > 0 || writes.timeouts > 0) ok = false;

  const today = londonDate(new Date());
  const stored = (
    await staffGet<{ status: string }[]>(
      server,
      cookie,
      `/api/bookings?from=${today}&to=${addDays(today, 22)}`,
    )
  ).filter((entry) => entry.status === 'booked').length;
  const left = await staffGet<AvailabilityDay[]>(server, cookie, availabilityUrl);
  // A booking whose answer was still in flight when the run stopped is stored all the same.
  const inFlight = Math.max(0, writes.requests.sent - latenciesMs.length - writes.errors);
  const allBooked = stored === places && left.length === 0;
  const consistent = stored >= booked && stored <= booked + inFlight && stored <= places;
  console.log(
    `  stored     ${stored} bookings for ${places} places (${booked} answered 201, ${inFlight} in flight at the end), ${left.length} days still offered: ${allBooked && consistent ? 'every place booked once' : consistent ? 'places left (run longer)' : 'MISMATCH'}`,
  );
  return ok && allBooked && consistent;
}

const bookingScenario: Scenario = {
  env: { ADMIN_USERNAME: staff.username, ADMIN_PASSWORD: staff.password },
  run: runBooking,
};

const memoryScenario: Scenario = {
  prepare: storeUploadedPictures,
  run: (server) =>
    runMemory(server, {
      connections,
      durationSeconds: Number(process.env.BENCH_DURATION ?? 60),
      clientAddress: randomClientAddress,
      cpuMs: () => serverCpuMs(server),
    }),
};

const scenarios: Record<string, Scenario> = {
  enquiry,
  analytics,
  enquiries: enquiriesScenario,
  images,
  pages,
  booking: bookingScenario,
  memory: memoryScenario,
};

const chosen = process.argv.slice(2);
for (const name of chosen) {
  if (!(name in scenarios)) {
    console.error(`Unknown scenario "${name}". Known: ${Object.keys(scenarios).join(', ')}.`);
    process.exit(2);
  }
}

ensureBuilt();
let failed = false;
for (const name of chosen.length > 0 ? chosen : Object.keys(scenarios)) {
  const scenario = scenarios[name]!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  // Before the server starts, which then holds the folder for as long as it runs.
  try {
    await scenario.prepare?.(databaseUrl ? { databaseUrl } : { dataDir });
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      // As in production: one JSON log line per request.
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      SEED_DEMO_CONTENT: 'false',
      ...scenario.env,
    },
    { keepOutput: 'until-ready' },
  );
  try {
    await server.ready;
    if (!(await scenario.run(server))) failed = true;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);

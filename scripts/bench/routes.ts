// The `routes` scenario: mobile fitting by road. Ten vans, each with eight jobs a day over the
// booking horizon (today and the 21 days after it), stored straight into the database with their
// coordinates and vans; then GET /api/availability for a mobile customer's postcode (only the
// windows a van can reach, by the estimate: no OSRM) beside the same request without a postcode
// (the windows by their places alone, answered from what is kept), both against the floor.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bankHolidays } from '#common/time/bank-holidays.ts';
import type { ToldAvailabilityDay } from '#common/bookings/slots.ts';
import { defaultRouteSettings } from '#common/routing/settings.ts';
import { londonDate, londonInstant } from '#common/time/london.ts';
import { addDays, weekdays } from '#common/time/week.ts';
import { outwardCode } from '#common/site-content/postcode.ts';
import type { DatabaseOptions } from '#server/db/client.ts';
import { bookingPlaces, bookings, enquiries, postcodePlaces } from '#server/db/schema.ts';
import type { ServerProcess } from '#tests/support/server-process.ts';
import { times } from './floor.ts';
import { insertRows } from './jobs-seed.ts';
import { measure, percentilesOf, report, type Measured, type Settings } from './measure.ts';
import { openDatabaseBeforeStart, signIn, staffAccountEnv, staffGet, type Scenario } from './server.ts';

/**
 * The vans' starts. Approximate town-centre coordinates from public maps, not the ONS Postcode
 * Directory: stored as postcodes.io's answers would be, so that nothing is asked of it.
 */
const starts = [
  { name: 'Basildon', postcode: 'SS14 1AA', latitude: 51.574, longitude: 0.487 },
  { name: 'Southend', postcode: 'SS1 1AA', latitude: 51.538, longitude: 0.714 },
  { name: 'Harold Hill', postcode: 'RM3 7AA', latitude: 51.605, longitude: 0.231 },
  { name: 'Gidea Park', postcode: 'RM2 5AA', latitude: 51.585, longitude: 0.206 },
  { name: 'Chelmsford', postcode: 'CM1 1AA', latitude: 51.736, longitude: 0.469 },
  { name: 'Billericay', postcode: 'CM12 9AA', latitude: 51.628, longitude: 0.419 },
  { name: 'Brentwood', postcode: 'CM14 4AA', latitude: 51.621, longitude: 0.305 },
  { name: 'Grays', postcode: 'RM17 5AA', latitude: 51.476, longitude: 0.323 },
  { name: 'Ilford', postcode: 'IG1 1AA', latitude: 51.559, longitude: 0.069 },
  { name: 'Hornchurch', postcode: 'RM11 1AA', latitude: 51.561, longitude: 0.218 },
];
/** The customer asking: Romford (approximate town centre, as above). */
const customer = { postcode: 'RM1 1AA', latitude: 51.577, longitude: 0.181 };

const jobsPerVanDay = 8;
/** Hourly mobile windows from 8 to 6, as many places as vans. */
const windows = Array.from({ length: 10 }, (_, index) => ({
  start: `${String(8 + index).padStart(2, '0')}:00`,
  end: `${String(9 + index).padStart(2, '0')}:00`,
  places: starts.length,
}));
const horizonDays = 21;

/**
 * Each van's eight windows of a day: all but two (a different two for each van), so that every
 * window has eight jobs and two places left.
 */
const vanWindows = (van: number) =>
  windows.filter((_, index) => index !== van % windows.length && index !== (van + 5) % windows.length);

/** A job's place: within about three miles of its van's start, spread around it. */
function jobPlace(start: (typeof starts)[number], index: number) {
  const miles = 0.5 + ((index * 7919) % 25) / 10;
  const angle = ((index * 2654435761) % 360) * (Math.PI / 180);
  return {
    latitude: start.latitude + (miles * Math.cos(angle)) / 69.09,
    longitude:
      start.longitude + (miles * Math.sin(angle)) / (69.09 * Math.cos((start.latitude * Math.PI) / 180)),
  };
}

let seededJobs = 0;

/** Stores the places of the starts and the customer, and the vans' jobs with their enquiries and places taken. */
async function seedRoutes(options: DatabaseOptions) {
  const started = performance.now();
  const now = new Date();
  const today = londonDate(now);
  const database = await openDatabaseBeforeStart(options);
  try {
    await database.migrate();
    const { db } = database;
    await db.execute(
      sql`truncate enquiries, bookings, booking_places, postcode_places restart identity cascade`,
    );
    await insertRows(
      db,
      postcodePlaces,
      [...starts, customer].map(({ postcode, latitude, longitude }) => ({
        postcode,
        district: outwardCode(postcode),
        latitude,
        longitude,
        lookedUpAt: now,
      })),
    );
    const enquiryRows: (typeof enquiries.$inferInsert)[] = [];
    const bookingRows: (typeof bookings.$inferInsert)[] = [];
    for (let day = 0; day <= horizonDays; day += 1) {
      const date = addDays(today, day);
      starts.forEach((start, van) => {
        for (const window of vanWindows(van)) {
          const id = enquiryRows.length + 1;
          const number = String(id).padStart(5, '0');
          const place = jobPlace(start, id);
          enquiryRows.push({
            id,
            name: 'Bench Customer',
            email: `bench${id}@example.com`,
            phone: `07700 9${number}`,
            service: 'puncture-repair',
            status: 'booked',
            contacted: true,
            reference: `ENQ-BENCH-${number}`,
            postcode: start.postcode,
          });
          bookingRows.push({
            id,
            enquiryId: id,
            reference: `BK-BENCH-${number}`,
            status: 'confirmed',
            service: 'puncture-repair',
            serviceTitle: 'Puncture Repair',
            location: 'mobile',
            locationName: 'Mobile fitting',
            placesKey: 'mobile',
            date,
            startTime: window.start,
            endTime: window.end,
            startsAt: londonInstant(date, window.start),
            endsAt: londonInstant(date, window.end),
            name: 'Bench Customer',
            email: `bench${id}@example.com`,
            phone: `07700 9${number}`,
            registration: `BE${number.slice(-2)}NCH`,
            vehicle: 'Ford Focus',
            postcode: start.postcode,
            addressLine: `${id} High Street`,
            town: start.name,
            latitude: place.latitude,
            longitude: place.longitude,
            routeVan: start.name,
            manageTokenHash: crypto.createHash('sha256').update(`bench-route-${id}`).digest('hex'),
            createdAt: now,
            updatedAt: now,
          });
        }
      });
    }
    await insertRows(db, enquiries, enquiryRows);
    await insertRows(db, bookings, bookingRows);
    for (const table of ['enquiries', 'bookings']) {
      await db.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
      );
    }
    await db.execute(sql`
      insert into ${bookingPlaces} (location, date, start_time, taken)
      select places_key, date, start_time, count(*) from ${bookings} group by places_key, date, start_time`);
    if (database.driver === 'postgres')
      await db.execute(sql`vacuum analyze enquiries, bookings, booking_places`);
    seededJobs = bookingRows.length;
    console.log(
      `routes: seeded ${bookingRows.length} jobs (${starts.length} vans, ${jobsPerVanDay} a van a day, ${horizonDays + 1} days) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

/** Saves a settings domain from the version in force. */
async function saveSettings(server: ServerProcess, cookie: string, domain: string, settings: unknown) {
  const current = await staffGet<{ version: number }>(server, cookie, `/api/settings/${domain}`);
  const saved = await fetch(`${server.url}/api/settings/${domain}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', 'x-admin-request': '1', origin: server.url },
    body: JSON.stringify({ version: current.version, settings }),
  });
  if (!saved.ok)
    throw new Error(`saving the ${domain} settings answered ${saved.status}: ${await saved.text()}`);
}

/** The windows and the nearby ones of an answer. */
const countsOf = (days: readonly ToldAvailabilityDay[]) => {
  const all = days.flatMap((day) => day.windows);
  return {
    days: days.length,
    windows: all.length,
    nearby: all.filter((window) => 'nearby' in window && window.nearby).length,
  };
};

/** One run's figures over another's: how many times slower (latency) or faster (throughput). */
function againstUnrouted(routed: Measured, unrouted: Measured): string {
  const [r, u] = [percentilesOf(routed.latenciesMs), percentilesOf(unrouted.latenciesMs)];
  const rps = (measured: Measured) => measured.result['2xx'] / measured.result.duration;
  return [
    `routed beside the windows by places alone (the same request without a postcode):`,
    `  throughput ${times(rps(routed) / rps(unrouted))}; latency ${(['p50', 'p95', 'p99'] as const)
      .map((p) => `${p} ${times(r[p] / u[p])}`)
      .join(', ')}`,
  ].join('\n');
}

async function runRoutes(server: ServerProcess, settings: Settings): Promise<boolean> {
  const cookie = await signIn(server);
  const week = Object.fromEntries(weekdays.map((day) => [day, windows]));
  await saveSettings(server, cookie, 'booking', {
    horizonDays,
    noticeHours: 4,
    locations: [{ key: 'mobile', enabled: true, week }],
    closedDates: [],
    openBankHolidays: Object.keys(bankHolidays),
  });
  await saveSettings(server, cookie, 'routes', {
    ...defaultRouteSettings,
    starts: starts.map(({ name, postcode }) => ({ name, postcode })),
  });

  const query = `/api/availability?service=puncture-repair&location=mobile&days=${horizonDays + 1}`;
  const routedQuery = `${query}&postcode=${encodeURIComponent(customer.postcode)}`;
  const unroutedCounts = countsOf(await staffGet<ToldAvailabilityDay[]>(server, cookie, query));
  const routedCounts = countsOf(await staffGet<ToldAvailabilityDay[]>(server, cookie, routedQuery));
  console.log(
    `routes: ${seededJobs} jobs stored; without a postcode ${unroutedCounts.windows} windows on ${unroutedCounts.days} days, ` +
      `at ${customer.postcode} ${routedCounts.windows} a van can reach on ${routedCounts.days} days (${routedCounts.nearby} near another job)`,
  );
  const answersOk =
    unroutedCounts.windows > 0 && routedCounts.windows > 0 && routedCounts.windows <= unroutedCounts.windows;
  if (!answersOk) console.log('routes: WRONG ANSWER (no windows offered)');

  const { connections } = settings;
  const unrouted = await measure(server, settings, { url: `${server.url}${query}`, connections });
  const unroutedOk = report(`GET ${query} (by places alone)`, unrouted, {});
  const routed = await measure(server, settings, { url: `${server.url}${routedQuery}`, connections });
  const routedOk = report(`GET ${routedQuery} (the windows a van can reach, estimated drives)`, routed, {});
  console.log(againstUnrouted(routed, unrouted));
  return answersOk && unroutedOk && routedOk;
}

export const routes: Scenario & { defaultConnections: number } = {
  prepare: seedRoutes,
  // Nothing asked of postcodes.io: every place is stored before the start; a look-up would fail at once.
  env: { ...staffAccountEnv, POSTCODES_API_URL: 'http://127.0.0.1:9', OSRM_URL: '' },
  // Each routed answer is worked out afresh: ten connections measure it rather than the queue.
  defaultConnections: 10,
  run: runRoutes,
};

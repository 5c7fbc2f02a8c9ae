// The `booking` scenario: hourly windows published for three weeks and twenty tyres in stock, the
// availability customers read, then a crowd of customers booking (half of them two tyres each)
// until every place is gone.
import { bankHolidays } from '../../common/time/bank-holidays.ts';
import { type ToldAvailabilityDay } from '../../common/bookings/slots.ts';
import { londonDate } from '#common/time/london.ts';
import { weekdays } from '../../common/time/week.ts';
import { addDays } from '#server/analytics/london.ts';
import { priceFileColumns } from '#common/tyres/price-file.ts';
import type { StaffTyrePage } from '#common/tyres/staff.ts';
import type { ServerProcess } from '#tests/support/server-process.ts';
import { ownRow } from '#tests/support/tyres.ts';
import { load, percentile } from './load.ts';
import {
  againstFloor,
  cpuLines,
  measure,
  percentilesOf,
  randomClientAddress,
  report,
  withServerCpu,
  type Settings,
} from './measure.ts';
import { signIn, staffAccountEnv, staffGet, type Scenario } from './server.ts';

/** Jobs per window in the booking scenario: small enough that the run books every place. */
const benchPlaces = 4;

/** Saves twelve hourly windows of `benchPlaces` places every day, for every location. */
export async function saveHourlyWindows(server: ServerProcess, cookie: string): Promise<void> {
  const staffHeaders = {
    cookie,
    'content-type': 'application/json',
    'x-admin-request': '1',
    origin: server.url,
  };
  const published = await staffGet<{ content: Record<string, unknown> }>(server, cookie, '/api/site-content');
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
  const current = await staffGet<{ version: number }>(server, cookie, '/api/settings/booking');
  const saved = await fetch(`${server.url}/api/settings/booking`, {
    method: 'PUT',
    headers: staffHeaders,
    body: JSON.stringify({ version: current.version, settings: booking }),
  });
  if (!saved.ok)
    throw new Error(`saving the booking settings answered ${saved.status}: ${await saved.text()}`);
}

/** Tyres the bench's customers book: own stock only, so that none waits for the supplier. */
const benchTyres = { count: 20, stock: 40, quantity: 2 };

/** Imports the bench's tyres (205/55 R16, in our own columns) and answers their ids. */
async function importBenchTyres(server: ServerProcess, cookie: string): Promise<number[]> {
  const lines = [priceFileColumns.join(',')];
  for (let index = 0; index < benchTyres.count; index += 1) {
    lines.push(
      ownRow(index, {
        ean: String(5_100_000_000_000 + index),
        brand: ['Hankook', 'Falken', 'Michelin', 'Nankang'][index % 4]!,
        pattern: `Bench ${index}`,
        cost: (40 + index).toFixed(2),
        stock: String(benchTyres.stock),
        supplier_stock: '0',
      }),
    );
  }
  const form = new FormData();
  form.set('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'bench-tyres.csv');
  const started = await fetch(`${server.url}/api/tyres/imports`, {
    method: 'POST',
    headers: { cookie, 'x-admin-request': '1', origin: server.url },
    body: form,
  });
  if (started.status !== 202) throw new Error(`the tyre import answered ${started.status}`);
  const { id } = (await started.json()) as { id: number };
  for (;;) {
    const report = await staffGet<{ status: string }>(server, cookie, `/api/tyres/imports/${id}`);
    if (report.status === 'done') break;
    if (report.status !== 'running') throw new Error(`the tyre import ${report.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const page = await staffGet<StaffTyrePage>(server, cookie, '/api/tyres/catalogue?q=205/55R16');
  return page.items.filter((tyre) => tyre.pattern.startsWith('Bench ')).map((tyre) => tyre.id);
}

/** Customers so far: each books with an e-mail address, phone number and registration of their own. */
let customers = 0;

/**
 * A customer's booking of a window, as the booking form sends it: every other one a tyre
 * replacement with two tyres from stock. Each is a different customer, as the tyres held by one
 * customer's bookings not yet confirmed are limited.
 */
const bookingBody = (slot: { date: string; start: string }, tyreIds: readonly number[]) => {
  customers += 1;
  const number = String(customers).padStart(6, '0');
  const letters = [0, 1, 2].map((place) =>
    String.fromCharCode(65 + (Math.floor(customers / 26 ** place) % 26)),
  );
  return JSON.stringify({
    ...(Math.random() < 0.5
      ? {
          service: 'tyre-replacement',
          tyreId: tyreIds[Math.floor(Math.random() * tyreIds.length)],
          quantity: benchTyres.quantity,
        }
      : { service: 'puncture-repair' }),
    location: 'mobile',
    date: slot.date,
    start: slot.start,
    name: 'Bench Customer',
    phone: `07700 ${number}`,
    email: `bench${customers}@example.com`,
    registration: `AB${number.slice(-2)} ${letters.join('')}`,
    vehicle: 'Ford Focus',
    postcode: 'RM3 0AB',
    addressLine: '12 High Street',
    town: 'Romford',
    notes: '',
  });
};

/**
 * The answers until the last booking (the rush, when statements run) and those after it (all
 * refusals, which the availability board answers without the database), each sorted, and how
 * many answers of the whole run took over 50 ms: what the writes' p99 is made of.
 */
function rushAndAfter(answers: readonly { statusCode: number; latencyMs: number }[]) {
  const last = answers.findLastIndex((answer) => answer.statusCode === 201);
  const sortedLatencies = (part: typeof answers) =>
    part.map((answer) => answer.latencyMs).sort((a, b) => a - b);
  return {
    during: sortedLatencies(answers.slice(0, last + 1)),
    after: sortedLatencies(answers.slice(last + 1)),
    over50: answers.filter((answer) => answer.latencyMs > 50).length,
  };
}

/**
 * Online booking: the availability customers read, then a crowd of customers booking random
 * windows of the next three weeks (hourly windows, every day) until every place is gone. Each
 * answer is a booking (201) or "that window has just gone" (409); afterwards the diary must hold
 * exactly as many bookings as there were places, and no window may be offered any more.
 */
async function runBooking(server: ServerProcess, settings: Settings): Promise<boolean> {
  const { duration, connections } = settings;
  const cookie = await signIn(server);
  await saveHourlyWindows(server, cookie);
  const tyreIds = await importBenchTyres(server, cookie);

  const availabilityUrl = '/api/availability?service=puncture-repair&location=mobile&days=22';
  const offered = await staffGet<ToldAvailabilityDay[]>(server, cookie, availabilityUrl);
  const slots = offered.flatMap((day) =>
    day.windows.map((window) => ({ date: day.date, start: window.start })),
  );
  // Every window is new and whole (the answer tells its places only when few).
  const places = slots.length * benchPlaces;
  console.log(`booking: ${slots.length} windows of ${benchPlaces} places offered, ${places} places in all`);

  let ok = true;
  const reads = await measure(server, settings, { url: `${server.url}${availabilityUrl}`, connections });
  // The median of three runs, 4.0x the floor's p99, and a third more.
  if (!report(`GET ${availabilityUrl}`, reads, { p99: 5.3 })) ok = false;

  // No warm-up: every booking counts against the places.
  const statuses = new Map<number, number>();
  const latenciesMs: number[] = [];
  const bookedLatenciesMs: number[] = [];
  /** Each answer's status and latency, in the order they came. */
  const answers: { statusCode: number; latencyMs: number }[] = [];
  const { value: writes, cpuMs } = await withServerCpu(server, () =>
    load(
      {
        url: `${server.url}/api/bookings`,
        method: 'POST',
        connections,
        duration,
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'x-forwarded-for': randomClientAddress() },
              body: bookingBody(slots[Math.floor(Math.random() * slots.length)]!, tyreIds),
            }),
          },
        ],
      },
      (statusCode, responseTime) => {
        statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
        latenciesMs.push(responseTime);
        answers.push({ statusCode, latencyMs: responseTime });
        if (statusCode === 201) bookedLatenciesMs.push(responseTime);
      },
    ),
  );
  const floor = await settings.floor(connections);
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const bookedSorted = [...bookedLatenciesMs].sort((a, b) => a - b);
  const booked = statuses.get(201) ?? 0;
  const refused = statuses.get(409) ?? 0;
  const other = latenciesMs.length - booked - refused;
  const rush = rushAndAfter(answers);
  const compared = againstFloor(
    { rps: latenciesMs.length / duration, ...percentilesOf(latenciesMs) },
    floor,
    // The median of three runs, 17x the floor's p99, and a third more.
    { p99: 23 },
  );
  console.log(
    [
      `POST /api/bookings: ${connections} connections, ${duration} s`,
      `  answers    ${latenciesMs.length}: ${booked} booked (201), ${refused} window gone (409), ${other} other, ${writes.errors} errors, ${writes.timeouts} timeouts; 201 and 409 alike below, max ${sorted[sorted.length - 1]?.toFixed(1)} ms`,
      ...compared.lines.slice(0, 2),
      `  bookings   p50 ${percentile(bookedSorted, 50).toFixed(1)} ms, p99 ${percentile(bookedSorted, 99).toFixed(1)} ms (the ${booked} answers 201 alone)`,
      `  rush       ${rush.during.length} answers until the last 201: p50 ${percentile(rush.during, 50).toFixed(1)} ms, p99 ${percentile(rush.during, 99).toFixed(1)} ms; ${rush.over50} of all answers over 50 ms`,
      `  after it   ${rush.after.length} refusals (409), which no statement serves: p50 ${percentile(rush.after, 50).toFixed(1)} ms, p95 ${percentile(rush.after, 95).toFixed(1)} ms, p99 ${percentile(rush.after, 99).toFixed(1)} ms`,
      ...cpuLines(cpuMs, latenciesMs.length, floor, 'answer'),
      ...compared.lines.slice(2),
    ].join('\n'),
  );
  if (!compared.met || other > 0 || writes.errors > 0 || writes.timeouts > 0) ok = false;

  const today = londonDate(new Date());
  const stored = (
    await staffGet<{ status: string }[]>(
      server,
      cookie,
      `/api/bookings?from=${today}&to=${addDays(today, 22)}`,
    )
  ).filter((entry) => entry.status === 'booked').length;
  const left = await staffGet<ToldAvailabilityDay[]>(server, cookie, availabilityUrl);
  // A booking whose answer was still in flight when the run stopped is stored all the same.
  const inFlight = Math.max(0, writes.requests.sent - latenciesMs.length - writes.errors);
  const allBooked = stored === places && left.length === 0;
  const consistent = stored >= booked && stored <= booked + inFlight && stored <= places;
  console.log(
    `  stored     ${stored} bookings for ${places} places (${booked} answered 201, ${inFlight} in flight at the end), ${left.length} days still offered: ${allBooked && consistent ? 'every place booked once' : consistent ? 'places left (run longer)' : 'MISMATCH'}`,
  );

  // The tyres: as many held as the stored bookings asked for, and never more than the stock.
  const withTyres = (
    await staffGet<{ status: string; tyre: { quantity: number } | null }[]>(
      server,
      cookie,
      `/api/bookings?from=${today}&to=${addDays(today, 22)}`,
    )
  ).filter((entry) => entry.status === 'booked' && entry.tyre !== null);
  const catalogue = await staffGet<StaffTyrePage>(server, cookie, '/api/tyres/catalogue?q=205/55R16');
  const held = catalogue.items.reduce((sum, tyre) => sum + tyre.reserved, 0);
  const tyresOk =
    held === withTyres.length * benchTyres.quantity &&
    catalogue.items.every((tyre) => tyre.reserved <= tyre.stock);
  console.log(
    `  tyres      ${withTyres.length} bookings with ${benchTyres.quantity} tyres each, ${held} tyres held of ${benchTyres.count * benchTyres.stock}: ${tyresOk ? 'each held once, none beyond the stock' : 'MISMATCH'}`,
  );
  return ok && allBooked && consistent && tyresOk;
}

export const booking: Scenario = {
  env: staffAccountEnv,
  run: runBooking,
};

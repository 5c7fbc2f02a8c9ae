// The `jobs` scenario: the fitters' day over a year of history. Before the server starts it
// stores the 365 London days ending today of ten fitters' jobs (about 18,000 bookings, each with
// its enquiry; most completed, with their record, VAT invoice and payment), then measures the
// day's jobs as a fitter and as the office, and vehicles' histories. The history is planned in
// jobs-plan.ts (its customers in jobs-customers.ts), made into rows in jobs-history.ts and stored
// in jobs-seed.ts.
import type autocannon from 'autocannon';
import type { Job, VehicleHistory } from '#common/jobs/jobs.ts';
import type { ServerProcess } from '#tests/support/server-process.ts';
import { times } from './floor.ts';
import { fitterCount, fitterName } from './jobs-plan.ts';
import { fitterPassword, seedJobs, type Seeded } from './jobs-seed.ts';
import { measure, percentile, report, type Measured, type Settings } from './measure.ts';
import { signIn, staffGet, type Scenario } from './server.ts';

let seeded: Seeded | undefined;

/** Signs in as `username` and returns the Cookie header of the session (as server.ts signIn). */
async function signInAs(server: ServerProcess, username: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-request': '1', origin: server.url },
    body: JSON.stringify({ username, password }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith('session='));
  if (!response.ok || !session) throw new Error(`sign-in as ${username} failed: ${response.status}`);
  return session;
}

type RouteFigures = {
  name: string;
  p50: number;
  p95: number;
  p95Floor: number;
  p99: number;
  rps: number;
  rpsFloor: number;
  cpuUsPerRequest: number | undefined;
};

/** The sessions the run reads as: the office's and each fitter's. */
type Sessions = { office: string; fitters: string[] };

/**
 * Each answer checked once before the load: a fitter sees their own jobs only, the office all,
 * and the vehicle with the most jobs its whole history. Returns whether all were right.
 */
async function checkAnswers(
  server: ServerProcess,
  { today, fitterJobsToday, vehicles }: Seeded,
  sessions: Sessions,
) {
  let ok = true;
  const wrong = (what: string, answer: unknown) => {
    console.log(`${what}: WRONG ANSWER ${JSON.stringify(answer).slice(0, 300)}`);
    ok = false;
  };
  const day = `/api/jobs?date=${today}`;
  for (const [index, cookie] of sessions.fitters.entries()) {
    const own = await staffGet<Job[]>(server, cookie, day);
    if (own.length !== fitterJobsToday[index] || own.some((job) => job.fitter?.name !== fitterName(index))) {
      wrong(
        `${fitterName(index)}'s day`,
        own.map((job) => job.fitter?.name),
      );
    }
  }
  const all = await staffGet<Job[]>(server, sessions.office, day);
  const dayTotal = fitterJobsToday.reduce((sum, count) => sum + count, 0);
  if (all.length !== dayTotal) wrong(`the office's day (${dayTotal} jobs)`, all.length);
  const sample = mostJobs(vehicles);
  const history = await staffGet<VehicleHistory>(
    server,
    sessions.office,
    `/api/vehicles/${sample.registration}`,
  );
  if (
    history.jobs.length !== sample.jobs ||
    !history.jobs.some((job) => job.record && job.invoices.length > 0)
  ) {
    wrong(`${sample.registration}'s history (${sample.jobs} jobs)`, history);
  }
  return ok;
}

const mostJobs = (vehicles: Seeded['vehicles']) =>
  vehicles.reduce((most, vehicle) => (vehicle.jobs > most.jobs ? vehicle : most));

/**
 * The routes loaded, each with its p95 at most this multiple of the floor's p95: a third above
 * what one run gave (1.2x, 1.9x and 5.4x).
 */
function routesOf(
  server: ServerProcess,
  { today, fitterJobsToday, vehicles }: Seeded,
  { office, fitters }: Sessions,
): [name: string, p95: number, options: autocannon.Options][] {
  const day = `/api/jobs?date=${today}`;
  const dayTotal = fitterJobsToday.reduce((sum, count) => sum + count, 0);
  return [
    [
      `GET ${day} as a fitter (a random one of ${fitterCount}, ${Math.min(...fitterJobsToday)}-${Math.max(...fitterJobsToday)} jobs each)`,
      1.6,
      {
        url: `${server.url}${day}`,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, cookie: fitters[Math.floor(Math.random() * fitters.length)]! },
            }),
          },
        ],
      },
    ],
    [
      `GET ${day} as the office (${dayTotal} jobs)`,
      2.5,
      { url: `${server.url}${day}`, headers: { cookie: office } },
    ],
    [
      `GET /api/vehicles/{registration} as the office (a random one of ${vehicles.length}, ${Math.min(...vehicles.map((v) => v.jobs))}-${Math.max(...vehicles.map((v) => v.jobs))} jobs each)`,
      7.2,
      {
        url: `${server.url}/api/vehicles/${mostJobs(vehicles).registration}`,
        headers: { cookie: office },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/api/vehicles/${vehicles[Math.floor(Math.random() * vehicles.length)]!.registration}`,
            }),
          },
        ],
      },
    ],
  ];
}

function figuresOf(name: string, run: Measured): RouteFigures {
  const { result, latenciesMs, cpuMs } = run;
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return {
    name,
    p50: percentile(sorted, 50),
    p95,
    p99: percentile(sorted, 99),
    p95Floor: p95 / run.floor.p95,
    rps: result.requests.average,
    rpsFloor: result.requests.average / run.floor.rps,
    cpuUsPerRequest: cpuMs === undefined ? undefined : (cpuMs * 1000) / result.requests.total,
  };
}

/** One line a route, its figures beside the floor's, for comparing runs at a glance. */
const figuresTable = (connections: number, figures: readonly RouteFigures[]) =>
  [
    `jobs at ${connections} connections:`,
    ...figures.map(
      ({ name, p50, p95, p95Floor, p99, rps, rpsFloor, cpuUsPerRequest }) =>
        `  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms = ${times(p95Floor).padStart(5)} floor  ` +
        `p99 ${p99.toFixed(1).padStart(6)} ms  ${rps.toFixed(0).padStart(5)} req/s = ${times(rpsFloor).padStart(5)} floor  ` +
        `${cpuUsPerRequest === undefined ? '' : `${cpuUsPerRequest.toFixed(0).padStart(6)} µs CPU  `}` +
        name.split(' (')[0],
    ),
  ].join('\n');

async function runJobs(server: ServerProcess, settings: Settings): Promise<boolean> {
  const { connections } = settings;
  if (!seeded) throw new Error('the jobs were not seeded');
  console.log(`jobs: a year of history seeded in ${seeded.seconds.toFixed(1)} s`);
  const sessions: Sessions = {
    office: await signIn(server),
    fitters: await Promise.all(
      seeded.fitterJobsToday.map((_, index) => signInAs(server, fitterName(index), fitterPassword)),
    ),
  };
  let ok = await checkAnswers(server, seeded, sessions);
  const figures: RouteFigures[] = [];
  for (const [name, p95Target, options] of routesOf(server, seeded, sessions)) {
    const run = await measure(server, settings, { ...options, connections });
    if (!report(name, run, { p95: p95Target })) ok = false;
    figures.push(figuresOf(name, run));
  }
  console.log(figuresTable(connections, figures));
  return ok;
}

export const jobs: Scenario & { defaultConnections: number } = {
  prepare: async (database) => {
    seeded = await seedJobs(database);
  },
  // Twenty at once: the ten fitters opening their day and the office at the diary and the counter.
  defaultConnections: 20,
  run: runJobs,
};

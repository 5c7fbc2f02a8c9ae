// `npm run bench [scenario...]`: load tests against the built server, started as in production
// on a fresh embedded database (PGlite) in a temporary folder. Each scenario first measures the
// machine's floor (floor.ts: a bare node:http server under the same load), then prints throughput
// and latency percentiles beside the floor's and compares those ratios with the targets. Scenarios: enquiry, analytics, enquiries, images,
// pages, booking, tyres, jobs, memory, photos, payments, routes (default: all), one file each beside this one.
// BENCH_DURATION (seconds, default 15; 60 for memory) and BENCH_CONNECTIONS (default 50; 20 for
// jobs, 10 for routes) adjust the load;
// BENCH_DATABASE_URL runs the server on that (empty, throwaway) PostgreSQL database instead.
import { ensureBuilt } from '#tests/support/server-process.ts';
import { analytics } from './analytics.ts';
import { booking } from './booking.ts';
import { enquiries } from './enquiries.ts';
import { enquiry } from './enquiry.ts';
import { images } from './images.ts';
import { jobs } from './jobs.ts';
import { memory } from './memory.ts';
import { pages } from './pages.ts';
import { payments } from './payments.ts';
import { photos } from './photos.ts';
import { routes } from './routes.ts';
import { runScenario, type Scenario } from './server.ts';
import { tyres } from './tyres.ts';

/** A scenario, and the connections it loads with unless BENCH_CONNECTIONS says otherwise (default 50). */
type RegisteredScenario = Scenario & { defaultConnections?: number };

const scenarios: Record<string, RegisteredScenario> = {
  enquiry,
  analytics,
  enquiries,
  images,
  pages,
  booking,
  tyres,
  jobs,
  memory,
  photos,
  payments,
  routes,
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
  const settings = {
    duration: Number(process.env.BENCH_DURATION ?? scenario.defaultDuration ?? 15),
    connections: Number(process.env.BENCH_CONNECTIONS ?? scenario.defaultConnections ?? 50),
    staffConnections: Number(process.env.BENCH_STAFF_CONNECTIONS ?? 5),
    databaseUrl: process.env.BENCH_DATABASE_URL,
  };
  if (!(await runScenario(scenario, settings))) failed = true;
}
process.exit(failed ? 1 : 0);

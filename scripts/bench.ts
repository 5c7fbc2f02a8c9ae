// `npm run bench [scenario...]`: load tests against the built server, started as in production
// on a fresh embedded database (PGlite) in a temporary folder. Prints throughput and latency
// percentiles and compares them with the targets. Scenarios: enquiry (default: all).
// BENCH_DURATION (seconds, default 15) and BENCH_CONNECTIONS (default 50) adjust the load;
// BENCH_DATABASE_URL runs the server on that (empty, throwaway) PostgreSQL database instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilt, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts';

const duration = Number(process.env.BENCH_DURATION ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

type Scenario = (server: ServerProcess) => Promise<boolean>;

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

function report(
  name: string,
  result: autocannon.Result,
  targets: { p99Ms?: number; minRps?: number },
  cpuMs?: number,
) {
  const rps = result.requests.average;
  const lines = [
    `${name}: ${connections} connections, ${result.duration.toFixed(0)} s`,
    `  requests   ${result.requests.total} (${result.non2xx} not 2xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
    `  throughput mean ${rps.toFixed(0)} req/s, median ${result.requests.p50} req/s per second sampled`,
    `  latency    p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  ];
  if (cpuMs !== undefined && result.requests.total > 0) {
    lines.push(
      `  server CPU ${((cpuMs * 1000) / result.requests.total).toFixed(0)} µs per request (all threads)`,
    );
  }
  const ok = result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
  if (targets.p99Ms !== undefined) {
    const met = result.latency.p99 <= targets.p99Ms;
    lines.push(`  target     p99 <= ${targets.p99Ms} ms: ${met ? 'met' : 'NOT met'}`);
  }
  if (targets.minRps !== undefined) {
    const met = rps >= targets.minRps;
    lines.push(`  target     >= ${targets.minRps} req/s: ${met ? 'met' : 'NOT met'}`);
  }
  console.log(lines.join('\n'));
  return ok;
}

/** A different customer per request, as in real traffic (the server trusts one proxy hop here). */
const randomClientAddress = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

const enquiry: Scenario = async (server) => {
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
    body: JSON.stringify({
      name: 'Bench Customer',
      phone: '07700 900123',
      email: 'bench@example.com',
      vehicle: 'Ford Focus 2019',
      service: 'puncture-repair',
      message: 'Nail in the rear tyre, parked at work in Romford until 5pm.',
    }),
  };
  await autocannon({ ...options, duration: 3 }); // warm-up, not reported
  const cpuBefore = serverCpuMs(server);
  const result = await autocannon({ ...options, duration });
  const cpuAfter = serverCpuMs(server);
  return report(
    'POST /api/enquiries (stored, with its notification queued)',
    result,
    { p99Ms: 50 },
    cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
  );
};

const scenarios: Record<string, Scenario> = { enquiry };

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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      // As in production: one JSON log line per request.
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1',
      ...(process.env.BENCH_DATABASE_URL && { DATABASE_URL: process.env.BENCH_DATABASE_URL }),
      SEED_DEMO_CONTENT: 'false',
    },
    { keepOutput: 'until-ready' },
  );
  try {
    await server.ready;
    if (!(await scenarios[name]!(server))) failed = true;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);

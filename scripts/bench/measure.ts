// What every scenario measures with: the load (load.ts), the server's CPU time and memory,
// percentiles, and the report with its targets.
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { ServerProcess } from '#tests/support/server-process.ts';
import { thousands, times, type Floor } from './floor.ts';
import { load, percentile, processCpuMs } from './load.ts';

/** How hard and how long the scenarios load the server, and on which database it runs. */
export type Settings = {
  /** Seconds each measured run lasts. */
  duration: number;
  /** Concurrent connections of the customers' scenarios. */
  connections: number;
  /**
   * Concurrent connections of the staff inbox's scenario: a handful of staff, not fifty. At 50 its
   * latency measures the server's throughput (50 waiting for one another), not one answer's time.
   */
  staffConnections: number;
  /** An empty, throwaway PostgreSQL database the server runs on instead of a fresh PGlite folder. */
  databaseUrl: string | undefined;
  /**
   * The machine's floor at `connections` (floor.ts), measured for this scenario the first time it
   * is asked for: `measure` reads it for each run, a scenario with a report of its own asks here.
   */
  floor: (connections: number) => Promise<Floor>;
};

/**
 * The resident memory the server must stay within on the settings' database, and that database's
 * name for the report.
 */
export const memoryTarget = (settings: Settings) =>
  settings.databaseUrl
    ? { limitMb: 160, database: 'PostgreSQL' as const }
    : { limitMb: 256, database: 'PGlite' as const };

const serverCpuMs = (server: ServerProcess) => processCpuMs(server.child.pid!);

/** Runs `work` and measures the server's CPU time over it (ms), where it can be read. */
export async function withServerCpu<T>(
  server: ServerProcess,
  work: () => Promise<T>,
): Promise<{ value: T; cpuMs: number | undefined }> {
  const before = serverCpuMs(server);
  const value = await work();
  const after = serverCpuMs(server);
  return { value, cpuMs: before === undefined || after === undefined ? undefined : after - before };
}

/**
 * Waits until the server is quiet: under a tenth of a core for `quietSeconds` on end, as once it
 * has done what a change set it to do (the tyre searches' answers made again a second after an
 * import, before customers ask). Answers the seconds it waited, or undefined where /proc cannot be
 * read or it is still busy after `limitSeconds`.
 */
export async function untilQuiet(
  server: ServerProcess,
  { quietSeconds = 2, limitSeconds = 60 } = {},
): Promise<number | undefined> {
  const started = performance.now();
  const step = 250;
  let quietSince: number | undefined;
  let before = serverCpuMs(server);
  while (before !== undefined && performance.now() - started < limitSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, step));
    const now = serverCpuMs(server);
    if (now === undefined) return undefined;
    if (now - before >= step / 10) quietSince = undefined;
    else quietSince ??= performance.now() - step;
    if (quietSince !== undefined && performance.now() - quietSince >= quietSeconds * 1000)
      return (quietSince - started) / 1000;
    before = now;
  }
  return undefined;
}

export type MemorySample = { rssMb: number; peakMb: number };

/** VmRSS (resident now) and VmHWM (the most it has been) of a process, in MB; undefined without /proc. */
export function processMemory(pid: number): MemorySample | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1]);
    const sample = { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
    return Number.isNaN(sample.rssMb) || Number.isNaN(sample.peakMb) ? undefined : sample;
  } catch {
    return undefined;
  }
}

/** Median of some values. */
export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A different customer per request, as in real traffic (the server trusts one proxy hop here). */
export const randomClientAddress = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** autocannon's requests, each from a different client address (a different customer). */
export const fromRandomClients: autocannon.Request[] = [
  {
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, 'x-forwarded-for': randomClientAddress() },
    }),
  },
];

/** A measured run: autocannon's result, every response time, the server's CPU time and the floor. */
export type Measured = {
  result: autocannon.Result;
  latenciesMs: number[];
  cpuMs: number | undefined;
  floor: Floor;
};

/**
 * Warms the server up for 3 s with `options` (not reported), runs `beforeMeasuring`, then loads
 * it for the settings' duration. Keeps every response time as well (the same values autocannon's
 * histogram records: its result gives p50, p90, p97.5 and p99 but no p95, so that is computed
 * from these), the server's CPU time over the run, and the floor at the same connections.
 */
export async function measure(
  server: ServerProcess,
  settings: Pick<Settings, 'duration' | 'floor'>,
  options: autocannon.Options,
  beforeMeasuring?: () => Promise<void>,
): Promise<Measured> {
  const floor = await settings.floor(options.connections ?? 10);
  await autocannon({ ...options, duration: 3 });
  await beforeMeasuring?.();
  const latenciesMs: number[] = [];
  const { value: result, cpuMs } = await withServerCpu(server, () =>
    load({ ...options, duration: settings.duration }, (_statusCode, responseTime) =>
      latenciesMs.push(responseTime),
    ),
  );
  return { result, latenciesMs, cpuMs, floor };
}

/**
 * Targets as multiples of the floor: the most each percentile may be (p95: 3 is "at most 3x the
 * floor's p95"), and the least the throughput of answers 2xx may be (rps: 0.2 is "at least a
 * fifth of the floor's requests a second").
 */
type FloorTargets = { p50?: number; p95?: number; p99?: number; rps?: number };

/** A run's figures beside the floor's. */
type Figures = { rps: number; p50: number; p95: number; p99: number };

/** Each of `figures` beside the floor's, and whether it meets `targets`: the report's lines. */
export function againstFloor(figures: Figures, floor: Floor, targets: FloorTargets) {
  const lines = [
    `  throughput ${thousands(figures.rps)} req/s = ${times(figures.rps / floor.rps)} floor (${thousands(floor.rps)} req/s)`,
    `  latency    ${(['p50', 'p95', 'p99'] as const)
      .map((p) => `${p} ${figures[p].toFixed(1)} ms = ${times(figures[p] / floor[p])} floor`)
      .join('; ')} (floor ${floor.p50.toFixed(2)}, ${floor.p95.toFixed(2)}, ${floor.p99.toFixed(2)} ms)`,
  ];
  let met = true;
  for (const p of ['p50', 'p95', 'p99'] as const) {
    const most = targets[p];
    if (most === undefined) continue;
    const ratio = figures[p] / floor[p];
    lines.push(`  target     ${p} <= ${most}x floor (${times(ratio)}): ${ratio <= most ? 'met' : 'NOT met'}`);
    if (ratio > most) met = false;
  }
  if (targets.rps !== undefined) {
    const ratio = figures.rps / floor.rps;
    lines.push(
      `  target     throughput >= ${targets.rps}x floor (${times(ratio)}): ${ratio >= targets.rps ? 'met' : 'NOT met'}`,
    );
    if (ratio < targets.rps) met = false;
  }
  return { lines, met };
}

/** The server's CPU time per request, beside the floor's. */
export function cpuLines(cpuMs: number | undefined, count: number, floor?: Floor, per = 'request'): string[] {
  if (cpuMs === undefined || count === 0) return [];
  const us = (cpuMs * 1000) / count;
  const beside =
    floor?.cpuUsPerRequest === undefined
      ? ''
      : ` = ${times(us / floor.cpuUsPerRequest)} floor (${floor.cpuUsPerRequest.toFixed(0)} µs)`;
  return [`  server CPU ${us.toFixed(0)} µs per ${per}${beside} (all threads)`];
}

/** Percentiles of some response times (nearest rank); NaN when there are none. */
export function percentilesOf(latenciesMs: readonly number[]) {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/**
 * Prints a run's requests, throughput, latencies and server CPU beside the floor's (absolute
 * figures kept for reference), and whether it met `targets`. Returns whether every request was
 * answered 2xx, without errors or timeouts, and every target was met.
 */
export function report(name: string, { result, latenciesMs, cpuMs, floor }: Measured, targets: FloorTargets) {
  const figures = { rps: result['2xx'] / result.duration, ...percentilesOf(latenciesMs) };
  const compared = againstFloor(figures, floor, targets);
  const lines = [
    `${name}: ${result.connections} connections, ${result.duration.toFixed(0)} s`,
    `  requests   ${result.requests.total} (${result.non2xx} not 2xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
    ...compared.lines,
    ...cpuLines(cpuMs, result.requests.total, floor),
  ];
  console.log(lines.join('\n'));
  return compared.met && result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
}

// What every scenario measures with: the load (autocannon), the server's CPU time and memory,
// percentiles, and the report with its targets.
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { ServerProcess } from '#tests/support/server-process.ts';

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
};

/**
 * The resident memory the server must stay within on the settings' database, and that database's
 * name for the report.
 */
export const memoryTarget = (settings: Settings) =>
  settings.databaseUrl
    ? { limitMb: 160, database: 'PostgreSQL' as const }
    : { limitMb: 256, database: 'PGlite' as const };

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

/** The report's line of the server's CPU time per request, when it was read and there were requests. */
export function cpuLines(cpuMs: number | undefined, count: number, per = 'request'): string[] {
  return cpuMs !== undefined && count > 0
    ? [`  server CPU ${((cpuMs * 1000) / count).toFixed(0)} µs per ${per} (all threads)`]
    : [];
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

/** Nearest-rank percentile (0-100) of ascending values. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
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

/** Runs autocannon to its end, calling `onResponse` with each answer's status and time (ms). */
export function load(
  options: autocannon.Options,
  onResponse: (statusCode: number, responseTimeMs: number) => void,
): Promise<autocannon.Result> {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) =>
      onResponse(statusCode, responseTime),
    );
  });
}

/**
 * Warms the server up for 3 s with `options` (not reported), runs `beforeMeasuring`, then loads
 * it for `duration` seconds. Keeps every response time as well (the same values autocannon's
 * histogram records: its result gives p50, p90, p97.5 and p99 but no p95, so that is computed
 * from these) and the server's CPU time over the run.
 */
export async function measure(
  server: ServerProcess,
  duration: number,
  options: autocannon.Options,
  beforeMeasuring?: () => Promise<void>,
): Promise<{ result: autocannon.Result; latenciesMs: number[]; cpuMs: number | undefined }> {
  await autocannon({ ...options, duration: 3 });
  await beforeMeasuring?.();
  const latenciesMs: number[] = [];
  const { value: result, cpuMs } = await withServerCpu(server, () =>
    load({ ...options, duration }, (_statusCode, responseTime) => latenciesMs.push(responseTime)),
  );
  return { result, latenciesMs, cpuMs };
}

/**
 * Prints a run's requests, throughput, latencies and server CPU, and whether it met `targets`.
 * Returns whether every request was answered 2xx, without errors or timeouts (the targets are
 * printed but do not count).
 */
export function report(
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
  lines.push(...cpuLines(cpuMs, result.requests.total));
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

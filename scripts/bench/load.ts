// The load (autocannon) and the readings of a process and of response times that both the floor
// (floor.ts) and the product's scenarios (measure.ts) are measured with.
import fs from 'node:fs';
import autocannon from 'autocannon';

/**
 * CPU time (user and system, all threads) process `pid` has used so far, in milliseconds, or
 * undefined where /proc is not there. Per request it shows what a change costs or saves even when
 * other work on the machine blurs the latencies.
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks, 100 per second
  } catch {
    return undefined;
  }
}

/** Nearest-rank percentile (0-100) of ascending values. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

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

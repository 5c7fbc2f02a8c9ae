// The machine's floor, measured at the start of every scenario and read beside each of its figures:
// a bare node:http server in a process of its own (floor-server.mjs), loaded as the scenario loads
// the product. Other work on a shared machine moves every figure; it moves the floor's as well, so
// the targets are ratios to it ("p95 12.1 ms = 4.3x floor; 1,480 req/s = 0.07x floor").
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { load, percentile, processCpuMs } from './load.ts';

/** What the bare server did at one number of connections. */
export type Floor = {
  connections: number;
  /** Answers a second. */
  rps: number;
  /** Percentiles of every response time (nearest rank), ms. */
  p50: number;
  p95: number;
  p99: number;
  /** Its CPU time per request (µs), where /proc can be read. */
  cpuUsPerRequest: number | undefined;
};

const floorServerFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'floor-server.mjs');

/**
 * Starts the bare server, warms it up for 3 s as `measure` warms the product, loads it at
 * `connections` for `duration` seconds (as fast as it answers, or at `overallRate` requests a
 * second in all when given, as a scenario paced like real traffic loads the product), and stops it.
 */
export async function measureFloor(
  connections: number,
  duration: number,
  overallRate?: number,
): Promise<Floor> {
  const child = spawn(process.execPath, [floorServerFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the floor's server exited (${code})`)));
      child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    });
    const url = `http://127.0.0.1:${port}/`;
    const pace = overallRate === undefined ? {} : { overallRate };
    await autocannon({ url, connections, duration: 3, ...pace });
    const latencies: number[] = [];
    const before = processCpuMs(child.pid!);
    const result = await load({ url, connections, duration, ...pace }, (_status, ms) => latencies.push(ms));
    const after = processCpuMs(child.pid!);
    latencies.sort((a, b) => a - b);
    return {
      connections,
      rps: result['2xx'] / result.duration,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      cpuUsPerRequest:
        before === undefined || after === undefined
          ? undefined
          : ((after - before) * 1000) / result.requests.total,
    };
  } finally {
    child.removeAllListeners('exit');
    child.kill('SIGTERM');
  }
}

/**
 * The floor at each number of connections a scenario asks for, each measured once (for the
 * scenario's duration) the first time it is asked for.
 */
export function floorMeter(duration: number): (connections: number) => Promise<Floor> {
  const measured = new Map<number, Promise<Floor>>();
  return (connections) => {
    let floor = measured.get(connections);
    if (!floor) {
      floor = measureFloor(connections, duration).then((figures) => {
        console.log(floorLine(figures));
        return figures;
      });
      measured.set(connections, floor);
    }
    return floor;
  };
}

/** The floor's own report line. */
export const floorLine = (floor: Floor, paced = '') =>
  `floor (bare node:http, 600-byte JSON) at ${floor.connections} connection${floor.connections === 1 ? '' : 's'}${paced}: ` +
  `${thousands(floor.rps)} req/s, p50 ${floor.p50.toFixed(2)} ms, p95 ${floor.p95.toFixed(2)} ms, p99 ${floor.p99.toFixed(2)} ms` +
  (floor.cpuUsPerRequest === undefined ? '' : `, ${floor.cpuUsPerRequest.toFixed(0)} µs CPU a request`);

/** 12,345 */
export const thousands = (value: number) => Math.round(value).toLocaleString('en-GB');

/** A multiple of the floor, to two significant figures: 4.3x, 0.07x, 12x. */
export const times = (ratio: number) =>
  `${ratio >= 10 ? ratio.toFixed(0) : ratio >= 1 ? ratio.toFixed(1) : ratio.toPrecision(2)}x`;

// The `pages` scenario: public pages one request at a time and under load, each beside the floor,
// and the server's resident memory before and after.
import { residentMemoryMb, type ServerProcess } from '#tests/support/server-process.ts';
import { measure, memoryTarget, report, type Settings } from './measure.ts';
import type { Scenario } from './server.ts';

/**
 * Public pages measured under load: the home page, a service page and the longest document, each
 * with the least throughput it must keep, as a multiple of the floor's (three quarters of the
 * median of three runs: 0.055x, 0.11x and 0.090x).
 */
const benchPages = [
  ['/', 0.041],
  ['/services/puncture-repair', 0.082],
  ['/privacy-policy', 0.067],
] as const;

async function runPages(server: ServerProcess, settings: Settings): Promise<boolean> {
  const { connections } = settings;
  const memory: [string, number | undefined][] = [['after start', residentMemoryMb(server.child.pid!)]];
  let ok = true;

  // Anonymous visitors, without cookies: each request is a first visit (with the splash screen).
  // One connection: each request sent when the one before is answered, beside the floor's.
  const single = await measure(server, settings, { url: `${server.url}/`, connections: 1 });
  // The median of three runs, 24x, and a third more.
  if (!report('GET / one request at a time', single, { p50: 32 })) ok = false;

  for (const [pagePath, rps] of benchPages) {
    const bytes = (await (await fetch(`${server.url}${pagePath}`)).arrayBuffer()).byteLength;
    const page = await measure(server, settings, { url: `${server.url}${pagePath}`, connections });
    if (!report(`GET ${pagePath} (${(bytes / 1024).toFixed(0)} kB)`, page, { rps })) ok = false;
  }

  memory.push(['after the run', residentMemoryMb(server.child.pid!)]);
  const { limitMb, database } = memoryTarget(settings);
  for (const [moment, mb] of memory) {
    const met = mb !== undefined && mb <= limitMb;
    console.log(
      `resident memory ${moment}: ${mb === undefined ? 'unknown' : `${mb.toFixed(0)} MB`} ` +
        `(${database}), target <= ${limitMb} MB: ${met ? 'met' : 'NOT met'}`,
    );
    if (!met) ok = false;
  }
  return ok;
}

export const pages: Scenario = { run: runPages };

// The `pages` scenario: public pages one request at a time and under load, each beside the same
// document sent as a static file, and the server's resident memory before and after.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { clientBuildDir } from '#server/paths.ts';
import { residentMemoryMb, type ServerProcess } from '#tests/support/server-process.ts';
import { measure, memoryTarget, percentile, report, type Settings } from './measure.ts';
import type { Scenario } from './server.ts';

/** Response times (ms) of `count` requests sent one at a time on one kept-alive connection. */
async function oneAtATime(url: string, count: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (let round = 0; round < count; round += 1) {
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        http
          .get(url, { agent }, (response) => {
            response.resume();
            response.on('end', resolve);
          })
          .on('error', reject);
      });
      times.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
  }
  return times;
}

/** Public pages measured beside the same document sent as a static file from build/client. */
const benchPages = [
  ['/', 'home'],
  ['/services/puncture-repair', 'service'],
  ['/privacy-policy', 'privacy'],
] as const;

async function runPages(server: ServerProcess, settings: Settings): Promise<boolean> {
  const { duration, connections } = settings;
  const memory: [string, number | undefined][] = [['after start', residentMemoryMb(server.child.pid!)]];
  let ok = true;

  // Anonymous visitors, without cookies: each request is a first visit (with the splash screen).
  const single = (await oneAtATime(`${server.url}/`, 550)).slice(50).sort((a, b) => a - b);
  const singleP50 = percentile(single, 50);
  console.log(
    `GET / one request at a time (500 after 50 unreported): p50 ${singleP50.toFixed(2)} ms, ` +
      `p95 ${percentile(single, 95).toFixed(2)} ms\n` +
      `  target     p50 <= 5 ms: ${singleP50 <= 5 ? 'met' : 'NOT met'}`,
  );
  if (singleP50 > 5) ok = false;

  for (const [pagePath, name] of benchPages) {
    const document = await (await fetch(`${server.url}${pagePath}`)).text();
    const staticName = `bench-${name}.html`;
    const staticFile = path.join(clientBuildDir, staticName);
    fs.writeFileSync(staticFile, document);
    try {
      const page = await measure(server, duration, { url: `${server.url}${pagePath}`, connections });
      if (
        !report(`GET ${pagePath} (${(document.length / 1024).toFixed(0)} kB)`, page.result, {}, page.cpuMs)
      ) {
        ok = false;
      }
      const file = await measure(server, duration, { url: `${server.url}/${staticName}`, connections });
      if (!report(`GET /${staticName} (the same document as a static file)`, file.result, {}, file.cpuMs)) {
        ok = false;
      }
      const ratio = page.result.requests.average / file.result.requests.average;
      console.log(
        `  page/static throughput ${ratio.toFixed(2)}x, target >= 0.5x: ${ratio >= 0.5 ? 'met' : 'NOT met'}`,
      );
      if (ratio < 0.5) ok = false;
    } finally {
      fs.rmSync(staticFile, { force: true });
    }
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

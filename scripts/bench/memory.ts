// The `memory` scenario: a minute of mixed public traffic (pages, static files, uploaded
// pictures, API reads, enquiries) while the server's resident memory is sampled every 5 s, then
// 10 s of quiet. Target: at most 256 MB resident throughout and at its peak on the embedded
// database (160 MB on PostgreSQL), as after start (docs/decisions/017-memory-under-mixed-load.md).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fallbackImages, imageSlotNames, imageSlots } from '../../common/images/images.ts';
import type { DatabaseOptions } from '#server/db/client.ts';
import { storeImage } from '#server/images/service.ts';
import { clientBuildDir, projectRoot } from '#server/paths.ts';
import type { ServerProcess } from '#tests/support/server-process.ts';
import { enquiryBody } from './enquiry.ts';
import { thousands, times } from './floor.ts';
import { load } from './load.ts';
import {
  cpuLines,
  memoryTarget,
  processMemory,
  randomClientAddress,
  withServerCpu,
  type MemorySample,
  type Settings,
} from './measure.ts';
import { openDatabaseBeforeStart, type Scenario } from './server.ts';

/**
 * Before the server starts: every named picture stored as if staff had uploaded it (the shipped
 * renditions as its renditions), so that pages link to /media/... and the load reads them
 * through the server's picture cache, as on a site in use.
 */
async function storeUploadedPictures(options: DatabaseOptions): Promise<void> {
  const database = await openDatabaseBeforeStart(options);
  try {
    await database.migrate();
    for (const name of imageSlotNames) {
      const { width, height, widths } = fallbackImages[name];
      const variants = [...widths].reverse().map((variantWidth) => {
        const bytes = fs.readFileSync(
          path.join(projectRoot, 'public', 'images', 'fallback', `${name}-${variantWidth}.webp`),
        );
        return {
          width: variantWidth,
          height: Math.round((height * variantWidth) / width),
          contentType: 'image/webp' as const,
          contentHash: crypto.createHash('sha256').update(bytes).digest('hex'),
          bytes,
        };
      });
      await storeImage(
        database.db,
        { upsert: { name, altText: imageSlots[name].defaultAlt, section: imageSlots[name].section } },
        { width, height, variants },
      );
    }
  } finally {
    await database.close();
  }
}

type Kind = 'page' | 'asset' | 'picture' | 'read' | 'enquiry';

/** Share of each kind in the mix: a page view brings several files, some API reads, few enquiries. */
const weights: [Kind, number][] = [
  ['page', 20],
  ['asset', 35],
  ['picture', 15],
  ['read', 20],
  ['enquiry', 10],
];

/** The addresses of each kind, read from the running site. */
async function addresses(server: ServerProcess): Promise<Record<Exclude<Kind, 'enquiry'>, string[]>> {
  const services = (await (await fetch(`${server.url}/api/services`)).json()) as { slug: string }[];
  const pages = [
    '/',
    ...services.map((service) => `/services/${service.slug}`),
    '/privacy-policy',
    '/book',
    '/book?service=puncture-repair',
  ];
  // What pages link to: their scripts, style sheets and pictures, and the fonts the CSS names.
  const linked = new Set<string>();
  for (const page of pages) {
    const html = await (await fetch(`${server.url}${page}`)).text();
    for (const [, url] of html.matchAll(/(?:src|href)="(\/(?:assets|media|images|brand)\/[^"?#]+)"/g)) {
      linked.add(url!);
    }
    for (const [, srcSet] of html.matchAll(/srcSet="([^"]+)"/gi)) {
      for (const entry of srcSet!.split(',')) linked.add(entry.trim().split(' ')[0]!);
    }
  }
  for (const file of fs.readdirSync(path.join(clientBuildDir, 'assets'))) {
    if (file.endsWith('.woff2')) linked.add(`/assets/${file}`);
  }
  const all = [...linked];
  const media = all.filter((url) => url.startsWith('/media/'));
  if (media.length === 0) throw new Error('no page links to an uploaded picture (/media/...)');
  return {
    page: pages,
    asset: all.filter((url) => /^\/(assets|brand)\//.test(url)),
    picture: [...media, ...all.filter((url) => url.startsWith('/images/'))],
    read: [
      '/api/site-content',
      '/api/services',
      '/api/images',
      '/api/availability?location=mobile',
      '/api/availability?service=puncture-repair&location=mobile&days=21',
    ],
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

function drawKind(): Kind {
  let draw = Math.random() * weights.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [kind, weight] of weights) {
    draw -= weight;
    if (draw < 0) return kind;
  }
  return 'page';
}

/**
 * Runs the mixed load for the settings' duration, sampling memory every 5 s, then samples 5 and 10 s
 * after it stops. Every request comes from a different client address (the server trusts one
 * proxy hop in the bench) and accepts compressed answers as browsers do.
 */
async function runMemory(server: ServerProcess, settings: Settings): Promise<boolean> {
  const { connections, duration } = settings;
  const pid = server.child.pid!;
  const { limitMb, database } = memoryTarget(settings);
  const urls = await addresses(server);
  const floor = await settings.floor(connections);
  console.log(
    `memory: ${connections} connections, ${duration} s of ${urls.page.length} pages, ` +
      `${urls.asset.length} static files, ${urls.picture.length} pictures, ${urls.read.length} API reads ` +
      `and enquiries (${weights.map(([kind, weight]) => `${kind} ${weight}%`).join(', ')})`,
  );

  const samples: { moment: string; memory: MemorySample | undefined }[] = [];
  const sample = (moment: string) => {
    const memory = processMemory(pid);
    samples.push({ moment, memory });
    console.log(
      `  ${moment.padEnd(18)} ${memory ? `VmRSS ${memory.rssMb.toFixed(0).padStart(4)} MB, VmHWM ${memory.peakMb.toFixed(0).padStart(4)} MB` : 'unknown'}`,
    );
  };
  sample('after start');

  const sent = new Map<Kind, number>(weights.map(([kind]) => [kind, 0]));
  const statuses = new Map<number, number>();
  const started = Date.now();
  const timer = setInterval(() => sample(`load ${Math.round((Date.now() - started) / 1000)} s`), 5_000);
  const { value: result, cpuMs } = await withServerCpu(server, async () => {
    try {
      return await load(
        {
          url: server.url,
          connections,
          duration,
          requests: [
            {
              setupRequest: (request) => {
                const kind = drawKind();
                sent.set(kind, sent.get(kind)! + 1);
                const headers = {
                  ...request.headers,
                  'accept-encoding': 'gzip, deflate, br',
                  'x-forwarded-for': randomClientAddress(),
                };
                if (kind === 'enquiry') {
                  return {
                    ...request,
                    method: 'POST',
                    path: '/api/enquiries',
                    headers: { ...headers, 'content-type': 'application/json' },
                    body: enquiryBody,
                  };
                }
                return { ...request, method: 'GET', path: pick(urls[kind]), headers, body: undefined };
              },
            },
          ],
        },
        (statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1),
      );
    } finally {
      clearInterval(timer);
    }
  });
  sample(`load ${Math.round((Date.now() - started) / 1000)} s (end)`);
  for (const after of [5, 10]) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    sample(`${after} s after`);
  }

  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count} ${status}`);
  console.log(
    [
      `  requests   ${result.requests.total} (${[...sent].map(([kind, count]) => `${count} ${kind}`).join(', ')}): ${byStatus.join(', ')}, ${result.errors} errors, ${result.timeouts} timeouts`,
      `  throughput ${thousands(result.requests.average)} req/s = ${times(result.requests.average / floor.rps)} floor; latency p50 ${result.latency.p50} ms = ${times(result.latency.p50 / floor.p50)} floor, p99 ${result.latency.p99} ms = ${times(result.latency.p99 / floor.p99)} floor (no target: memory is what this scenario measures)`,
      ...cpuLines(cpuMs, result.requests.total, floor),
    ].join('\n'),
  );

  const measured = samples.flatMap(({ memory }) => (memory ? [memory] : []));
  const highest = Math.max(...measured.map((memory) => memory.rssMb));
  const peak = measured.at(-1)?.peakMb ?? NaN;
  const met = measured.length === samples.length && highest <= limitMb && peak <= limitMb;
  console.log(
    `  target     VmRSS and VmHWM <= ${limitMb} MB (${database}): ` +
      `highest VmRSS ${highest.toFixed(0)} MB, VmHWM ${peak.toFixed(0)} MB: ${met ? 'met' : 'NOT met'}`,
  );
  return met && result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
}

export const memory: Scenario = {
  prepare: storeUploadedPictures,
  defaultDuration: 60,
  run: runMemory,
};

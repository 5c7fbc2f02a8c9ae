// `npm run lighthouse`: Lighthouse (mobile emulation, default throttling) against the built site,
// started as in production on a temporary data directory. Prints the four category scores of each
// page and exits 1 when one is below its target. Chromium: CHROME_PATH, default /usr/bin/chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuilt, startServerProcess } from '#tests/support/server-process.ts';

const pages = ['/', '/services/tyre-replacement', '/privacy-policy'];
const targets = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const;

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromePath)) {
  console.error(
    `Chromium not found at ${chromePath}: install it (apt-get install -y chromium) or set CHROME_PATH.`,
  );
  process.exit(1);
}

ensureBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
const server = await startServerProcess({ DATA_DIR: dataDir });
async function stopServer() {
  server.child.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
await server.ready;
const chrome = await chromeLauncher
  .launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  })
  .catch(async (error: unknown) => {
    await stopServer();
    throw error;
  });

let failed = false;
try {
  console.log(`page                           perf  a11y  best   seo   LCP ms   CLS    TBT ms`);
  for (const page of pages) {
    const result = await lighthouse(`${server.url}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { categories, audits } = result.lhr;
    const score = (id: keyof typeof targets) => Math.round((categories[id]?.score ?? 0) * 100);
    const row = [
      page.padEnd(30),
      ...(Object.keys(targets) as (keyof typeof targets)[]).map((id) => String(score(id)).padStart(5)),
      String(Math.round(audits['largest-contentful-paint']?.numericValue ?? 0)).padStart(8),
      (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3).padStart(6),
      String(Math.round(audits['total-blocking-time']?.numericValue ?? 0)).padStart(8),
    ];
    console.log(row.join(' '));
    for (const id of Object.keys(targets) as (keyof typeof targets)[]) {
      if (score(id) < targets[id]) {
        failed = true;
        const failing = Object.values(audits)
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 0.9 &&
              categories[id]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
          )
          .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
        console.log(`  ${id} below ${targets[id]}: ${failing.join(', ')}`);
      }
    }
  }
} finally {
  chrome.kill();
  await stopServer();
}
process.exit(failed ? 1 : 0);

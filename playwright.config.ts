import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { contentSitePorts, e2ePort, picturesSitePorts, withAnalyticsTag } from './tests/e2e/servers.ts';
import { journeyTemplateDatabase, withJourneyDatabase } from './tests/e2e/journey-database.ts';
import { chromiumFlags, journeyChromiumPath } from './tests/support/chromium.ts';

/**
 * Browser journeys in Debian's Chromium against the built app, started the way `npm start`
 * starts it, on a fresh temporary data directory.
 */
const port = e2ePort;
/** Playwright's own process, which starts the sites, rather than one of its workers. */
const inRunner = process.env.TEST_WORKER_INDEX === undefined;
/**
 * A new data directory for a site. One on the embedded database starts with a prepared database
 * (tests/e2e/journey-database.ts: migrated, with the journeys' staff account), which spares each
 * site's start the initdb (about 3 s of processor time) and the migrations; the process tests
 * check a first start itself.
 */
function dataDir(name: string, embedded: boolean): string {
  // Workers read this file again but start no site: they need no directory.
  if (!inRunner) return '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-${name}-`));
  return embedded ? withJourneyDatabase(dir) : dir;
}

/**
 * With TEST_DATABASE_URL (CI's PostgreSQL pass) the site under test runs on that server, in a
 * database of its own made afresh for the run from the prepared one; otherwise on the embedded
 * database. The config is read again by each worker, which must not drop the database in use.
 */
function siteDatabaseUrl(sitePort = port): string {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return '';
  const url = new URL(serverUrl);
  url.pathname = `/e2e_${sitePort}`;
  if (inRunner) {
    const template = journeyTemplateDatabase(serverUrl);
    const run = (statement: string) => execFileSync('psql', [serverUrl, '-q', '-c', statement]);
    run(`drop database if exists "e2e_${sitePort}" with (force)`);
    run(`create database "e2e_${sitePort}" template "${template}"`);
  }
  return url.toString();
}

/** Settings every site under test runs with, as on a first local run, whichever the database. */
function siteSettings(
  sitePort: number,
  name: string,
  databaseUrl = siteDatabaseUrl(sitePort),
): Record<string, string> {
  const origin = `http://127.0.0.1:${sitePort}`;
  return {
    PORT: String(sitePort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir(name, databaseUrl === ''),
    DATABASE_URL: databaseUrl,
    SEED_DEMO_CONTENT: 'true',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: origin,
    GA_MEASUREMENT_ID: '',
    // Every journey's pages are counted, many from one address.
    ANALYTICS_RATE_LIMIT: '100000',
  };
}

/**
 * CI's PostgreSQL pass (`npm run test:postgres`, which sets E2E_STORED_DATA_ONLY) runs again the
 * journeys that store or change data, each at one viewport: what they store goes through the same
 * calls whatever the screen size, and every journey has run on PGlite just before. It
 * leaves out the journeys that store nothing of their own: those through the public pages, whose
 * content comes from the same store whichever the database (the database project's tests check
 * that store and the pages on both), and the measure of their scripts.
 */
const storedDataOnly = process.env.E2E_STORED_DATA_ONLY === '1';

/**
 * The sites under test (tests/e2e/servers.ts), started together by tests/e2e/sites.mjs; in CI's
 * PostgreSQL pass only those its journeys visit (neither the analytics tag's, whose journey stores
 * nothing, nor the phone's content site: the content journeys run at the desktop's size there).
 */
const sites = [
  // Journeys on both viewports send many enquiries from one address.
  { name: 'site', env: { ...siteSettings(port, 'data'), ENQUIRY_RATE_LIMIT: '1000' } },
  ...(storedDataOnly
    ? []
    : [
        {
          name: 'analytics-site',
          // On the embedded database: it only serves pages.
          env: { ...siteSettings(port + 1, 'ga', ''), GA_MEASUREMENT_ID: withAnalyticsTag.measurementId },
        },
      ]),
  ...Object.entries(contentSitePorts)
    .filter(([viewport]) => !storedDataOnly || viewport === 'desktop')
    .map(([viewport, sitePort]) => ({
      name: `content-site-${viewport}`,
      env: { ...siteSettings(sitePort, `content-${sitePort}`), SEED_DEMO_CONTENT: 'false' },
    })),
  ...Object.entries(picturesSitePorts).map(([viewport, sitePort]) => ({
    name: `pictures-site-${viewport}`,
    env: siteSettings(sitePort, `pictures-${sitePort}`),
  })),
];
const picturesSite = (viewport: keyof typeof picturesSitePorts) => ({
  baseURL: `http://127.0.0.1:${picturesSitePorts[viewport]}`,
});

const chromium = { executablePath: journeyChromiumPath, args: [...chromiumFlags] };

const phone = { ...devices['Pixel 7'], launchOptions: chromium };
const desktop = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1366, height: 900 },
  launchOptions: chromium,
};
const picturesJourneys = /images\.spec\.ts$/;
/**
 * Online booking, booking tyres, mobile fitting by road, the fitter's day and card payments
 * online are phone journeys, each file with a site and a mail server of its own
 * (tests/e2e/booking-site.ts), on the pass's database.
 */
const phoneOnlyJourneys = /(booking|fitter-day|fitter-sign-out|payments|routes)\.spec\.ts$/;
const storeNothing = /(accessibility|consent|home|navigation|seo|services|script-weight)\.spec\.ts$/;
const skipped = storedDataOnly ? [storeNothing] : [];
/** On PostgreSQL the phone runs only its own journeys; the desktop runs the others. */
const phoneJourneys = storedDataOnly ? { testMatch: phoneOnlyJourneys } : {};
/**
 * Journeys marked `anySize` (tests/e2e/fixtures.ts) run at the phone's size only, as their outcome
 * does not depend on it, and so do those marked `atPhoneSize`; those marked `atDesktopSize` run at
 * the desktop's only. On PostgreSQL, where the desktop runs the journeys that store data, the
 * desktop runs them all but those marked `serverAnswersReplaced` (what they show comes from
 * answers the journey gives in the server's place).
 */
const phoneOnly = storedDataOnly ? {} : { grepInvert: /@desktop-size/ };
const desktopOnly = { grepInvert: storedDataOnly ? /@server-answers-replaced/ : /@any-size|@phone-size/ };

export default defineConfig({
  testDir: 'tests/e2e',
  // A run on other ports keeps its results apart, so that two runs can go at once (CI's PGlite
  // and PostgreSQL passes do): each empties its folder as it starts.
  outputDir: port === 3210 ? 'test-results' : `test-results-${port}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // E2E_WORKERS: how many journeys run at once (.ci/run runs three: a journey mostly
  // waits on its browser and its site, so a third keeps the two cores busier).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Two browsers and the sites they visit share two cores: on the slower machines of that size
  // a journey through the dashboard (several sign-ins, each a deliberately slow password hash,
  // and an accessibility scan) takes up to twice as long as on a quiet fast one.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed journey's trace holds the page's DOM at each step (no screencast: it costs more
    // than the journey). CI keeps nothing but its log, so it records none.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    launchOptions: chromium,
  },
  projects: [
    // The pictures journeys delete pictures, on a site of their own per viewport, so that no other
    // journey's pages ask for one that has just gone.
    { name: 'phone-pictures', use: { ...phone, ...picturesSite('phone') }, testMatch: picturesJourneys },
    {
      name: 'desktop-pictures',
      use: { ...desktop, ...picturesSite('desktop') },
      testMatch: picturesJourneys,
    },
    {
      name: 'phone',
      use: phone,
      ...phoneJourneys,
      testIgnore: [picturesJourneys, ...skipped],
      ...phoneOnly,
    },
    {
      name: 'desktop',
      use: desktop,
      testIgnore: [picturesJourneys, phoneOnlyJourneys, ...skipped],
      ...desktopOnly,
    },
  ],
  webServer: {
    command: 'node tests/e2e/sites.mjs',
    wait: { stdout: /every site is ready/ },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_SITES: JSON.stringify(sites) },
  },
});

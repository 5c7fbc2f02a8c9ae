/**
 * `npm run screenshots -- --base-url http://127.0.0.1:3900 --out DIR`: full-page pictures of the
 * home page (and its cookie banner), a service page, /book, a size of tyres and a tyre's page, the
 * steps of a booking made from a tyre and its confirmation, the staff sign-in, every tab of the
 * staff dashboard, and a fitter's day on the phone (My jobs, the completion form), at a phone's width (390 px) and a desktop's (1366 px), in Chromium. For checking
 * that a change of code leaves the pages looking as they did: take them on the build before and the
 * build after (each on a fresh server started as the browser journeys start theirs, with demo
 * content and the journeys' staff account) and compare them with scripts/screenshots-compare.ts.
 *
 * What would differ from one run to the next is held still: the browser's clock (26 November 2026,
 * 10:00 in London), animations and transitions, the caret, the splash screen (already seen), times
 * of day that come from the server's clock (shown as 00:00) and the activity log's hashed client
 * addresses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import crypto from 'node:crypto';
import { chromium, request, type Browser, type Page } from '@playwright/test';
import { adminRequestHeader } from '../common/http/api.ts';
import { addDays } from '../common/time/week.ts';
import { londonDate } from '../common/time/london.ts';
import { staffAccount } from '../tests/e2e/staff-account.ts';
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.ts';

const { values: options } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:3000' },
    out: { type: 'string', default: 'screenshots' },
    username: { type: 'string', default: staffAccount.username },
    password: { type: 'string', default: staffAccount.password },
  },
});
const baseUrl = options['base-url'];
const outDir = path.resolve(options.out);

const publicPages = [
  { name: 'home', path: '/' },
  { name: 'service-puncture-repair', path: '/services/puncture-repair' },
  { name: 'book', path: '/book' },
  { name: 'tyres-205-55-r16', path: '/tyres/205-55-r16' },
  { name: 'staff-sign-in', path: '/auth' },
];
/** The dashboard's sections, as an owner sees them (app/features/dashboard/dashboard-sections.tsx). */
const dashboardSections = [
  'enquiries',
  'bookings',
  'jobs',
  'reminders',
  'tyres',
  'analytics',
  'images',
  'content',
  'settings',
  'privacy',
  'staff',
  'activity',
  'account',
];
const viewports = [
  { name: 'phone', width: 390, height: 844, isMobile: true },
  { name: 'desktop', width: 1366, height: 900, isMobile: false },
];
const fixedNow = new Date('2026-11-26T10:00:00Z'); // 10:00 in London (GMT in November)

/** No motion, no blinking caret: every frame is the last one. */
const stillStyle = `*, *::before, *::after {
  animation-duration: 0s !important; animation-delay: 0s !important;
  transition-duration: 0s !important; transition-delay: 0s !important;
  caret-color: transparent !important; scroll-behavior: auto !important; }`;

/**
 * A browser at `viewport`'s size with the clock held still (unless `stillClock` is false: a
 * fitter's day is the server's tomorrow), the splash screen already seen.
 */
async function openPage(
  browser: Browser,
  viewport: (typeof viewports)[number],
  cookieChoice: boolean,
  stillClock = true,
) {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: 1,
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    baseURL: baseUrl,
  });
  await context.addCookies([{ name: 'splash_seen', value: '1', url: baseUrl }]);
  // The cookie choice already made (essential only), as in the journeys, so the banner stays away.
  if (cookieChoice) {
    await context.addInitScript(() => {
      if (window.top !== window) return;
      localStorage.setItem('cookie_consent', 'true');
      const choice = { essential: true, analytics: false, marketing: false, preferences: false };
      localStorage.setItem('cookie_preferences', JSON.stringify(choice));
    });
  }
  const page = await context.newPage();
  if (stillClock) await page.clock.setFixedTime(fixedNow);
  return page;
}

async function shoot(browser: Browser, viewport: (typeof viewports)[number]) {
  // A first visit, asked about cookies: the banner over the first screen of the home page.
  const firstVisit = await openPage(browser, viewport, false);
  await open(firstVisit, '/');
  // The banner's code loads once the page is idle.
  await firstVisit.getByRole('region', { name: 'Cookie consent' }).waitFor();
  await firstVisit.waitForTimeout(300);
  await capture(firstVisit, `${viewport.name}-cookie-banner`, false);
  await firstVisit.context().close();

  const page = await openPage(browser, viewport, true);
  for (const { name, path: pagePath } of publicPages) {
    await open(page, pagePath);
    await capture(page, `${viewport.name}-${name}`);
  }
  await shootTyreBooking(page, viewport.name);
  await signIn(page);
  for (const section of dashboardSections) {
    await open(page, `/admin/dashboard/${section}`);
    await capture(page, `${viewport.name}-dashboard-${section}`);
  }
  await page.context().close();
  if (viewport.isMobile) await shootFitter(browser, viewport);
}

/**
 * A fitter's phone: their account made by the owner and set up, a job booked for tomorrow and
 * given to them, on their way and arrived; My jobs on that day, then the completion form.
 */
async function shootFitter(browser: Browser, viewport: (typeof viewports)[number]) {
  const headers = { [adminRequestHeader.name]: adminRequestHeader.value, Origin: baseUrl };
  const asked = async (answer: Awaited<ReturnType<typeof owner.get>>) => {
    if (!answer.ok()) throw new Error(`${answer.url()} answered ${answer.status()}: ${await answer.text()}`);
    return answer.json() as Promise<Record<string, unknown>>;
  };
  const owner = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: headers });
  await asked(
    await owner.post('/api/login', { data: { username: options.username, password: options.password } }),
  );
  const fitter = { username: `dave.${Date.now()}`, password: 'torque-wrench-on-the-a127' };
  const { id: fitterId, setupUrl } = await asked(
    await owner.post('/api/users', { data: { username: fitter.username, role: 'fitter' } }),
  );
  const setup = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: headers });
  await asked(
    await setup.post(`/api/account-setup/${String(setupUrl).split('/').pop()}`, {
      data: { password: fitter.password },
    }),
  );
  // Tomorrow at 8:00, or the first free time after it (the booking's shots may have taken it).
  let when = { date: addDays(londonDate(new Date()), 1), start: '08:00' };
  const book = () =>
    owner.post('/api/bookings', {
      data: {
        service: 'puncture-repair',
        location: 'mobile',
        ...when,
        name: 'Sarah Mitchell',
        phone: '07700 900456',
        email: 'sarah@example.com',
        registration: 'ab12 cde',
        vehicle: 'Vauxhall Corsa',
        postcode: 'RM3 0AB',
        addressLine: '12 Gooshays Drive',
        town: 'Romford',
        notes: 'Parked on the drive.',
      },
    });
  let booked = await book();
  if (booked.status() === 409) {
    const [free] = ((await booked.json()) as { nextFree: { date: string; start: string }[] }).nextFree;
    when = { date: free!.date, start: free!.start };
    booked = await book();
  }
  const { reference } = await asked(booked);
  const tomorrow = when.date;
  const jobs = (await (await owner.get(`/api/jobs?date=${tomorrow}`)).json()) as {
    id: number;
    reference: string;
  }[];
  const job = jobs.find((entry) => entry.reference === reference)!;
  await asked(await owner.put(`/api/bookings/${job.id}`, { data: { fitterId } }));
  for (const type of ['on-the-way', 'arrived']) {
    await asked(
      await setup.post(`/api/jobs/${job.id}/events`, { data: { type, idempotencyKey: crypto.randomUUID() } }),
    );
  }
  await Promise.all([owner.dispose(), setup.dispose()]);

  const page = await openPage(browser, viewport, true, false);
  await open(page, '/auth');
  await page.getByLabel('Username').fill(fitter.username);
  await page.getByLabel('Password').fill(fitter.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
  await open(page, `/admin/jobs?date=${tomorrow}`);
  // A My jobs that opens on today whatever the address: stepped on to the job's day.
  const complete = page.getByRole('button', { name: 'Complete job' }).first();
  for (let step = 0; step < 14 && !(await complete.isVisible()); step++) {
    await page.getByRole('navigation', { name: 'Day' }).getByRole('button').last().click();
    await page.waitForLoadState('networkidle');
  }
  await capture(page, `${viewport.name}-fitter-my-jobs`);
  await complete.click();
  await page.waitForTimeout(500);
  await capture(page, `${viewport.name}-fitter-complete-form`);
  await page.context().close();
}

/**
 * A size's first tyre: its own page (where there is one), then its booking step by step, filled in
 * as a customer would (fitted at home, the first free time), and the confirmation.
 */
async function shootTyreBooking(page: Page, viewport: string) {
  await open(page, '/tyres/205-55-r16');
  const tyrePage = page.locator('a[href^="/tyres/205-55-r16/"]').first();
  if ((await tyrePage.count()) > 0) {
    await open(page, (await tyrePage.getAttribute('href'))!);
    await capture(page, `${viewport}-tyre-page`);
  }
  await open(page, '/tyres/205-55-r16');
  await open(
    page,
    (await page
      .getByRole('link', { name: /^Book fitting/ })
      .first()
      .getAttribute('href'))!,
  );
  await capture(page, `${viewport}-book-tyre-1-what`);
  const mobile = page.locator('input[name="location"][value="mobile"]');
  if (await mobile.isVisible()) await mobile.check();
  await page.locator('input[name="postcode"]').fill('RM3 0AB');
  await continueStep(page);
  await page.locator('input[name="date"]:not([disabled])').first().check();
  if ((await page.locator('input[name="start"]').count()) === 0) await continueStep(page);
  await page.locator('input[name="start"]:not([disabled])').first().check();
  await continueStep(page);
  await capture(page, `${viewport}-book-tyre-3-details`);
  const details: Record<string, string> = {
    name: 'Alex Morgan',
    email: 'alex@example.com',
    phone: '07700 900123',
    addressLine: '1 High Street',
    town: 'Romford',
    registration: 'AB12 CDE',
    vehicle: 'Ford Focus',
  };
  for (const [field, value] of Object.entries(details)) {
    const input = page.locator(`form[method="post"] [name="${field}"]`);
    if ((await input.count()) > 0) await input.fill(value);
  }
  const noLockingNuts = page.locator('input[name="lockingNuts"][value="no"]');
  if ((await noLockingNuts.count()) > 0) await noLockingNuts.check();
  await page.locator('form[method="post"] button[type="submit"]').last().click();
  await page.waitForURL(/\/bookings\/manage\//);
  await open(page, new URL(page.url()).pathname + new URL(page.url()).search);
  await capture(page, `${viewport}-booking-confirmation`);
}

/** Presses the step's Continue and waits for the next step's page. */
async function continueStep(page: Page) {
  await page.getByRole('button', { name: /^Continue/ }).click();
  await page.waitForLoadState('networkidle');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Opens a page and waits until it is hydrated, its data and pictures loaded and its fonts in. */
async function open(page: Page, pagePath: string) {
  await page.goto(pagePath, { waitUntil: 'networkidle' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // Lazy pictures load only near the viewport: all of them now, each decoded before the picture.
  await page.evaluate(async () => {
    for (const image of document.images) image.loading = 'eager';
    await document.fonts.ready;
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
  });
  await page.waitForLoadState('networkidle');
  // Spinners of queries still under way.
  await page.waitForFunction(
    () => !document.querySelector('[role="status"][aria-busy="true"], .animate-spin'),
  );
  // Chromium first draws some pictures (the SVG logos) at a lower quality, then again.
  await page.waitForTimeout(300);
}

/**
 * Times of day and "N minutes ago" that come from the server's clock (the demo enquiries, the
 * sign-ins of this run) differ between runs: they are written as 00:00 and "moments ago".
 */
async function capture(page: Page, name: string, fullPage = true) {
  await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const still = text
        .replace(/\b\d{1,2}:\d{2}(:\d{2})?(\s?[ap]m)?\b/gi, '00:00')
        .replace(/\b\d+ (second|minute|hour)s? ago\b/g, 'moments ago')
        // The hashed address of the client in the activity log: salted afresh on each server.
        .replace(/^[0-9a-f]{12}$/, '000000000000');
      if (still !== text) node.textContent = still;
    }
  });
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({
    path: file,
    fullPage,
    animations: 'disabled',
    caret: 'hide',
    style: stillStyle,
  });
  console.log(file);
}

/** Signs in through the sign-in form, as staff do. */
async function signIn(page: Page) {
  await open(page, '/auth');
  await page.getByLabel('Username').fill(options.username);
  await page.getByLabel('Password').fill(options.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
try {
  for (const viewport of viewports) await shoot(browser, viewport);
} finally {
  await browser.close();
}

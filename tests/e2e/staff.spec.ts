import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  atDesktopSize,
  atPhoneSize,
  expect,
  expectAccessible,
  serverAnswersReplaced,
  signIn,
  signInByCall,
  storeConsent,
  test,
  toastOf,
} from './fixtures.ts';
import { customerSendsEnquiry, postcodeIn } from './customer-enquiry.ts';
import { staffAccount } from './staff-account.ts';

/** A card's status badge (the status control's options carry the same words). */
const badgeOf = (card: Locator, label: string) =>
  // The badge sits at the top of the card; the timeline further down names statuses too.
  card.locator(':not(option)', { hasText: new RegExp(`^${label}$`) }).first();

/**
 * The three count cards agree with the list they sit above. The counts and the list are two
 * requests, and other journeys send enquiries meanwhile: an attempt that finds them apart reads
 * both again.
 */
async function expectCountsToMatchList(page: Page) {
  const cards = page.getByRole('article');
  const count = (label: string) =>
    page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]').innerText();
  let attempts = 0;
  await expect(async () => {
    if (attempts++ > 0) {
      await page.reload();
      await page.waitForLoadState('networkidle');
    }
    const total = await cards.count();
    // Each card counts its chip's status: Contacted is not every enquiry past New.
    const inStatus = (status: string) => page.locator(`article[data-status="${status}"]`).count();
    expect(await count('Total Enquiries')).toBe(String(total));
    expect(await count('New Enquiries')).toBe(String(await inStatus('new')));
    expect(await count('Contacted')).toBe(String(await inStatus('contacted')));
  }).toPass();
}

test(
  'an enquiry from the public form reaches the dashboard, where staff mark it contacted and delete it',
  atPhoneSize,
  async ({ page, browser }, testInfo) => {
    // The longest journey here (a customer's visit, then every step of the card): on a busy
    // machine it can need more than the default 30 s.
    test.slow();
    const name = `Dana ${testInfo.project.name} ${Date.now()}`;
    await customerSendsEnquiry(browser, name);

    await signIn(page);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText(`Logged in as ${staffAccount.username}`)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Enquiries' })).toHaveAttribute('aria-selected', 'true');

    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(badgeOf(card, 'New')).toBeVisible();
    await expect(card).toContainText('journey@example.com');
    await expect(card).toContainText('07700 900321');
    await expect(card).toContainText('Vauxhall Corsa 2018');
    await expect(card).toContainText('Puncture Repair');
    await expect(card).toContainText('Slow puncture, front left.');
    await expect(card.locator('time')).toHaveText(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d$/);
    await expect(card.getByRole('link', { name: 'Call Customer' })).toHaveAttribute(
      'href',
      'tel:07700900321',
    );
    await expect(card.getByRole('link', { name: 'Email Customer' })).toHaveAttribute(
      'href',
      /^mailto:journey@example\.com/,
    );
    await expect(card).toHaveCSS('border-left-color', 'rgb(245, 158, 11)');
    await expectCountsToMatchList(page);

    await expectAccessible(page);

    // Mark as contacted, after a confirmation that can be cancelled.
    await card.getByRole('button', { name: 'Mark as Contacted' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Mark ${name}'s enquiry as contacted?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(badgeOf(card, 'New')).toBeVisible();
    await card.getByRole('button', { name: 'Mark as Contacted' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mark as Contacted' }).click();
    await expect(toastOf(page, 'Enquiry updated')).toBeVisible();
    await expect(badgeOf(card, 'Contacted')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Mark as Contacted' })).toHaveCount(0);
    await expect(card).toHaveCSS('border-left-color', 'rgb(141, 198, 63)');
    await expectCountsToMatchList(page);

    // Delete, for good.
    await card.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(
      `Are you sure you want to delete ${name}'s enquiry? This action cannot be undone.`,
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toastOf(page, 'Enquiry deleted')).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Customer Enquiries' })).toBeVisible();
    await expect(page.getByRole('article', { name })).toHaveCount(0);
    await expectCountsToMatchList(page);

    // Logout: the toast, then the home page.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(toastOf(page, 'Logged out')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The back button shows no enquiry data, and the dashboard now sends to sign-in.
    await page.goBack();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByText('Customer Enquiries')).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(0);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  },
);

test(
  'customers inside and outside the area send enquiries; staff find each, note one, move it along and export both',
  atDesktopSize,
  async ({ page, browser, baseURL }, testInfo) => {
    // Two customers' visits, then four searches and the card's steps: as long as the journey above.
    test.slow();
    const run = `${testInfo.project.name} ${Date.now()}`;
    const inside = { name: `Priya ${run}`, postcode: postcodeIn('RM3') };
    const outside = { name: `Owen ${run}`, postcode: postcodeIn('CO1') };
    const insideReference = await customerSendsEnquiry(browser, inside.name, {
      postcode: inside.postcode,
      verdict: 'Good news: RM3 is inside our area',
    });
    const outsideReference = await customerSendsEnquiry(browser, outside.name, {
      postcode: outside.postcode,
      verdict: 'CO1 is outside the area we usually cover.',
    });
    await signInByCall(page, baseURL!);
    const search = page.getByLabel('Search enquiries');

    // Each found by its reference, the one from outside the area marked so.
    await search.fill(insideReference);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: inside.name })).toContainText(inside.postcode);
    await expect(page.getByRole('article', { name: inside.name })).not.toContainText('Outside area');
    await search.fill(outsideReference);
    await expect(page.getByRole('article')).toHaveCount(1);
    const outsideCard = page.getByRole('article', { name: outside.name });
    await expect(outsideCard).toContainText(outsideReference);
    await expect(outsideCard.getByText('Outside area', { exact: true })).toBeVisible();

    // And by part of the postcode, in lower case.
    await search.fill(outside.postcode.slice(1).toLowerCase());
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(outsideCard).toBeVisible();
    await search.fill(inside.postcode.slice(1).toLowerCase());
    await expect(page.getByRole('article')).toHaveCount(1);
    const card = page.getByRole('article', { name: inside.name });
    await expect(card).toContainText(insideReference);

    await card.getByLabel('Add a note').fill('Prefers mornings.\nGate code <b>4321</b>');
    await card.getByRole('button', { name: 'Add note' }).click();
    await expect(card.getByText('Prefers mornings.')).toContainText('Gate code <b>4321</b>');
    await expect(card.getByLabel('Add a note')).toHaveValue('');

    await card.getByLabel('Status').selectOption({ label: 'Quoted' });
    await expect(toastOf(page, 'Enquiry updated')).toContainText('Quoted');
    await expect(card).toContainText(`Quoted by ${staffAccount.username}`);
    await card.getByLabel('Status').selectOption({ label: 'Booked' });
    await expect(card).toContainText(`Booked by ${staffAccount.username}`);
    await expect(card.getByLabel('Status')).toHaveValue('booked');
    await expect(card).toHaveCSS('border-left-color', 'rgb(141, 198, 63)');
    await expectAccessible(page);

    // The export follows the search: both of this run's enquiries, with their status and notes.
    await search.fill(run);
    await expect(page.getByRole('article')).toHaveCount(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^Export CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFFReference,')).toBe(true);
    const rowOf = (reference: string) => new RegExp(`^${reference},.*$`, 'm').exec(csv)?.[0] ?? '';
    expect(rowOf(insideReference)).toContain(`${inside.name},journey@example.com,07700 900321`);
    expect(rowOf(insideReference)).toContain(`,${inside.postcode},No,`);
    expect(rowOf(outsideReference)).toContain(`,${outside.postcode},Yes,`);
    expect(csv).toMatch(
      new RegExp(`,Booked,Yes,"[^"]*${staffAccount.username}: Prefers mornings\\.\nGate code <b>4321</b>"`),
    );
    // A header and two rows (the note's own line break is a bare \n, inside its quoted cell).
    expect(csv.trimEnd().split('\r\n')).toHaveLength(3);

    await search.fill(insideReference);
    await page.getByRole('button', { name: /^Booked/ }).click();
    await expect(page.getByRole('button', { name: /^Booked/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toBeVisible();
    await search.fill(`${insideReference}-none`);
    await expect(page.getByText('No enquiries match your search')).toBeVisible();
  },
);

test.describe('the login form', () => {
  test.use({ expectedErrorUrls: [/\/api\/login$/] });

  test(
    'checks its fields, says when sign-in fails, and is skipped by signed-in staff',
    atPhoneSize,
    async ({ page }) => {
      await page.goto('/auth');
      await expect(page.getByRole('banner')).toHaveCount(0); // no site header
      await expect(page.getByRole('contentinfo')).toHaveCount(0); // no site footer
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Username is required')).toBeVisible();
      await expect(page.getByText('Password is required')).toBeVisible();
      await expect(page.getByLabel('Username')).toBeFocused();
      await page.keyboard.type(staffAccount.username);
      await expect(page.getByText('Username is required')).toBeHidden();

      await page.getByLabel('Password').fill('not-the-right-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      const failed = toastOf(page, 'Login failed');
      await expect(failed).toContainText('Invalid username or password');
      await expect(page).toHaveURL(/\/auth$/);

      await signIn(page);
      await page.goto('/auth');
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    },
  );
});

test.describe('admin pages', () => {
  test.use({ expectedErrorUrls: [/\/api\/user$/] });

  test(
    'are never cached nor indexed, and a dashboard tab is remembered for the next sign-in',
    atDesktopSize,
    async ({ page }) => {
      const login = await page.goto('/auth');
      expect(login!.headers()['cache-control']).toBe('no-store');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

      await signIn(page);
      const dashboard = await page.goto('/admin/dashboard/analytics');
      expect(dashboard!.headers()['cache-control']).toBe('no-store');
      expect(dashboard!.headers()['x-robots-tag']).toContain('noindex');
      await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('tab', { name: 'Enquiries' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard\/enquiries$/);
      await page.getByRole('tab', { name: 'Analytics' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard\/analytics$/);

      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      await signIn(page);
      await expect(page).toHaveURL(/\/admin\/dashboard\/analytics$/);
    },
  );
});

test(
  'visits to the public site show in the Analytics tab, whose range buttons change the chart',
  atDesktopSize,
  async ({ page, browser, baseURL }) => {
    // A visitor, in a browser of their own, reads four pages.
    const visitor = await browser.newContext();
    await storeConsent(visitor);
    const visitorPage = await visitor.newPage();
    const counted: string[] = [];
    visitorPage.on('request', (request) => {
      if (request.url().endsWith('/api/analytics')) counted.push(JSON.parse(request.postData() ?? '{}').path);
    });
    for (const path of ['/', '/services/puncture-repair', '/about', '/privacy-policy']) {
      await visitorPage.goto(path);
      await expect.poll(() => counted.at(-1)).toBe(path);
    }
    await visitor.close();

    await signInByCall(page, baseURL!);
    const analyticsRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/analytics')) analyticsRequests.push(new URL(request.url()).pathname);
    });
    // The pages of the latest figures the tab received, to compare with the list it shows.
    let latestTopPages: string[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname === '/api/analytics/stats' && response.ok()) {
        latestTopPages = ((await response.json()) as { topPages: { path: string }[] }).topPages.map(
          (entry) => entry.path,
        );
      }
    });
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/analytics$/);
    // Staff pages are never counted themselves.
    expect(analyticsRequests.filter((path) => path === '/api/analytics')).toEqual([]);

    const figure = async (label: string) =>
      Number(
        (
          await page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]').innerText()
        ).replace(/,/g, ''),
      );
    await expect.poll(() => figure("Today's Visits")).toBeGreaterThanOrEqual(4);
    expect(await figure('Total Visits')).toBeGreaterThanOrEqual(await figure("Today's Visits"));
    expect(await figure('This Week')).toBeGreaterThanOrEqual(4);
    expect(await figure('Unique Visitors')).toBeGreaterThanOrEqual(1);

    // The ten most viewed pages, as the API ranks them (the other journeys' visits count too, so
    // which pages make the ten is theirs to decide; Home, visited by every journey, always does).
    const popular = page.getByRole('region', { name: 'Popular Pages' });
    await expect(popular.getByText('Home', { exact: true })).toBeVisible();
    await expect(async () => {
      const shown = (await popular.getByRole('listitem').allInnerTexts()).map((item) => item.split('\n')[1]);
      expect(shown).toEqual(latestTopPages.map((path) => (path === '/' ? 'Home' : path)));
    }).toPass();

    const chart = page.getByTestId('visitor-chart');
    await expect(chart.locator('.recharts-line')).toHaveCount(2);
    await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(chart).toHaveCSS('height', '300px');
    const ticks = chart.locator('text.recharts-cartesian-axis-tick-value[orientation="bottom"]');
    const thirtyDayTicks = await ticks.allTextContents();
    await page.getByRole('button', { name: '7 days' }).click();
    await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => ticks.allTextContents()).not.toEqual(thirtyDayTicks);
    await expect(ticks.first()).toHaveText(
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/London' }).format(
        new Date(Date.now() - 6 * 24 * 60 * 60 * 1000),
      ),
    );
    await expect(page.getByTestId('weekly-trend')).toHaveText(/^[+-]?\d+(\.\d)?%$/);
  },
);

test.describe('when the analytics figures cannot be read', serverAnswersReplaced, () => {
  test.use({ expectedErrorUrls: [/\/api\/analytics\/(stats|timeline)/] });

  test('the Analytics tab says so', atPhoneSize, async ({ page, baseURL }) => {
    await signInByCall(page, baseURL!);
    await page.route(/\/api\/analytics\/timeline\?days=90$/, (route) =>
      route.fulfill({ status: 500, body: '{}' }),
    );
    await page.goto('/admin/dashboard/analytics');
    await page.getByRole('button', { name: '90 days' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to load timeline data');

    await page.route(/\/api\/analytics\/stats$/, (route) =>
      route.fulfill({ status: 503, body: 'Service Unavailable' }),
    );
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('Failed to load analytics data');
  });
});

import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import {
  atDesktopSize,
  atPhoneSize,
  expect,
  expectAccessible,
  isPhone,
  signInByCall,
  storeConsent,
  test,
  toastOf,
  untilHydrated,
} from './fixtures.ts';
import { contentSiteOrigin } from './servers.ts';
import { staffAccount } from './staff-account.ts';

/**
 * Staff change the site's content in the dashboard's Content section, and visitors see it. Each
 * viewport publishes on a site of its own (tests/e2e/servers.ts), which starts from the original
 * content; the journeys follow one another, each starting from what the one before published.
 * The editor is the same at both sizes but for its layout: the desktop goes through the first
 * three (a price and hours, two people publishing at once, the history), the phone through the
 * last two (the checks before publishing and a hidden service, the prices inside texts), each from
 * the original content. On PostgreSQL the desktop goes through all five.
 */
// Each journey signs in, publishes and reads several public pages: more than the default time on
// a machine running the whole suite.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const lastChangedByStaff = new RegExp(
  `Last changed by ${staffAccount.username} on \\d\\d/\\d\\d/\\d{4}, \\d\\d:\\d\\d`,
);

/** Signs in on the project's content site and opens the Content section from its tab. */
async function openContent(page: Page, origin: string) {
  await signInByCall(page, origin);
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page).toHaveURL(`${origin}/admin/dashboard/content`);
  await expect(page.getByRole('heading', { name: 'Business details' })).toBeVisible();
}

/** A second member of staff, in a browser of their own, on the Content section. */
async function otherStaff(
  browser: Browser,
  origin: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await storeConsent(context);
  const page = await context.newPage();
  await openContent(page, origin);
  return { context, page };
}

/** A visitor's browser: no session, the cookie choice made and the splash screen seen. */
async function visitor(browser: Browser, origin: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await storeConsent(context);
  await context.addCookies([{ name: 'splash_seen', value: '1', url: origin }]);
  return { context, page: await context.newPage() };
}

/** The open panel of a service in the Services part, opened if it is closed. */
async function openService(page: Page, title: string): Promise<Locator> {
  const services = page.getByRole('region', { name: 'Services' });
  const toggle = services.getByRole('button', { name: title, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return services.getByRole('article', { name: title });
}

/** The price field of a line of a service's price list, found by what the line is for. */
const priceOf = (service: Locator, line: string) =>
  service.getByRole('group', { name: line }).getByLabel('Price');

const branch = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Branches & opening hours' }).getByRole('article', { name });

/** Publish from the bar, confirming the changes it lists; the toast says it is done. */
async function publish(page: Page, changes: string[]) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish these changes?' });
  for (const change of changes)
    await expect(confirm.getByRole('listitem').filter({ hasText: change })).toHaveCount(1);
  await expect(confirm.getByRole('listitem')).toHaveCount(changes.length);
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(toastOf(page, 'Changes published')).toBeVisible();
  await expect(page.getByText('No unpublished changes')).toBeVisible();
}

/** Every JSON-LD object of the page the visitor is on. */
async function structuredData(page: Page): Promise<unknown[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as unknown);
}

/** Every object inside a JSON-LD document, at any depth. */
function objectsIn(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(objectsIn);
  if (value === null || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  return [object, ...Object.values(object).flatMap(objectsIn)];
}

/** The amounts the structured data gives for a price line, by its name. */
function structuredPrices(data: unknown[], name: string): number[] {
  return objectsIn(data)
    .filter((object) => object.name === name)
    .flatMap((object) => [object.price, object.minPrice])
    .filter((amount) => amount !== undefined)
    .map(Number);
}

/** The opening hours the structured data gives for a branch, by its name (its last words). */
function structuredHours(data: unknown[], branchName: string) {
  const department = objectsIn(data).find(
    (object) =>
      typeof object.name === 'string' && object.name.endsWith(branchName) && object.openingHoursSpecification,
  );
  return department?.openingHoursSpecification;
}

test(
  'staff change a price and a branch’s Saturday hours; a new visitor sees both on the pages and in their structured data',
  atDesktopSize,
  async ({ page, browser }, testInfo) => {
    const origin = contentSiteOrigin(testInfo.project.name);
    await openContent(page, origin);
    await expect(page.getByText('Original content', { exact: true })).toBeVisible();
    await expect(page.getByText('No unpublished changes')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
    await expectAccessible(page);

    // The index leads to the opening hours.
    await page
      .getByRole('navigation', { name: 'Parts of the content' })
      .getByRole('link', { name: 'Branches & opening hours' })
      .click();
    await expect(page.getByRole('heading', { name: 'Branches & opening hours' })).toBeInViewport();

    const punctureRepair = await openService(page, 'Puncture Repair');
    await expect(priceOf(punctureRepair, 'Standard puncture repair')).toHaveValue('£25');
    await priceOf(punctureRepair, 'Standard puncture repair').fill('£30');
    await expect(page.getByText('1 unpublished change', { exact: true })).toBeVisible();

    const haroldHill = branch(page, 'Harold Hill');
    await haroldHill.getByLabel('Saturday opens').fill('09:00');
    await haroldHill.getByLabel('Saturday closes').fill('15:00');
    await expect(page.getByText('2 unpublished changes')).toBeVisible();
    await expectAccessible(page);

    await publish(page, [
      'Puncture Repair: Standard puncture repair £25 → £30',
      'Harold Hill: Saturday hours 8:00am - 4:00pm → 9:00am - 3:00pm',
    ]);
    await expect(page.getByText(lastChangedByStaff)).toBeVisible();
    await expect(page.getByText('Version 2', { exact: true })).toBeVisible();

    // A visitor who has never signed in.
    const { context, page: visit } = await visitor(browser, origin);
    await visit.goto(`${origin}/services/puncture-repair`);
    await expect(visit.getByRole('region', { name: 'Pricing' })).toContainText('Standard puncture repair£30');

    await visit.goto(`${origin}/`);
    const branches = visit.locator('#branches');
    const haroldHillCard = branches
      .getByRole('article')
      .filter({ has: visit.getByRole('heading', { name: 'Harold Hill' }) });
    await expect(haroldHillCard).toContainText(/Saturday\s*9:00am - 3:00pm/);
    await expect(haroldHillCard).toContainText(/Monday - Friday\s*8:00am - 6:00pm/);

    const data = await structuredData(visit);
    expect(structuredPrices(data, 'Standard puncture repair')).toContain(30);
    expect(structuredHours(data, 'Harold Hill')).toContainEqual(
      expect.objectContaining({ dayOfWeek: ['Saturday'], opens: '09:00', closes: '15:00' }),
    );
    await context.close();
  },
);

test(
  'someone who loaded the content before another publication is told what changed, keeps their edits, and publishes over it',
  atDesktopSize,
  async ({ page, browser }, testInfo) => {
    const origin = contentSiteOrigin(testInfo.project.name);
    await openContent(page, origin);
    // A colleague opens the same version...
    const colleague = await otherStaff(browser, origin);

    // ...while the first publishes a new price.
    const punctureRepair = await openService(page, 'Puncture Repair');
    await priceOf(punctureRepair, 'Tyre inspection').fill('£12');
    await publish(page, ['Puncture Repair: Tyre inspection £10 → £12']);

    // The colleague, still on the version before, adds a Sunday note and publishes.
    const upminster = branch(colleague.page, 'Upminster');
    await upminster.getByLabel('Sunday note').fill('Emergency call-outs only');
    await colleague.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await colleague.page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();

    const conflict = colleague.page.getByRole('region', { name: 'Your changes were not published' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText('Someone else published changes while you were editing.');
    await expect(conflict).toContainText(`Version 3 was published by ${staffAccount.username}`);
    await expect(
      conflict.getByRole('listitem').filter({ hasText: 'Puncture Repair: Tyre inspection £10 → £12' }),
    ).toHaveCount(1);
    await expect(
      conflict
        .getByRole('listitem')
        .filter({ hasText: 'Upminster: Sunday note (empty) → “Emergency call-outs only”' }),
    ).toHaveCount(1);
    await expect(
      conflict.getByRole('listitem').filter({ hasText: 'Puncture Repair: Tyre inspection £12 → £10' }),
    ).toHaveCount(1);
    // Nothing of the colleague's work is lost.
    await expect(upminster.getByLabel('Sunday note')).toHaveValue('Emergency call-outs only');
    await expect(colleague.page.getByText('1 unpublished change', { exact: true })).toBeVisible();

    await conflict.getByRole('button', { name: 'Publish my version over theirs' }).click();
    await expect(toastOf(colleague.page, 'Changes published')).toBeVisible();
    await expect(conflict).toBeHidden();
    await expect(upminster.getByLabel('Sunday note')).toHaveValue('Emergency call-outs only');
    const latest = colleague.page
      .getByRole('region', { name: 'History' })
      .getByRole('listitem')
      .filter({ hasText: 'Version 4' });
    await expect(latest).toContainText('On the site');
    await expect(latest).toContainText('Puncture Repair: Tyre inspection £12 → £10; and 1 more change');
    await colleague.context.close();
  },
);

test(
  'History restores an earlier version, and the public page shows its price again',
  atDesktopSize,
  async ({ page, browser }, testInfo) => {
    const origin = contentSiteOrigin(testInfo.project.name);
    await openContent(page, origin);
    const history = page.getByRole('region', { name: 'History' });
    const versions = history.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
    await expect(versions).toHaveCount(4);
    await expect(versions.first()).toContainText('Version 4');
    await expect(versions.last()).toContainText('Version 1');
    await expect(versions.last()).toContainText('Original content');
    await expect(versions.nth(2)).toContainText('Puncture Repair: Standard puncture repair £25 → £30');

    // Changing something first: restoring warns that it would be discarded.
    await page.getByLabel('Company name').fill('Anytown Mobile Tyres Ltd');
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore version 1?' });
    await expect(confirm).toContainText('Your 1 unpublished change will be discarded.');
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await expect(toastOf(page, 'Version 1 restored')).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveValue('Anytown Mobile Tyres');
    await expect(page.getByText('No unpublished changes')).toBeVisible();
    await expect(versions.first()).toContainText('Version 5');
    await expect(versions.first()).toContainText('Restored version 1');
    const punctureRepair = await openService(page, 'Puncture Repair');
    await expect(priceOf(punctureRepair, 'Standard puncture repair')).toHaveValue('£25');

    const { context, page: visit } = await visitor(browser, origin);
    await visit.goto(`${origin}/services/puncture-repair`);
    await expect(visit.getByRole('region', { name: 'Pricing' })).toContainText('Standard puncture repair£25');
    await context.close();
  },
);

test(
  'a field that needs attention stops publishing; a hidden service leaves the menus, the home page and the sitemap, and its page answers 404',
  atPhoneSize,
  async ({ page, browser }, testInfo) => {
    const origin = contentSiteOrigin(testInfo.project.name);
    await openContent(page, origin);

    // The rules are checked before anything is sent, and the summary says where.
    await page.getByLabel('Company name').fill('');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const summary = page.getByRole('group', { name: '1 field needs attention' });
    await expect(summary).toBeFocused();
    await expect(page.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Company name')).toHaveAccessibleDescription('Enter the company name');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expectAccessible(page);
    await summary.getByRole('link', { name: 'Business details: Company name' }).click();
    await expect(page.getByLabel('Company name')).toBeFocused();
    await page.getByLabel('Company name').fill('Anytown Mobile Tyres');
    await expect(summary).toBeHidden();

    const wheelBalancing = await openService(page, 'Wheel Balancing');
    await wheelBalancing.getByLabel('Show on the site').uncheck();
    await expect(
      page.getByRole('region', { name: 'Services' }).getByRole('button', { name: 'Wheel Balancing Hidden' }),
    ).toBeVisible();
    await publish(page, ['Wheel Balancing: hidden on the site']);

    const { context, page: visit } = await visitor(browser, origin);
    await visit.goto(`${origin}/`);
    await untilHydrated(visit);
    await expect(
      visit.locator('#services').getByRole('heading', { level: 3, name: 'Puncture Repair' }),
    ).toBeVisible();
    await expect(
      visit.locator('#services').getByRole('heading', { level: 3, name: 'Wheel Balancing' }),
    ).toHaveCount(0);
    const footer = visit.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Puncture Repair', exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Wheel Balancing', exact: true })).toHaveCount(0);
    if (isPhone(testInfo.project.name)) {
      await visit.getByLabel('Menu').click();
      const menu = visit.getByRole('navigation', { name: 'Mobile' });
      await menu.getByText('Services', { exact: true }).click();
      await expect(menu.getByRole('link', { name: 'Puncture Repair' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Wheel Balancing' })).toHaveCount(0);
    } else {
      const nav = visit.getByRole('navigation', { name: 'Main' });
      await nav.getByText('Services', { exact: true }).click();
      await expect(nav.getByRole('list').getByRole('link')).toHaveText([
        'Tyre Replacement',
        'Puncture Repair',
        'TPMS Services',
      ]);
    }

    const sitemap = await (await visit.request.get(`${origin}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${origin}/services/puncture-repair</loc>`);
    expect(sitemap).not.toContain('/services/wheel-balancing');

    const hidden = await visit.goto(`${origin}/services/wheel-balancing`);
    expect(hidden?.status()).toBe(404);
    await expect(visit.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();
    await context.close();
  },
);

test(
  'staff change the MOT price and the call-out surcharge; /mot, the home page, the Terms and the structured data show the new amounts and no old one',
  atPhoneSize,
  async ({ page, browser }, testInfo) => {
    const origin = contentSiteOrigin(testInfo.project.name);
    await openContent(page, origin);

    // The MOT page's texts name the price by key, as the editor shows on both.
    const pageTexts = page.getByRole('region', { name: 'Page texts' });
    await pageTexts.locator('summary', { hasText: 'MOT page' }).click();
    await expect(pageTexts.getByLabel('Introduction').first()).toHaveValue(/from \{price:mot\}/);
    const mot = page
      .getByRole('region', { name: 'Home page prices' })
      .getByRole('article', { name: 'MOT Testing' });
    await expect(mot.getByText('Texts name this price {price:mot}')).toBeVisible();
    await mot.getByRole('group', { name: 'Car MOT' }).getByLabel('Price').fill('£57');
    const punctureRepair = await openService(page, 'Puncture Repair');
    await priceOf(punctureRepair, 'Emergency call-out (extra)').fill('£18');
    await expectAccessible(page);
    await publish(page, [
      'Puncture Repair: Emergency call-out (extra) £15 → £18',
      'Home pricing, MOT Testing: Car MOT £50 → £57',
    ]);

    const { context, page: visit } = await visitor(browser, origin);
    await visit.goto(`${origin}/mot`);
    await expect(visit).toHaveTitle(/^MOT Test from £57 \|/);
    const main = visit.getByRole('main');
    await expect(main).toContainText('Car MOT: from £57, certificate included');
    await expect(main).not.toContainText('£50');
    await expect(visit.locator('meta[name="description"]')).toHaveAttribute('content', /from £57/);

    await visit.goto(`${origin}/`);
    const pricing = visit.locator('#pricing');
    await expect(pricing.getByRole('article').filter({ hasText: 'MOT Testing' })).toContainText(
      /Car MOT\s*£57/,
    );
    await expect(visit.locator('body')).not.toContainText('£50');
    const data = await structuredData(visit);
    expect(structuredPrices(data, 'Emergency call-out (extra)')).toEqual([18]);

    await visit.goto(`${origin}/terms-of-service`);
    await expect(visit.getByRole('main')).toContainText(
      'an emergency call-out puncture repair carries a £18 surcharge',
    );
    await expect(visit.getByRole('main')).not.toContainText('£15');
    await context.close();
  },
);

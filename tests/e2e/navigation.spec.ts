import { anySize, expect, isPhone, test } from './fixtures.ts';

test('desktop header: the Services menu and the section links work from any page', async ({
  page,
}, testInfo) => {
  test.skip(isPhone(testInfo.project.name), 'the desktop navigation is hidden on phones');
  await page.goto('/privacy-policy');
  const nav = page.getByRole('navigation', { name: 'Main' });

  await nav.getByText('Services', { exact: true }).click();
  const menu = nav.getByRole('list');
  await expect(menu.getByRole('link')).toHaveText([
    'Tyre Replacement',
    'Puncture Repair',
    'Wheel Balancing',
    'TPMS Services',
  ]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await nav.getByText('Services', { exact: true }).click();
  await menu.getByRole('link', { name: 'Wheel Balancing' }).click();
  await expect(page).toHaveURL(/\/services\/wheel-balancing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wheel Balancing');
  await expect(menu).toBeHidden();

  for (const [name, id] of [
    ['Branches', 'branches'],
    ['Areas', 'areas'],
    ['About', 'about'],
    ['Contact', 'contact'],
  ] as const) {
    await page.goto('/mot');
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/#${id}$`));
    await expect(page.locator(`#${id}`)).toBeInViewport();
  }
});

test('phone header: the menu opens, its Services submenu expands, and choosing a link closes it', async ({
  page,
}, testInfo) => {
  test.skip(!isPhone(testInfo.project.name), 'the menu toggle is shown on small screens');
  await page.goto('/about');
  const toggle = page.getByLabel('Menu');
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await menu.getByText('Services', { exact: true }).click();
  await menu.getByRole('link', { name: 'TPMS Services' }).click();
  await expect(page).toHaveURL(/\/services\/tpms-services$/);
  await expect(menu).toBeHidden();

  await toggle.click();
  await menu.getByRole('link', { name: 'Branches' }).click();
  await expect(page).toHaveURL(/\/#branches$/);
  await expect(menu).toBeHidden();
  await expect(page.locator('#branches')).toBeInViewport();
});

test('every footer link leads to its page or section', anySize, async ({ page }) => {
  // Thirteen page loads: more than the default time on a busy machine.
  test.slow();
  const footer = page.getByRole('contentinfo');
  const expectations: [string, RegExp, string][] = [
    ['Tyre Replacement', /\/services\/tyre-replacement$/, 'Tyre Replacement'],
    ['Puncture Repair', /\/services\/puncture-repair$/, 'Puncture Repair'],
    ['Wheel Balancing', /\/services\/wheel-balancing$/, 'Wheel Balancing'],
    ['TPMS Services', /\/services\/tpms-services$/, 'TPMS Services'],
    ['Commercial Tyres', /\/services\/commercial-tyres$/, 'Commercial Tyres'],
    ['Home', /\/$/, 'Mobile tyre fitting that comes to you'],
    ['About Us', /\/#about$/, 'Mobile tyre fitting that comes to you'],
    ['Service Areas', /\/#areas$/, 'Mobile tyre fitting that comes to you'],
    ['Pricing', /\/#pricing$/, 'Mobile tyre fitting that comes to you'],
    ['Privacy Policy', /\/privacy-policy$/, 'Privacy Policy'],
    ['Terms of Service', /\/terms-of-service$/, 'Terms of Service'],
    ['Cookie Policy', /\/cookie-policy$/, 'Cookie Policy'],
  ];
  for (const [name, url, heading] of expectations) {
    await page.goto('/contact');
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  await page.goto('/contact');
  await expect(footer.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute(
    'href',
    '/#contact',
  );
  await expect(footer.getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/auth');
  await expect(footer.getByRole('link', { name: /enquiries@example.com/ })).toHaveAttribute(
    'href',
    'mailto:enquiries@example.com',
  );
  await expect(footer).toContainText('Based in Billericay, serving Billericay, Harold Hill and Upminster.');
});

test('the header and the footer give the company name in full, at every width', async ({ page }) => {
  await page.goto('/about');
  const inHeader = page.getByRole('banner').getByText('Anytown Mobile Tyres', { exact: true });
  await expect(inHeader).toBeVisible();
  // Not cut short with an ellipsis: the name's box holds all of its text.
  expect(await inHeader.evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true);
  await expect(
    page.getByRole('contentinfo').getByText('Anytown Mobile Tyres', { exact: true }),
  ).toBeVisible();
});

test('a modified click on a link is left to the browser', anySize, async ({ page, context }) => {
  await page.goto('/');
  const opened = context.waitForEvent('page');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Cookie Policy' })
    .click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  await expect(tab).toHaveURL(/\/cookie-policy$/);
  await expect(page).toHaveURL(/\/$/);
  await tab.close();
});

test.describe('splash screen', () => {
  test.use({ showSplash: true });

  // The splash lasts 1 s: these look at it as soon as the page arrives, not once it has
  // hydrated (which a busy machine can take longer than that to do).
  test('shows once on the first load, fades, and does not come back', async ({ page }) => {
    // Whether the splash is drawn, noted by the page itself at its first frames: a check from
    // outside waits for the page's main thread, which a busy machine can keep for longer than
    // the splash lasts.
    await page.addInitScript(() => {
      const seen = window as unknown as { splashShown?: boolean };
      const look = () => {
        const splash = document.querySelector('.splash');
        if (splash && getComputedStyle(splash).visibility === 'visible') seen.splashShown = true;
        else if (document.readyState !== 'complete') requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const splashShown = () =>
      page.evaluate(() => (window as unknown as { splashShown?: boolean }).splashShown === true);
    await page.goto('/', { waitUntil: 'commit' });
    const splash = page.locator('.splash');
    await expect.poll(splashShown).toBe(true);
    await expect(splash).toContainText('Anytown Mobile Tyres');
    // The page itself is already there beneath it.
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    await expect(splash).toBeHidden({ timeout: 4_000 });
    await page.reload();
    await expect(splash).toBeHidden();
    await page.waitForLoadState('load');
    expect(await splashShown()).toBe(false);
    await page.goto('/mot');
    await expect(splash).toBeHidden();
  });

  test('works without JavaScript', anySize, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    // From the first response on: the splash fades by itself 1 s after it is drawn, which on a
    // busy machine can come before the page's pictures and fonts have finished loading.
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('.splash')).toBeVisible();
    await expect(page.locator('.splash')).toBeHidden({ timeout: 4_000 });
    await context.close();
  });

  test('does not move with reduced motion, and still goes after 1 s', anySize, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/', { waitUntil: 'commit' });
    const splash = page.locator('.splash');
    await expect(splash).toBeVisible();
    await expect(splash).toHaveCSS('opacity', '1');
    await expect(page.locator('.splash-dot').first()).toHaveCSS('animation-name', 'none');
    await expect(splash).toBeHidden({ timeout: 4_000 });
  });

  // A page opened from a link is what the visitor came for; the splash waits for the home page.
  test('never covers a page opened from a link, nor the booking', anySize, async ({ page }) => {
    for (const path of ['/tyres/205-55-r16', '/book']) {
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('.splash')).toHaveCount(0);
    }
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('.splash')).toBeAttached();
  });
});

import type { Page, Request } from '@playwright/test';
import { anySize, expect, expectAccessible, isPhone, storeConsent, test, toastOf } from './fixtures.ts';
import { withAnalyticsTag } from './servers.ts';

// Every journey here starts as a first-time visitor, who has not chosen yet.
test.use({ storedConsent: null });

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

async function storedChoice(page: Page) {
  return page.evaluate(() => ({
    consent: localStorage.getItem('cookie_consent'),
    preferences: JSON.parse(localStorage.getItem('cookie_preferences') ?? 'null') as unknown,
  }));
}

const allAllowed = { essential: true, analytics: true, marketing: true, preferences: true };
const essentialOnly = { essential: true, analytics: false, marketing: false, preferences: false };

/**
 * Opens a page and waits for the banner, which must come no sooner than 1 s after the page came
 * to life: the page itself notes when it hydrated and when the banner appeared.
 */
async function openAndWaitForBanner(page: Page, path = '/') {
  await page.addInitScript(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { consentMarks: Record<string, number> }).consentMarks = marks;
    new MutationObserver(() => {
      if (!marks.hydrated && document.documentElement.hasAttribute('data-hydrated')) {
        marks.hydrated = performance.now();
      }
      if (!marks.banner && document.querySelector('[aria-label="Cookie consent"]')) {
        marks.banner = performance.now();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(path);
  await expect(banner(page)).toBeVisible();
  const marks = await page.evaluate(
    () => (window as unknown as { consentMarks: Record<string, number> }).consentMarks,
  );
  // The delay starts as the page hydrates, before the page marks itself hydrated: a moment on a
  // quiet machine, a few hundred milliseconds on a busy one. Half the delay still tells a banner
  // that waited from one that did not (which comes with the first render after hydration).
  expect(marks.banner! - marks.hydrated!).toBeGreaterThanOrEqual(500);
}

/** Stands still for longer than the banner's delay, to show that it does not come. */
const outwaitBannerDelay = (page: Page) => page.waitForTimeout(1500);

/** A stand-in for Google's map, so that no journey depends on the internet. */
const stubMap = (page: Page) =>
  page.route('https://www.google.com/**', (route) =>
    route.fulfill({ body: '<p>map</p>', contentType: 'text/html' }),
  );

test('the banner appears 1 s after load; Accept All is stored and survives a reload', async ({ page }) => {
  await stubMap(page);
  await openAndWaitForBanner(page);
  await expect(banner(page).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
    'href',
    '/cookie-policy',
  );
  await expect(banner(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await expectAccessible(page);

  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedChoice(page)).toEqual({ consent: 'true', preferences: allAllowed });
  // Preferences consent: the map loads.
  await expect(page.locator('iframe[title^="Map of the area"]')).toBeAttached();

  await page.reload();
  await outwaitBannerDelay(page);
  await expect(banner(page)).toHaveCount(0);
  expect(await storedChoice(page)).toEqual({ consent: 'true', preferences: allAllowed });
});

test('Essential Only stores essential alone; the map stays a placeholder with a link', async ({ page }) => {
  await openAndWaitForBanner(page);
  await banner(page).getByRole('button', { name: 'Essential Only' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedChoice(page)).toEqual({ consent: 'true', preferences: essentialOnly });

  const areas = page.locator('#areas');
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(areas).toContainText('Covering Billericay');
  const mapLink = areas.getByRole('link', { name: /Open in Google Maps/ });
  await expect(mapLink).toHaveAttribute('target', '_blank');
  await expect(mapLink).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\?q=/);
});

test('Customize, then Save Preferences, stores the switches as set', async ({ page }, testInfo) => {
  await openAndWaitForBanner(page);
  // 'Settings' on small screens, 'Customize' on wider ones.
  const label = isPhone(testInfo.project.name) ? 'Settings' : 'Customize';
  await banner(page).getByRole('button', { name: label, exact: true }).click();
  await expect(banner(page).getByRole('heading', { name: 'Cookie Preferences' })).toBeVisible();
  const essential = banner(page).getByRole('switch', { name: /Essential/ });
  await expect(essential).toBeChecked();
  await expect(essential).toBeDisabled();
  for (const name of ['Analytics', 'Marketing', 'Preferences']) {
    await expect(banner(page).getByRole('switch', { name })).not.toBeChecked();
  }
  await expect(banner(page).getByRole('button', { name: 'Select All' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Essential Only' })).toBeVisible();
  await expectAccessible(page);

  await banner(page).getByRole('switch', { name: 'Analytics' }).click();
  await expect(banner(page).getByRole('switch', { name: 'Analytics' })).toBeChecked();
  await banner(page).getByRole('button', { name: 'Save Preferences' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedChoice(page)).toEqual({
    consent: 'true',
    preferences: { ...essentialOnly, analytics: true },
  });
});

test('the banner is reached by keyboard and leaves the page usable; closing it stores nothing', async ({
  page,
}) => {
  await openAndWaitForBanner(page);
  // Not a modal: the rest of the page stays available to assistive technology.
  await expect(page.locator('[aria-modal="true"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await banner(page).getByRole('button', { name: 'Accept All' }).focus();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Essential Only' })).toBeFocused();

  await banner(page).getByRole('button', { name: 'Close cookie banner' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedChoice(page)).toEqual({ consent: null, preferences: null });
});

test.describe('the Cookie Settings page', () => {
  test.use({ storedConsent: essentialOnly });

  test('Save Changes waits for a change; Reset forgets the choice and the banner asks again', async ({
    page,
  }) => {
    await page.goto('/cookie-settings');
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();
    const marketing = page.getByRole('switch', { name: 'Marketing' });
    await marketing.click();
    await expect(save).toBeEnabled();
    await marketing.click();
    await expect(save).toBeDisabled();

    await marketing.click();
    await save.click();
    await expect(toastOf(page, 'Cookie preferences updated')).toBeVisible();
    await expect(save).toBeDisabled();
    expect(await storedChoice(page)).toEqual({
      consent: 'true',
      preferences: { ...essentialOnly, marketing: true },
    });

    await page.getByRole('button', { name: 'Accept All' }).click();
    expect(await storedChoice(page)).toEqual({ consent: 'true', preferences: allAllowed });
    await expect(page.getByRole('switch', { name: 'Preferences' })).toBeChecked();

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(toastOf(page, 'Cookie preferences reset')).toBeVisible();
    await expect(banner(page)).toBeVisible();
    expect(await storedChoice(page)).toEqual({ consent: null, preferences: null });
    await expect(page.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
  });

  test("the footer's Cookie Settings button opens the preferences", anySize, async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Settings' }).click();
    await expect(banner(page).getByRole('heading', { name: 'Cookie Preferences' })).toBeVisible();
  });
});

test(
  'withdrawing consent removes the analytics and advertising cookies at once',
  anySize,
  async ({ page, context, baseURL }) => {
    await storeConsent(context, allAllowed);
    await context.addCookies(
      ['_ga', '_ga_ABC123', '_gcl_au', '_fbp', 'unrelated'].map((name) => ({
        name,
        value: 'fake',
        url: baseURL!,
      })),
    );
    const names = async () => (await context.cookies()).map((cookie) => cookie.name).sort();
    await page.goto('/cookie-settings');
    expect(await names()).toEqual(['_fbp', '_ga', '_ga_ABC123', '_gcl_au', 'splash_seen', 'unrelated']);

    await page.getByRole('switch', { name: 'Analytics' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(names).toEqual(['_fbp', '_gcl_au', 'splash_seen', 'unrelated']);

    await page.getByRole('button', { name: 'Essential Only' }).click();
    await expect.poll(names).toEqual(['splash_seen', 'unrelated']);
  },
);

test(
  'without GA_MEASUREMENT_ID no request leaves for another host, before or after consent',
  anySize,
  async ({ page, baseURL }) => {
    const elsewhere: string[] = [];
    page.on('request', (request: Request) => {
      if (new URL(request.url()).origin !== baseURL) elsewhere.push(request.url());
    });
    await openAndWaitForBanner(page, '/about');
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    for (const path of ['/services/puncture-repair', '/cookie-settings', '/about']) {
      await page.goto(path);
      await outwaitBannerDelay(page);
    }
    expect(
      await page.evaluate(() => document.querySelectorAll('script[src*="googletagmanager"]').length),
    ).toBe(0);
    expect(elsewhere).toEqual([]);
  },
);

test(
  'with a measurement id, the GA4 tag loads only after analytics consent, after the denied defaults',
  anySize,
  async ({ page }) => {
    const tagRequests: string[] = [];
    await page.route('https://www.googletagmanager.com/**', async (route) => {
      tagRequests.push(route.request().url());
      await route.fulfill({ body: 'window.__tagLoaded = true;', contentType: 'text/javascript' });
    });
    await page.goto(`${withAnalyticsTag.origin}/about`);
    await expect(banner(page)).toBeVisible();
    expect(tagRequests).toEqual([]);

    // Each entry is the `arguments` of one gtag() call.
    const layer = () =>
      page.evaluate(() =>
        (window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer.map((entry) =>
          Array.from(entry),
        ),
      );
    const first = (await layer())[0]!;
    expect(first.slice(0, 2)).toEqual(['consent', 'default']);
    expect(new Set(Object.values(first[2] as Record<string, string>))).toEqual(new Set(['denied']));

    await banner(page).getByRole('button', { name: 'Essential Only' }).click();
    expect(tagRequests).toEqual([]);

    await page.goto(`${withAnalyticsTag.origin}/cookie-settings`);
    await page.getByRole('switch', { name: 'Analytics' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => tagRequests.length).toBe(1);
    expect(tagRequests[0]).toContain(`id=${withAnalyticsTag.measurementId}`);
    const updates = (await layer()).filter((entry) => entry[0] === 'consent' && entry[1] === 'update');
    expect(updates.at(-1)![2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });
  },
);

import type { Page } from '@playwright/test';
import { anySize, expect, test } from './fixtures.ts';

// A first-time visitor, whose pages also load the cookie banner's code once hydrated.
test.use({ storedConsent: null });

/** Compressed script a public page may load, response headers included, as Lighthouse counts it. */
const budgetBytes = 120_000;

/**
 * Every script the page loads until it has hydrated and shown the cookie banner, with the bytes
 * each took on the wire (headers and compressed body), from Chromium's own network log.
 */
async function scriptsLoaded(page: Page, path: string): Promise<Map<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, string>();
  const sizes = new Map<string, number>();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (new URL(response.url).pathname.endsWith('.js')) scripts.set(requestId, response.url);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const url = scripts.get(requestId);
    if (url) sizes.set(new URL(url).pathname, encodedDataLength);
  });
  await page.goto(path);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return sizes;
}

for (const path of [
  '/',
  '/services/tyre-replacement',
  '/about',
  '/privacy-policy',
  '/book?service=puncture-repair',
  '/tyres/205-55-r16',
  '/tyres/205-55-r16/michelin-primacy-4-plus-94v',
]) {
  test(`${path} loads at most 120 kB of script, compressed`, anySize, async ({ page }) => {
    const sizes = await scriptsLoaded(page, path);
    const total = [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
    const listed = [...sizes].map(([file, bytes]) => `${file} ${bytes}`).join('\n');
    expect(sizes.size, listed).toBeGreaterThan(3);
    expect(total, listed).toBeLessThanOrEqual(budgetBytes);
  });
}

import { test as base, expect } from '@playwright/test';

/**
 * Every journey fails on a console error (a CSP refusal, a hydration mismatch, a script error)
 * or on a sub-resource the page asked for and did not get. Documents may answer 404 on purpose.
 * The splash screen is marked as already seen unless a test asks for it with `showSplash`.
 */
export const test = base.extend<{ pageProblems: void; showSplash: boolean }>({
  showSplash: [false, { option: true }],
  pageProblems: [
    async ({ page, javaScriptEnabled, showSplash, baseURL }, use) => {
      if (!showSplash) {
        await page.context().addCookies([{ name: 'splash_seen', value: '1', url: baseURL! }]);
      }
      const problems: string[] = [];
      page.on('console', (message) => {
        // Failed loads are reported below with their address.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          problems.push(`console: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400 && response.request().resourceType() !== 'document') {
          problems.push(`${response.status()} for ${response.url()}`);
        }
      });
      page.on('requestfailed', (request) => {
        // With scripting off, Chromium refuses the page's module scripts; that is the point.
        if (!javaScriptEnabled && request.resourceType() === 'script') return;
        // Leaving a page cancels what it was still loading (a lazy image, say); a resource the
        // server does not have shows up above as a 4xx answer instead.
        if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
        problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
      });
      await use();
      expect(problems, 'problems seen by the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export const isPhone = (projectName: string) => projectName === 'phone';

export { expect };

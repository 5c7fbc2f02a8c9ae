import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { adminRequestHeader } from '#common/http/api.ts';
import { staffAccount } from './staff-account.ts';

type ConsentChoice = Record<'essential' | 'analytics' | 'marketing' | 'preferences', boolean>;
const essentialOnly: ConsentChoice = {
  essential: true,
  analytics: false,
  marketing: false,
  preferences: false,
};

/**
 * A cookie choice already made in this browser, so that the banner stays away. Stored only where
 * nothing is: a journey's own choices survive its reloads.
 */
export async function storeConsent(context: BrowserContext, preferences: ConsentChoice = essentialOnly) {
  await context.addInitScript((choice) => {
    // The site's own pages only, not the frames of other sites (the map) that they embed.
    if (window.top !== window) return;
    if (localStorage.getItem('cookie_consent') === null) {
      localStorage.setItem('cookie_consent', 'true');
      localStorage.setItem('cookie_preferences', JSON.stringify(choice));
    }
  }, preferences);
}

/**
 * Makes `page.goto` resolve once the page has hydrated: a journey acts on a page once it is
 * interactive, as a person on a fast connection would (what is typed before then can be lost to
 * hydration). `waitUntil: 'commit'` asks for the page as soon as it starts, hydrated or not.
 */
export function hydratedOnArrival(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await untilHydrated(page);
    return response;
  };
  return page;
}

/** Waits until the page has hydrated: after a link that loads a whole page, before pressing its buttons. */
export const untilHydrated = (page: Page) =>
  page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

/**
 * Records what the browser reports wrong on `page` from now on: a console error (a CSP refusal, a
 * hydration mismatch, a script error), a sub-resource asked for and not had (documents may answer
 * 404 on purpose), or a request that failed. The fixture checks the journey's `page` with it; a
 * journey checks the pages it opens itself (another person's phone) the same way.
 */
export function problemsSeen(
  page: Page,
  {
    javaScriptEnabled = true,
    expectedErrorUrls = [],
  }: { javaScriptEnabled?: boolean; expectedErrorUrls?: RegExp[] } = {},
): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Failed loads are reported below with their address.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const expected = expectedErrorUrls.some((url) => url.test(response.url()));
    if (response.status() >= 400 && response.request().resourceType() !== 'document' && !expected) {
      problems.push(`${response.status()} for ${response.url()}`);
    }
  });
  page.on('requestfailed', (request) => {
    // With scripting off, Chromium refuses the page's module scripts; that is the point.
    if (!javaScriptEnabled && request.resourceType() === 'script') return;
    // Leaving a page cancels what it was still loading (a lazy image, say); a resource the
    // server does not have shows up above as a 4xx answer instead.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    // A journey that takes the browser offline expects what is asked meanwhile to fail.
    if (request.failure()?.errorText === 'net::ERR_INTERNET_DISCONNECTED') return;
    problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return problems;
}

/**
 * Every journey fails on a console error (a CSP refusal, a hydration mismatch, a script error)
 * or on a sub-resource the page asked for and did not get. Documents may answer 404 on purpose.
 * The splash screen is marked as already seen unless a test asks for it with `showSplash`.
 */
export const test = base.extend<{
  pageProblems: void;
  showSplash: boolean;
  /** Addresses a journey makes fail on purpose (error answers it stages itself). */
  expectedErrorUrls: RegExp[];
  /**
   * The cookie choice stored before the journey starts, so that the banner stays away from
   * journeys about something else; null starts as a first-time visitor, who is asked.
   */
  storedConsent: ConsentChoice | null;
}>({
  showSplash: [false, { option: true }],
  storedConsent: [essentialOnly, { option: true }],
  expectedErrorUrls: [[], { option: true }],
  // Pages hydrate after their first paint (hydratedOnArrival).
  page: async ({ page, javaScriptEnabled, storedConsent }, use) => {
    if (storedConsent) await storeConsent(page.context(), storedConsent);
    await use(javaScriptEnabled ? hydratedOnArrival(page) : page);
  },
  pageProblems: [
    async ({ page, javaScriptEnabled, showSplash, baseURL, expectedErrorUrls }, use) => {
      if (!showSplash) {
        await page.context().addCookies([{ name: 'splash_seen', value: '1', url: baseURL! }]);
      }
      const problems = problemsSeen(page, { javaScriptEnabled, expectedErrorUrls });
      await use();
      expect(problems, 'problems seen by the browser').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A toast on screen, by its title. Radix's announcement for screen readers (role=status) lasts
 * about a second, so journeys look at the toast itself, in the Notifications region.
 */
export const toastOf = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title });

/**
 * Records the text of every toast the current document shows from now on, for toasts that are
 * on screen too briefly to be polled for (the one before a full navigation).
 */
async function recordToasts(page: Page): Promise<string[]> {
  const seen: string[] = [];
  const name = `reportToast${Math.random().toString(36).slice(2)}`;
  await page.exposeFunction(name, (text: string) => {
    if (!seen.includes(text)) seen.push(text);
  });
  await page.evaluate((report) => {
    const notify = (window as unknown as Record<string, (text: string) => void>)[report]!;
    new MutationObserver(() => {
      for (const item of document.querySelectorAll('[aria-label^="Notifications"] li')) {
        notify(item.textContent ?? '');
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, name);
  return seen;
}

/** Signs in through the sign-in form, as staff do, and waits for the page it leads to. */
export async function signIn(page: Page, loginPage = '/auth') {
  await page.goto(loginPage);
  await page.getByLabel('Username').fill(staffAccount.username);
  await page.getByLabel('Password').fill(staffAccount.password);
  const toasts = await recordToasts(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => /^\/(admin|update-hero)/.test(url.pathname));
  // The toast shows for the 500 ms before the page moves on.
  expect(toasts).toContainEqual(
    expect.stringContaining(`Login successfulWelcome back, ${staffAccount.username}!`),
  );
  await untilHydrated(page);
}

/**
 * Signs in with the call the sign-in form makes (POST /api/login, from the site's origin), in
 * the page's browser, then opens `path` (by default the dashboard, where the form leads): for the
 * journeys about what staff do once signed in, which need not walk through the form each time
 * (the journeys that do sign in through it use `signIn`).
 */
export async function signInByCall(page: Page, origin: string, path = '/admin-dashboard') {
  const answer = await page.request.post(`${origin}/api/login`, {
    data: { username: staffAccount.username, password: staffAccount.password },
    headers: { [adminRequestHeader.name]: adminRequestHeader.value, Origin: origin },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await page.goto(`${origin}${path}`);
  // Pages of browsers opened by the journey itself are not the fixture's, which waits for this.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

const wcag21AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What axe finds against the rules with these tags on the page as it is now: each violation with
 * the elements it concerns. Axe runs inside the page (its "legacy" mode: no blank page opened to
 * gather the results) and reports the violations only (the passes with one node each), which
 * makes a scan of a long dashboard page three times cheaper than the default.
 */
export async function axeViolations(page: Page, tags: string[] = wcag21AA) {
  const results = await new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** No WCAG 2.1 A/AA violation that axe can find on the page as it is now. */
export async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * Marks a journey whose outcome cannot depend on the screen's size: what goes over the network,
 * HTTP answers, the weight of scripts, a form's handling on the server, links' destinations. It
 * runs at the phone's size only (playwright.config.ts), where the rest runs at both.
 */
export const anySize = { tag: '@any-size' };

/**
 * Mark the dashboard's journeys that run at one size: the dashboard's screens differ between the
 * sizes by their layout only, so its journeys share the two sizes out rather than each going
 * through both (the enquiries, analytics, privacy and content tabs are seen at both, by different
 * journeys).
 */
export const atPhoneSize = { tag: '@phone-size' };
export const atDesktopSize = { tag: '@desktop-size' };

/**
 * Marks the journeys (or a group of them) about what a page shows when the server fails, whose
 * answers the journey gives in the server's place: on PostgreSQL they would check nothing more,
 * and its pass leaves them out (playwright.config.ts).
 */
export const serverAnswersReplaced = { tag: '@server-answers-replaced' };

/** Whether a project runs at the phone size (`phone`, `phone-pictures`). */
export const isPhone = (projectName: string) => projectName.startsWith('phone');

export { expect };

import type { Locator, Page } from '@playwright/test';
import { adminRequestHeader } from '#common/http/api.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { tomorrow, useBookingSite } from './booking-site.ts';
import { expect, expectAccessible, test, toastOf, untilHydrated } from './fixtures.ts';
import { addFitter, bookJob, loseSignal, signalReturns, signedIn, signInOnPhone } from './job-site.ts';
import { staffAccount } from './staff-account.ts';

/**
 * What the phone keeps for My jobs: the keys of its IndexedDB store (the days as `day:…`, the
 * actions waiting as `actions:…`), and whether the service worker's copy of the page is there.
 */
async function keptOnPhone(page: Page) {
  return page.evaluate(async () => {
    const keptPage = (await caches.match('/admin/jobs')) !== undefined;
    // Opened only when it is there: opening a missing one would make it, without its store.
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'tyre-services-jobs')) return { keys: [], keptPage };
    const keys = await new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('tyre-services-jobs');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const database = open.result;
        if (!database.objectStoreNames.contains('kept')) {
          database.close();
          resolve([]);
          return;
        }
        const read = database.transaction('kept').objectStore('kept').getAllKeys();
        read.onerror = () => reject(read.error);
        read.onsuccess = () => {
          database.close();
          resolve(read.result.map(String));
        };
      };
    });
    return { keys, keptPage };
  });
}

/** The fitter's day is on the phone: tomorrow's jobs in IndexedDB, the page in Cache Storage. */
async function expectDayKept(page: Page, fitterId: number) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(async () => (await keptOnPhone(page)).keptPage).toBe(true);
  expect((await keptOnPhone(page)).keys).toContain(`day:${fitterId}:${tomorrow}`);
}

/**
 * Nothing of the day is left on the phone: no kept day, no kept page (the page's scripts, the
 * same for everyone, may be kept again).
 */
async function expectDayForgotten(page: Page) {
  await expect
    .poll(async () => {
      const kept = await keptOnPhone(page);
      return { days: kept.keys.filter((key) => key.startsWith('day:')), keptPage: kept.keptPage };
    })
    .toEqual({ days: [], keptPage: false });
}

/**
 * Without signal, the fitter marks the job arrived (one action waits on the phone) and presses
 * Logout: answers the notice that counts what is not sent yet.
 */
async function logoutWithActionWaiting(page: Page, card: Locator) {
  await loseSignal(page);
  await card.getByRole('button', { name: 'Arrived' }).click();
  await expect(page.getByRole('region', { name: '1 action waiting to be sent' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'not sent yet' });
  await expect(notice).toContainText('1 action on this phone is not sent yet.');
  return notice;
}

test.describe('a fitter signing out', () => {
  const site = useBookingSite();
  // The phone's next answer after the account is disabled is a refusal, which it acts on.
  test.use({ expectedErrorUrls: [/\/api\/(user|jobs|jobs\/route)(\?.*)?$/] });

  /**
   * A fitter with a job tomorrow at `start` (a window takes three jobs), signed in on the phone
   * and looking at that day.
   */
  async function fitterOnTheirDay(page: Page, username: string, customer: string, start: string) {
    const office = await signedIn(site.origin, staffAccount);
    const password = 'spare-wheel-under-the-boot-floor';
    const fitterId = await addFitter(office, site.origin, username, password);
    const job = await bookJob(office, { name: customer, email: `${username}@example.com`, start, fitterId });
    await signInOnPhone(page, site.origin, username, password);
    await page.getByRole('button', { name: 'The day after' }).click();
    const card = page.getByRole('article').filter({ hasText: customer });
    await expect(card).toContainText(customer);
    await expectDayKept(page, fitterId);
    return { office, fitterId, job, card };
  }

  test('from My account clears the phone, whose kept page never named them', async ({ page }) => {
    const { office } = await fitterOnTheirDay(page, 'ada.account', 'Pat Verge', '08:00');
    await expect(page.getByText('Logged in as ada.account')).toBeVisible();
    // The page the service worker keeps names neither the fitter nor their customers.
    const keptPage = await page.evaluate(() => caches.match('/admin/jobs').then((kept) => kept!.text()));
    expect(keptPage).not.toContain('ada.account');
    expect(keptPage).not.toContain('Pat Verge');

    // A page of its own (the link loads it whole): its Logout works once it has hydrated.
    await page.getByRole('link', { name: 'My account' }).click();
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await untilHydrated(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(toastOf(page, 'Logged out')).toBeVisible();
    await expect(page).toHaveURL(`${site.origin}/`);
    await expectDayForgotten(page);
    expect((await keptOnPhone(page)).keys).toEqual([]);
    await office.dispose();
  });

  test('with the account disabled, the phone’s next answer clears it', async ({ page }) => {
    const { office, fitterId } = await fitterOnTheirDay(page, 'dan.disabled', 'Lee Lay-by', '08:00');
    const disabled = await office.patch(`/api/users/${fitterId}`, { data: { disabled: true } });
    expect(disabled.status(), await disabled.text()).toBe(200);

    // The next day asked for is refused: the phone forgets the day and asks for a sign-in.
    await page.getByRole('button', { name: 'The day after' }).click();
    await expect(page).toHaveURL(`${site.origin}/auth`);
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    await expectDayForgotten(page);
    await office.dispose();
  });

  test('after the session ended while the phone was put away, the next opening clears it', async ({
    page,
  }) => {
    const { office } = await fitterOnTheirDay(page, 'eve.expired', 'Kit Kerb', '08:00');
    // Ended on the server (as by expiry) while the page was closed.
    const signedOutElsewhere = await page.request.post(`${site.origin}/api/logout`, {
      headers: { Origin: site.origin, [adminRequestHeader.name]: adminRequestHeader.value },
    });
    expect(signedOutElsewhere.status()).toBe(204);

    // My jobs opened again: the service worker hands on the server's answer, a sign-in.
    await page.goto(`${site.origin}/admin/jobs`);
    await expect(page).toHaveURL(`${site.origin}/auth?next=/admin/jobs`);
    await expectDayForgotten(page);
    await office.dispose();
  });

  test('with an action waiting says so first, and sends it at a press before logging out', async ({
    page,
  }) => {
    const { office, fitterId, job, card } = await fitterOnTheirDay(
      page,
      'sid.sender',
      'Ash Hardshoulder',
      '10:00',
    );
    const notice = await logoutWithActionWaiting(page, card);
    await expectAccessible(page);
    // Without signal it cannot go: it stays, and so does the fitter.
    await notice.getByRole('button', { name: 'Send now' }).click();
    await expect(notice).toContainText('No signal');
    await expect(page).toHaveURL(`${site.origin}/admin/jobs?date=${tomorrow}`);
    expect((await keptOnPhone(page)).keys).toContain(`actions:${fitterId}`);

    await signalReturns(page);
    await notice.getByRole('button', { name: 'Send now' }).click();
    await expect(toastOf(page, 'Logged out')).toBeVisible();
    await expect(page).toHaveURL(`${site.origin}/`);
    await expectDayForgotten(page);
    expect((await keptOnPhone(page)).keys).toEqual([]);
    const day = await office.get(`/api/jobs?date=${tomorrow}&fitter=${fitterId}`);
    expect((await day.json()) as Job[]).toEqual([
      expect.objectContaining({ reference: job.reference, status: 'arrived' }),
    ]);
    await office.dispose();
  });

  test('without signal, discarding an action with a second press, clears the phone at once and ends the session when the signal returns', async ({
    page,
  }) => {
    const { office, fitterId, job, card } = await fitterOnTheirDay(
      page,
      'nia.nosignal',
      'Ray Roundabout',
      '10:00',
    );
    const notice = await logoutWithActionWaiting(page, card);
    await notice.getByRole('button', { name: 'Discard and log out' }).click();
    await expect(page.getByRole('heading', { name: 'Logged out' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'There is no signal.' })).toBeVisible();
    await expectDayForgotten(page);
    expect((await keptOnPhone(page)).keys).toEqual([]);
    // The session stays open on the server until the phone has signal to end it (asked from
    // outside the phone's browser, with its cookie).
    expect((await page.request.get(`${site.origin}/api/user`)).status()).toBe(200);

    // The signal returns: the sign-out goes, and the phone asks for a sign-in.
    await signalReturns(page);
    await expect(page).toHaveURL(`${site.origin}/auth`);
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    expect((await page.request.get(`${site.origin}/api/user`)).status()).toBe(401);
    const day = await office.get(`/api/jobs?date=${tomorrow}&fitter=${fitterId}`);
    expect((await day.json()) as Job[]).toEqual([
      expect.objectContaining({ reference: job.reference, status: 'scheduled' }),
    ]);
    await expectDayForgotten(page);
    await office.dispose();
  });
});

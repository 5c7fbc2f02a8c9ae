import type { Browser, Page, Response } from '@playwright/test';
import { activityKindLabels, recoveryCodeCount, type ActivityKind } from '#common/accounts/accounts.ts';
import { twoFactorCode } from '#server/auth/two-factor.ts';
import { expect, expectAccessible, signIn, storeConsent, test, toastOf, untilHydrated } from './fixtures.ts';
import { staffAccount } from './staff-account.ts';

/** Authenticator apps' codes change every 30 seconds; the server takes each step's code once. */
const stepOf = (time: number) => Math.floor(time / 30_000);

/** The code an authenticator app would show now for the key the page showed ("ABCD EFGH ..."). */
const codeFor = (key: string) => ({
  code: twoFactorCode(key.replace(/\s+/g, ''), new Date()),
  step: stepOf(Date.now()),
});

/**
 * A browser of the new member of staff's own, as the `page` fixture's: cookie choice made, splash
 * seen, and every console error or failed sub-resource noted, except the answers `expected`
 * allows (the 401s once their account is disabled).
 */
async function personalBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext();
  await storeConsent(context);
  await context.addCookies([{ name: 'splash_seen', value: '1', url: baseURL }]);
  const page = await context.newPage();
  const problems: string[] = [];
  const expected: RegExp[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const allowed = expected.some((url) => url.test(response.url()));
    if (response.status() >= 400 && response.request().resourceType() !== 'document' && !allowed) {
      problems.push(`${response.status()} for ${response.url()}`);
    }
  });
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return { context, page, problems, expected };
}

/** Opens `url` and waits for the page to hydrate, as the `page` fixture's goto does. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await untilHydrated(page);
}

test('an owner adds a member of staff, who sets up their account and two-factor sign-in, until the owner disables them', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'one journey is enough: it adds accounts to the shared server',
  );
  // Two browsers, two sign-ins.
  test.slow();
  const name = `e2e-staff-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = `spare-wheel-${Math.random().toString(36).slice(2, 10)}-jack`;

  // 1. The owner adds them in the Staff tab and is given their one-time set-up link.
  await signIn(page);
  await page.getByRole('tab', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/staff$/);
  await expect(page.getByRole('heading', { name: 'Staff accounts' })).toBeVisible();
  await expect(page.getByRole('article', { name: staffAccount.username })).toContainText('(you)');
  const addForm = page.getByRole('form', { name: 'Add a member of staff' });
  await addForm.getByLabel('Username').fill(name);
  await addForm.getByLabel('Role').selectOption({ label: 'Staff' });
  await addForm.getByRole('button', { name: 'Add account' }).click();
  await expect(toastOf(page, 'Account added')).toContainText(`Send ${name} their set-up link.`);
  const linkField = page.getByLabel(`Set-up link for ${name}`);
  await expect(linkField).toBeFocused();
  const setupUrl = await linkField.inputValue();
  expect(setupUrl).toMatch(new RegExp(`^${baseURL}/account-setup/[^/?#]+$`));
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('Staff');
  await expect(card).toContainText('Waiting for set-up');
  await expect(card).toContainText('Two-factor:Off');
  await expectAccessible(page);

  // 2. In a browser of their own, they choose their password with the link...
  const staff = await personalBrowser(browser, baseURL!);
  const staffPage = staff.page;
  await open(staffPage, setupUrl);
  await expect(staffPage.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  await expect(staffPage.getByText(`for ${name}. Choose your password to sign in.`)).toBeVisible();
  await expectAccessible(staffPage);
  await staffPage.getByLabel('New password').fill(password);
  await staffPage.getByLabel('Confirm password').fill(password);
  await staffPage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(toastOf(staffPage, 'Account set up')).toContainText(`Welcome, ${name}!`);
  await expect(staffPage).toHaveURL(/\/admin\/dashboard\/account$/);
  await expect(staffPage.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(staffPage.getByText(`Signed in as ${name} (Staff).`)).toBeVisible();

  // ... and turn on two-factor sign-in, with the key typed in rather than the QR code scanned.
  const twoFactor = staffPage.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(twoFactor).toContainText('Status: Off');
  await twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(twoFactor.getByRole('heading', { name: 'Set up your authenticator app' })).toBeFocused();
  await expect(twoFactor.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await twoFactor.locator('code').innerText()).trim();
  expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await expectAccessible(staffPage);
  const setupCode = codeFor(key);
  await twoFactor.getByLabel('Code from the app').fill(setupCode.code);
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await expect(toastOf(staffPage, 'Two-factor sign-in is on')).toBeVisible();
  await expect(twoFactor.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const codes = twoFactor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(recoveryCodeCount);
  for (const code of await codes.allInnerTexts()) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await twoFactor.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(codes).toHaveCount(0);
  await expect(twoFactor).toContainText('Status: On');
  await expect(twoFactor.getByRole('heading', { name: 'Two-factor sign-in' })).toBeFocused();

  // 3. They sign out, and in again: the password, then a code from the app.
  await staffPage.getByRole('button', { name: 'Logout' }).click();
  await expect(toastOf(staffPage, 'Logged out')).toBeVisible();
  await expect(staffPage).toHaveURL(`${baseURL}/`);
  await open(staffPage, '/auth');
  await staffPage.getByLabel('Username').fill(name);
  await staffPage.getByLabel('Password').fill(password);
  await staffPage.getByRole('button', { name: 'Sign In' }).click();
  const codeStep = staffPage.getByRole('form', { name: 'Two-factor sign-in' });
  await expect(codeStep).toBeVisible();
  await expect(codeStep.getByLabel('Authentication code')).toBeFocused();
  await expectAccessible(staffPage);
  // The code of the step used to turn it on is spent. The app's next code, the one it shows up to
  // 30 s later (or now, on a phone whose clock runs a little ahead), is taken.
  const nextCode = twoFactorCode(key.replace(/\s+/g, ''), new Date((setupCode.step + 1) * 30_000));
  await codeStep.getByLabel('Authentication code').fill(nextCode);
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expect(toastOf(staffPage, 'Login successful')).toContainText(`Welcome back, ${name}!`);
  // Back where they were last: My account.
  await staffPage.waitForURL(/\/admin\/dashboard\/account$/);
  await untilHydrated(staffPage);
  await expect(staffPage.getByText(`Logged in as ${name}`)).toBeVisible();

  // 4. Staff see neither Staff nor Activity; the Staff section's address opens Enquiries.
  const tabs = staffPage.getByRole('tablist', { name: 'Dashboard sections' });
  await expect(tabs.getByRole('tab', { name: 'My account' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab')).toHaveText([
    'Enquiries',
    'Bookings',
    'Jobs',
    'Reminders',
    'Tyres',
    'Analytics',
    'Images',
    'Content',
    'Settings',
    'Privacy',
    'My account',
  ]);
  await open(staffPage, '/admin/dashboard/staff');
  await expect(tabs.getByRole('tab', { name: 'Enquiries' })).toHaveAttribute('aria-selected', 'true');
  await expect(staffPage.getByRole('heading', { name: 'Customer Enquiries' })).toBeVisible();
  await expect(staffPage.getByRole('heading', { name: 'Staff accounts' })).toHaveCount(0);
  await expect(tabs.getByRole('tab', { name: 'Staff' })).toHaveCount(0);
  await expect(tabs.getByRole('tab', { name: 'Activity' })).toHaveCount(0);

  // 5. The owner disables them (no confirmation: Enable undoes it).
  await page.reload();
  await untilHydrated(page);
  await expect(card).toContainText('Active');
  await expect(card).not.toContainText('Waiting for set-up');
  await expect(card).toContainText('Two-factor:On');
  await card.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(toastOf(page, 'Account disabled')).toContainText(`${name} can no longer sign in.`);
  await expect(card).toContainText('Disabled');
  await expect(card.getByRole('button', { name: `Enable ${name}` })).toBeVisible();

  // Their session has ended: the dashboard's next request is refused, and that sends them to
  // sign in, where they no longer can.
  staff.expected.push(/\/api\/analytics\//, /\/api\/user$/, /\/api\/login$/);
  const refused = (response: Response) =>
    /\/api\/analytics\/stats$/.test(response.url()) && response.status() === 401;
  await Promise.all([
    staffPage.waitForResponse(refused),
    tabs.getByRole('tab', { name: 'Analytics' }).click(),
  ]);
  await expect(staffPage).toHaveURL(/\/auth$/);
  await untilHydrated(staffPage);
  await expect(staffPage.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await staffPage.getByLabel('Username').fill(name);
  await staffPage.getByLabel('Password').fill(password);
  await staffPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(toastOf(staffPage, 'Login failed')).toContainText('Invalid username or password');
  await expect(staffPage).toHaveURL(/\/auth$/);
  expect(staff.problems, 'problems seen by the new member of staff’s browser').toEqual([]);
  await staff.context.close();

  // 6. All of it is in the owner's Activity tab. Everyone's newest entries first: the other
  // journeys on this server add theirs meanwhile, so the older of these are looked up by kind.
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/activity$/);
  const log = page.getByRole('list', { name: 'Activity, newest first' });
  const entries = log.getByRole('listitem');
  const entry = (kind: ActivityKind, who: string, target?: string) => {
    const found = entries
      .filter({ has: page.getByText(activityKindLabels[kind], { exact: true }) })
      .filter({ hasText: `Who:${who}` });
    return target ? found.filter({ hasText: `Target:${target}` }) : found;
  };
  await expect(entry('sign-in-failed', name)).toHaveCount(1);
  await expect(entry('account-disabled', staffAccount.username, `account ${name}`)).toHaveCount(1);
  await expectAccessible(page);

  const what = page.getByLabel('What');
  const person = page.getByLabel('Person');
  await what.selectOption({ label: activityKindLabels['account-created'] });
  await expect(entry('account-created', staffAccount.username, `account ${name}`)).toContainText(
    'Detail:Role: staff',
  );
  await what.selectOption({ label: activityKindLabels['account-disabled'] });
  await expect(entry('account-disabled', staffAccount.username, `account ${name}`)).toHaveCount(1);
  await expect(entries.filter({ hasText: `Target:account ${name}` })).toHaveCount(1);

  // Filtered by the new person: what they did themselves, newest first, and nothing else.
  await what.selectOption({ label: 'Everything' });
  await person.selectOption({ label: name });
  const theirs: ActivityKind[] = [
    'sign-in-failed',
    'sign-in',
    'sign-out',
    'two-factor-enabled',
    'account-set-up',
  ];
  await expect(entries.locator('xpath=./div/p')).toHaveText(theirs.map((kind) => activityKindLabels[kind]));
  for (const kind of theirs) await expect(entry(kind, name)).toHaveCount(1);
  await expect(entry('account-set-up', name, `account ${name}`)).toHaveCount(1);
  await expect(entry('two-factor-enabled', name, `account ${name}`)).toHaveCount(1);
  await expect(entry('sign-in', name)).toContainText('Detail:With a two-factor code');
});

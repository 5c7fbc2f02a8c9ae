import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  atDesktopSize,
  atPhoneSize,
  expect,
  expectAccessible,
  serverAnswersReplaced,
  signInByCall,
  test,
  toastOf,
} from './fixtures.ts';

/** A customer of this journey alone (both viewports run at once, on one site). */
function customer(testInfo: TestInfo) {
  const run = `${testInfo.project.name}-${Date.now()}`;
  return { name: `Robin ${run}`, email: `robin.${run}@example.com` };
}

/** The customer sends an enquiry through the public API, as the home page's form does. */
async function customerSendsEnquiry(
  request: APIRequestContext,
  { name, email }: { name: string; email: string },
) {
  const response = await request.post('/api/enquiries', {
    data: {
      name,
      phone: '07700 900654',
      email,
      vehicle: 'Skoda Octavia 2020',
      service: 'puncture-repair',
      message: 'Screw in the rear right tyre.',
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

const emailField = (page: Page) => page.getByLabel("Customer's e-mail address");

async function openPrivacy(page: Page) {
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Personal data requests' })).toBeVisible();
}

test(
  'staff find what is stored for an e-mail address, download it as JSON and erase it all',
  atDesktopSize,
  async ({ page, request, baseURL }, testInfo) => {
    const person = customer(testInfo);
    const reference = await customerSendsEnquiry(request, person);

    // Staff have worked on the enquiry: a note and a change of status.
    await signInByCall(page, baseURL!);
    const card = page.getByRole('article', { name: person.name });
    await card.getByLabel('Add a note').fill('Prefers Saturday mornings.');
    await card.getByRole('button', { name: 'Add note' }).click();
    await expect(card.getByText('Prefers Saturday mornings.')).toBeVisible();
    // What this journey needs is the change stored (the staff journeys check its toast).
    const statusStored = page.waitForResponse(
      (response) => response.url().endsWith('/status') && response.request().method() === 'PUT',
    );
    await card.getByLabel('Status').selectOption({ label: 'Quoted' });
    expect((await statusStored).status()).toBe(200);

    await openPrivacy(page);
    // The address is checked before anything is asked of the server.
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText('Enter the e-mail address the person used')).toBeVisible();
    await expect(emailField(page)).toBeFocused();
    await expect(emailField(page)).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.type(person.email.split('@')[0]!);
    await expect(page.getByText('Enter a full e-mail address, like name@example.com')).toBeVisible();

    // Any mix of capitals finds the same person.
    await emailField(page).fill(person.email.toUpperCase());
    await expect(page.getByRole('alert')).toHaveCount(0);
    await emailField(page).press('Enter');
    const found = page.getByRole('region', { name: `Stored for ${person.email.toUpperCase()}` });
    await expect(found).toBeVisible();
    const stored = found.getByRole('list', { name: 'Stored enquiries' }).getByRole('listitem');
    await expect(stored).toHaveCount(1);
    await expect(stored).toContainText(reference);
    await expect(stored).toContainText('Puncture Repair');
    await expect(stored).toContainText('Quoted');
    await expect(stored).toContainText('1 note, 1 status change');
    await expect(stored.locator('time')).toHaveText(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d$/);
    await expectAccessible(page);

    // The download: the export as a file, naming the enquiry and what staff recorded on it.
    const downloading = page.waitForEvent('download');
    await found.getByRole('button', { name: 'Download data (JSON)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d\d-\d\d\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(exported.enquiries).toHaveLength(1);
    expect(exported.enquiries[0]).toMatchObject({
      reference,
      name: person.name,
      email: person.email,
      status: 'quoted',
      notes: [{ text: 'Prefers Saturday mornings.' }],
      events: [{ from: 'new', to: 'quoted' }],
    });

    // The erasure asks first, naming what goes and whose it is; Cancel keeps everything.
    const erase = found.getByRole('button', { name: 'Erase all data' });
    await erase.click();
    const confirm = page.getByRole('alertdialog', { name: 'Erase personal data' });
    await expect(confirm).toContainText(
      `Erase 1 enquiry, with 1 note and 1 status change, stored for ${person.email.toUpperCase()}? This cannot be undone.`,
    );
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(erase).toBeFocused();
    await expect(stored).toHaveCount(1);

    await erase.click();
    await confirm.getByRole('button', { name: 'Erase all data' }).click();
    // The staff notification and the customer's acknowledgement go with the enquiry.
    await expect(toastOf(page, 'Personal data erased')).toContainText(
      `Erased 1 enquiry (with their notes and status changes) and 2 notification e-mails for ${person.email.toUpperCase()}.`,
    );
    const nothing = page.getByRole('heading', { name: 'Nothing is stored for this address.' });
    await expect(nothing).toBeVisible();
    await expect(nothing).toBeFocused();
    await expect(page.getByRole('button', { name: 'Erase all data' })).toHaveCount(0);

    // The Enquiries tab, whose list was open before, does not show the enquiry even while it reads
    // its list again: what it kept was forgotten.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/enquiries\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('tab', { name: 'Enquiries' }).click();
    await expect(page.getByText('Loading enquiries...')).toBeVisible();
    await expect(page.getByRole('article', { name: person.name })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'Customer Enquiries' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByLabel('Search enquiries').fill(reference);
    await expect(page.getByText('No enquiries match your search')).toBeVisible();
    await expect(page.getByRole('article', { name: person.name })).toHaveCount(0);
  },
);

test.describe('when the privacy calls fail', serverAnswersReplaced, () => {
  test.use({ expectedErrorUrls: [/\/api\/privacy\/(export|erase)/] });

  test(
    'the Privacy tab says so, and the lookup can be tried again',
    atPhoneSize,
    async ({ page, request, baseURL }, testInfo) => {
      const person = customer(testInfo);
      const reference = await customerSendsEnquiry(request, person);
      await signInByCall(page, baseURL!);
      await openPrivacy(page);

      await page.route(/\/api\/privacy\/export\?/, (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":"The database is not answering."}',
        }),
      );
      await emailField(page).fill(person.email);
      await page.getByRole('button', { name: 'Find' }).click();
      const failure = page.getByRole('alert');
      await expect(failure).toContainText(`Could not look up ${person.email}`);
      await expect(failure).toContainText('The database is not answering.');

      await page.unroute(/\/api\/privacy\/export\?/);
      await failure.getByRole('button', { name: 'Try again' }).click();
      const found = page.getByRole('region', { name: `Stored for ${person.email}` });
      await expect(found).toContainText(reference);

      await page.route('/api/privacy/erase', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"error":"Something went wrong."}',
        }),
      );
      await found.getByRole('button', { name: 'Erase all data' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Erase all data' }).click();
      await expect(toastOf(page, 'Erase failed')).toContainText('Something went wrong.');
      // Nothing went: the enquiry is still listed.
      await expect(found).toContainText(reference);
    },
  );
});

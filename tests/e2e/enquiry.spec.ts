import type { Page } from '@playwright/test';
import { remindersConsentWording } from '#common/reminders/consent.ts';
import { anySize, expect, serverAnswersReplaced, test, toastOf, untilHydrated } from './fixtures.ts';

const form = (page: Page) => page.getByRole('form', { name: 'Enquiry form' });

/** The form's code loads as a customer nears it; until then it is a plain HTML form. */
async function interactiveForm(page: Page) {
  await page.locator('form[data-interactive]').waitFor();
  return form(page);
}

async function fillValidEnquiry(page: Page) {
  const enquiry = form(page);
  await enquiry.getByLabel('Name').fill('Sarah Mitchell');
  await enquiry.getByLabel('Phone').fill('07700 900123');
  await enquiry.getByLabel('Email').fill('sarah@example.com');
  await enquiry.getByLabel('Vehicle Make & Model').fill('Ford Focus 2019');
  await enquiry.getByLabel('Service').selectOption({ label: 'Puncture Repair' });
  await enquiry.getByLabel('Additional Information').fill('Nail in the rear tyre.');
}

test('a customer is told what to correct, then sends an enquiry and sees it acknowledged', async ({
  page,
}) => {
  await page.goto('/#contact');
  const enquiry = await interactiveForm(page);
  const submit = enquiry.getByRole('button', { name: 'Submit Enquiry' });

  // Nothing is checked before the first submission.
  await enquiry.getByLabel('Name').click();
  await page.keyboard.type('S');
  await expect(enquiry.getByRole('alert')).toHaveCount(0);

  await submit.click();
  await expect(enquiry.getByText('Name is required')).toBeVisible();
  await expect(enquiry.getByText('Valid phone number is required')).toBeVisible();
  await expect(enquiry.getByText('Valid email is required')).toBeVisible();
  await expect(enquiry.getByText('Please select a service')).toBeVisible();
  await expect(enquiry.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  // The first field at fault on the page has the focus.
  await expect(enquiry.getByLabel('Name')).toBeFocused();

  // After that, each field is checked as it changes.
  await page.keyboard.type('arah Mitchell');
  await expect(enquiry.getByText('Name is required')).toBeHidden();
  await expect(enquiry.getByLabel('Name')).toHaveAttribute('aria-invalid', 'false');
  await page.keyboard.press('Tab');
  await page.keyboard.type('07700 900123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('sarah@');
  await expect(enquiry.getByText('Valid email is required')).toBeVisible();
  await page.keyboard.type('example.com');
  await expect(enquiry.getByText('Valid email is required')).toBeHidden();
  await enquiry.getByLabel('Service').selectOption('mot');
  await expect(enquiry.getByRole('alert')).toHaveCount(0);

  // The button says it is working while the request is on its way.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('/api/enquiries', async (route) => {
    await held;
    await route.continue();
  });
  // The reminders question waits for the customer to tick it.
  const reminders = enquiry.getByLabel(remindersConsentWording);
  await expect(reminders).not.toBeChecked();
  await reminders.check();
  const sent = page.waitForRequest('/api/enquiries');
  await submit.click();
  await expect(enquiry.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  release();
  expect((await sent).postDataJSON()).toMatchObject({ name: 'Sarah Mitchell', remindersConsent: true });

  const notice = toastOf(page, 'Enquiry Submitted');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("We'll get back to you as soon as possible.");
  await expect(notice).toContainText(/Your reference is ENQ-\d{4}-\d{4}\./);
  await expect(enquiry.getByLabel('Name')).toHaveValue('');
  await expect(enquiry.getByLabel('Email')).toHaveValue('');
  await expect(enquiry.getByLabel('Service')).toHaveValue('');
  await expect(reminders).not.toBeChecked();
  await expect(submit).toBeEnabled();
});

test('what a customer types before the page has loaded its scripts is kept', anySize, async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await fillValidEnquiry(page);
  release();
  await untilHydrated(page);
  await interactiveForm(page);

  const sent = page.waitForRequest('/api/enquiries');
  await form(page).getByRole('button', { name: 'Submit Enquiry' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    name: 'Sarah Mitchell',
    email: 'sarah@example.com',
    service: 'puncture-repair',
    remindersConsent: false,
  });
  await expect(toastOf(page, 'Enquiry Submitted')).toBeVisible();
});

test.describe('when the server fails', serverAnswersReplaced, () => {
  test.use({ expectedErrorUrls: [/\/api\/enquiries$/] });

  test('a failed submission keeps what was typed and says what went wrong', anySize, async ({ page }) => {
    await page.goto('/#contact');
    await interactiveForm(page);
    await fillValidEnquiry(page);
    await page.route('/api/enquiries', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
    );
    await form(page).getByRole('button', { name: 'Submit Enquiry' }).click();
    const notice = toastOf(page, 'Something went wrong');
    await expect(notice).toContainText('Please try again later');
    await expect(form(page).getByLabel('Name')).toHaveValue('Sarah Mitchell');

    await page.unroute('/api/enquiries');
    await page.route('/api/enquiries', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'You have sent several enquiries in a short time.' }),
      }),
    );
    await form(page).getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(toastOf(page, 'Something went wrong')).toContainText(
      'You have sent several enquiries in a short time.',
    );
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the enquiry still gets through, and the answer is a page', anySize, async ({ page }) => {
    await page.goto('/');
    await fillValidEnquiry(page);
    await form(page).getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(page).toHaveURL(/\/enquiry\?received=ENQ-\d{4}-\d{4}$/);
    await expect(page.getByText(/Your reference is ENQ-\d{4}-\d{4}/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enquiry Submitted');
    await expect(page.getByText("We'll get back to you as soon as possible.")).toBeVisible();
  });

  test('bad fields come back with the form messages and the values kept', anySize, async ({ page }) => {
    await page.goto('/');
    const enquiry = form(page);
    await enquiry.getByLabel('Name').fill('Sarah Mitchell');
    await enquiry.getByLabel('Email').fill('not-an-email');
    await enquiry.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(page).toHaveURL(/\/enquiry$/);
    await expect(page.getByText('Please check the highlighted fields and try again.')).toBeVisible();
    await expect(form(page).getByText('Valid phone number is required')).toBeVisible();
    await expect(form(page).getByText('Valid email is required')).toBeVisible();
    await expect(form(page).getByText('Please select a service')).toBeVisible();
    await expect(form(page).getByLabel('Name')).toHaveValue('Sarah Mitchell');
    await expect(form(page).getByLabel('Email')).toHaveValue('not-an-email');

    await fillValidEnquiry(page);
    await form(page).getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enquiry Submitted');
  });

  test('the confirmation says whether the postcode is inside the covered area', anySize, async ({ page }) => {
    await page.goto('/');
    await fillValidEnquiry(page);
    await form(page).getByLabel('Postcode').fill('RM3');
    await form(page).getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(form(page).getByText('Enter a UK postcode, for example RM3 0AB')).toBeVisible();
    await expect(form(page).getByLabel('Postcode')).toHaveValue('RM3');

    await form(page).getByLabel('Postcode').fill('co1 1aa');
    await form(page).getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enquiry Submitted');
    await expect(page.getByText('CO1 is outside the area we usually cover.')).toBeVisible();
  });
});

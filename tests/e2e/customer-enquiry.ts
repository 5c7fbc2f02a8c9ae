import type { Browser } from '@playwright/test';
import { expect, storeConsent, toastOf } from './fixtures.ts';

/**
 * A customer, in a browser of their own, sends an enquiry from the home page; with a postcode,
 * the form's verdict on it is checked before sending. Resolves with the reference the customer
 * is given.
 */
export async function customerSendsEnquiry(
  browser: Browser,
  name: string,
  withPostcode?: { postcode: string; verdict: string },
): Promise<string> {
  const context = await browser.newContext();
  await storeConsent(context);
  const page = await context.newPage();
  await page.goto('/#contact');
  await page.locator('form[data-interactive]').waitFor();
  const form = page.getByRole('form', { name: 'Enquiry form' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Phone').fill('07700 900321');
  await form.getByLabel('Email').fill('journey@example.com');
  await form.getByLabel('Vehicle Make & Model').fill('Vauxhall Corsa 2018');
  await form.getByLabel('Service').selectOption({ label: 'Puncture Repair' });
  if (withPostcode) {
    await form.getByLabel('Postcode').fill(withPostcode.postcode.toLowerCase());
    await expect(form.getByText(withPostcode.verdict)).toBeVisible();
  }
  await form.getByLabel('Additional Information').fill('Slow puncture, front left.');
  await form.getByRole('button', { name: 'Submit Enquiry' }).click();
  const toast = toastOf(page, 'Enquiry Submitted');
  await expect(toast).toBeVisible();
  const reference = /ENQ-\d{4}-\d{4,}/.exec(await toast.innerText())?.[0];
  expect(reference).toBeDefined();
  await context.close();
  return reference!;
}

/** A postcode in `district` with an inward code of its own (digit, two letters), so that a search finds it alone. */
export function postcodeIn(district: string): string {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)]!;
  return `${district} ${Math.floor(Math.random() * 10)}${pick()}${pick()}`;
}

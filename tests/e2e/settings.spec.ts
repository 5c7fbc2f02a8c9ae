import { expect, expectAccessible, signInByCall, storeConsent, test, toastOf } from './fixtures.ts';
import { contentSiteOrigin } from './servers.ts';
import { staffAccount } from './staff-account.ts';

/**
 * An owner changes the business's settings in the dashboard's Settings section, each part on its
 * own with its version and history, and customers see what shows: the VAT rate of the invoicing
 * prices the tyres. On the project's content site, whose journeys show no tyre prices.
 */
test.describe.configure({ timeout: 120_000 });

test('an owner changes the invoicing’s VAT rate and the reminders, and the tyre prices follow', async ({
  page,
  browser,
}, testInfo) => {
  const origin = contentSiteOrigin(testInfo.project.name);
  const visitor = await browser.newContext();
  await storeConsent(visitor);
  await visitor.addCookies([{ name: 'splash_seen', value: '1', url: origin }]);
  const customer = await visitor.newPage();
  const firstPrice = async () => {
    await customer.goto(`${origin}/tyres/205-55-r16`);
    const text = await customer
      .getByRole('article')
      .first()
      .getByText(/^£\d+\.\d\d$/)
      .first()
      .innerText();
    return Number(text.slice(1));
  };
  const before = await firstPrice();

  await signInByCall(page, origin);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page).toHaveURL(`${origin}/admin/dashboard/settings`);
  const invoicing = page.getByRole('region', { name: 'Invoicing' });
  await expect(invoicing.getByText('Not changed yet: these are the starting settings.')).toBeVisible();
  await expectAccessible(page);

  // A VAT number that is not one is refused at its field; nothing is saved.
  await invoicing.getByLabel('VAT registration number').fill('12345');
  await invoicing.getByRole('button', { name: 'Save' }).click();
  await expect(
    invoicing.getByText('Enter the VAT registration number, for example GB 123 4567 89'),
  ).toBeVisible();
  await invoicing.getByLabel('VAT registration number').fill('GB 123 4567 89');
  await invoicing.getByLabel('VAT rate').fill('5');
  await invoicing.getByRole('button', { name: 'Save' }).click();
  await expect(toastOf(page, 'Invoicing settings saved')).toBeVisible();
  await expect(invoicing.getByText('Version 1', { exact: true })).toBeVisible();
  await expect(invoicing.getByText(new RegExp(`Last changed by ${staffAccount.username} on`))).toBeVisible();
  await invoicing.getByText('History of changes').click();
  await expect(invoicing.getByText('Invoicing: VAT rate 20% → 5%')).toBeVisible();

  // The tyre pages price by the new rate at once.
  expect(await firstPrice()).toBeLessThan(before);

  const reminders = page.getByRole('region', { name: 'Reminders & reviews' });
  await reminders.getByLabel('Tyre reminder').fill('6');
  await reminders.getByRole('button', { name: 'Save' }).click();
  await expect(toastOf(page, 'Reminders settings saved')).toBeVisible();
  await expect(reminders.getByText('Version 1', { exact: true })).toBeVisible();

  // What was saved is what the next visit shows; and the Content tab holds only the website.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Invoicing' }).getByLabel('VAT rate')).toHaveValue('5');
  await expect(
    page.getByRole('region', { name: 'Reminders & reviews' }).getByLabel('Tyre reminder'),
  ).toHaveValue('6');
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByRole('heading', { name: 'Business details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invoicing' })).toHaveCount(0);

  // Put back as the other journeys of this site expect.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('region', { name: 'Invoicing' }).getByLabel('VAT rate').fill('20');
  await page.getByRole('region', { name: 'Invoicing' }).getByRole('button', { name: 'Save' }).click();
  await expect(toastOf(page, 'Invoicing settings saved')).toBeVisible();
  expect(await firstPrice()).toBe(before);
  await visitor.close();
});

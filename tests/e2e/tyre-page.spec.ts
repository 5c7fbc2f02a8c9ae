import { atPhoneSize, expect, expectAccessible, test } from './fixtures.ts';

/**
 * A tyre's own page on a phone: from its size's list to the tyre, its EU label and prices, and
 * its "Book fitting" link; a tyre we do not offer leads back to its size's tyres.
 */
test.describe('a tyre’s own page', () => {
  const tyrePath = '/tyres/205-55-r16/michelin-primacy-4-plus-94v';

  test(
    'a customer goes from 205/55 R16’s tyres to the Michelin Primacy 4+ and books two',
    atPhoneSize,
    async ({ page }) => {
      await page.goto('/tyres/205-55-r16');
      await page.getByRole('link', { name: 'Michelin Primacy 4+', exact: true }).click();
      await expect(page).toHaveURL(tyrePath);
      await expect(page.getByRole('heading', { level: 1, name: 'Michelin Primacy 4+' })).toBeVisible();
      await expect(page).toHaveTitle(/^Michelin Primacy 4\+ 205\/55 R16 94V Fitted at Home: £/);
      await expect(
        page.getByRole('img', {
          name: /^EU tyre label of the Michelin Primacy 4\+\. Fuel efficiency class [A-E]/,
        }),
      ).toBeVisible();
      await expect(page.getByText('Load index 94: each tyre carries up to 670 kg.')).toBeVisible();
      await expect(page.getByText(/^Extra load \(XL\):/)).toBeVisible();
      await expect(page.getByText(/^Fitted from /).first()).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('link', { name: 'Book fitting: 2 × Michelin Primacy 4+' }).click();
      await expect(page).toHaveURL(/\/book\?service=tyre-replacement&tyre=\d+&quantity=2$/);
      await expect(page.getByRole('radio', { name: /Tyre Replacement/ })).toBeChecked();
      await page.getByRole('radio', { name: /We come to you/ }).check();
      await page.getByLabel('Postcode where the vehicle will be').fill('rm3 0ab');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('region', { name: 'Your tyres' })).toContainText(
        '2 × Michelin Primacy 4+ 205/55 R16 94V',
      );
    },
  );

  test('a tyre we do not offer answers 404 and leads to its size’s tyres', atPhoneSize, async ({ page }) => {
    const response = await page.goto('/tyres/205-55-r16/no-such-tyre-91v');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Tyre Not Found' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: '205/55 R16 tyres' }).click();
    await expect(page).toHaveURL('/tyres/205-55-r16');
  });
});

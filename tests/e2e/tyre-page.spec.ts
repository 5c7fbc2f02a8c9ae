import { bookingPaymentText } from '#common/bookings/words.ts';
import { chooseFirstTime } from './booking-site.ts';
import { atPhoneSize, expect, expectAccessible, test } from './fixtures.ts';

/**
 * Finding a tyre on a phone: from the home page's size finder to the size's tyres, sorted and
 * priced for four; a tyre's own page: from its size's list to the tyre, its EU label and prices, and
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
      const booking = page.url();
      // The tyres are in view from the first step, which asks only where they are fitted.
      const tyres = page.getByRole('region', { name: 'Your tyres' });
      await expect(tyres).toContainText('2 × Michelin Primacy 4+ 205/55 R16 94V');
      await expect(page.getByRole('group', { name: 'Which service do you need?' })).toHaveCount(0);
      await expect(page.getByRole('group', { name: 'Where should we fit them?' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('radio', { name: /We come to you/ }).check();
      await page.getByLabel('Postcode where the vehicle will be').fill('rm3 0ab');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(tyres).toContainText('2 × Michelin Primacy 4+ 205/55 R16 94V');
      await chooseFirstTime(page);
      // On the details: the tyres named once, in the summary; the locking wheel nuts; paying.
      await expect(page.getByRole('region', { name: 'Your booking' })).toContainText(
        '2 × Michelin Primacy 4+ 205/55 R16 94V',
      );
      await expect(tyres).toHaveCount(0);
      await expect(page.getByText(/fitted from/i)).toHaveCount(0);
      await expect(page.getByText(bookingPaymentText)).toBeVisible();
      const nuts = page.getByRole('group', { name: 'Do your wheels have locking wheel nuts?' });
      await expect(page.getByLabel('Where is the key?')).toBeHidden();
      await nuts.getByRole('radio', { name: 'Yes' }).check();
      await expect(page.getByLabel('Where is the key?')).toBeVisible();
      await expectAccessible(page);

      // Booked without the tyres after all: the service is asked again.
      await page.goto(booking);
      await tyres.getByRole('link', { name: 'book without tyres' }).click();
      await expect(page.getByRole('radio', { name: /Tyre Replacement/ })).toBeChecked();
      await expect(tyres).toHaveCount(0);
    },
  );

  test(
    'a customer finds 205/55 R16 from the home page’s hero, sorts by wet grip across every range and prices four',
    atPhoneSize,
    async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Tyres', exact: true })).toBeVisible();
      const finder = page.getByRole('form', { name: 'Find tyres by size' });
      // Above the fold: the whole form, its button too, without scrolling.
      await expect(finder.getByRole('button', { name: 'Find tyres' })).toBeInViewport({ ratio: 1 });
      await finder.getByLabel('Width').selectOption('205');
      await finder.getByLabel('Profile').selectOption('55');
      await finder.getByLabel('Rim').selectOption('16');
      await finder.getByRole('button', { name: 'Find tyres' }).click();
      await expect(page).toHaveURL('/tyres/205-55-r16');

      await page.getByLabel('Sort by').selectOption('wet');
      await expect(page).toHaveURL(/sort=wet/);
      const tyres = page.getByRole('region', { name: 'Best wet grip first' }).getByRole('article');
      const wetGrades = () =>
        tyres
          .getByText(/^Wet grip/)
          .locator('xpath=following-sibling::dd')
          .allInnerTexts();
      await expect(async () => {
        const grades = await wetGrades();
        expect(grades.length).toBeGreaterThan(3);
        // One list, not one per range: the first tyre's grade is the best of them all.
        expect(grades[0]).toBe([...grades].sort()[0]);
      }).toPass();

      await page.getByLabel('How many tyres').selectOption('4');
      await expect(page).toHaveURL(/quantity=4/);
      const first = tyres.first();
      const forFour = first.getByText(/^£\d+\.\d\d for 4, fitted$/);
      await expect(forFour).toBeVisible();
      const total = await forFour.innerText();
      const each = await first.getByText(/each, fully fitted$/).innerText();
      expect(Number(/£([\d.]+)/.exec(total)![1])).toBeCloseTo(Number(/£([\d.]+)/.exec(each)![1]) * 4, 2);
      await expectAccessible(page);
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

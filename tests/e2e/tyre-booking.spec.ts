import fs from 'node:fs';
import path from 'node:path';
import { londonDate } from '#common/time/london.ts';
import { bookTwoMidRangeTyres, staffPage, staffTyre, tyreRowInTab, useBookingSite } from './booking-site.ts';
import { expect, expectAccessible, signInByCall, storeConsent, test, toastOf } from './fixtures.ts';

/**
 * Tyres on a phone: a customer finds a size, sorts it and books two tyres, which staff see
 * reserved and then fitted; the same without JavaScript, whose tyres staff see held by a booking
 * not yet confirmed and release; staff import a supplier's price file,
 * adjust stock and a price rule, which customers see.
 */
test.describe('booking tyres', () => {
  const site = useBookingSite();

  test('a customer finds 205/55 R16, sorts by wet grip and books two mid-range tyres; staff see them reserved, and the stock fall once fitted', async ({
    page,
    browser,
  }) => {
    const name = await bookTwoMidRangeTyres(page, site.origin, 'alex@example.com');
    const confirmation = await site.nextMailTo('alex@example.com', 1);
    expect(confirmation.text).toContain(`Tyres: 2 × ${name} 205/55 R16`);
    const each = /Price: (£\d+\.\d\d) per tyre, fully fitted/.exec(confirmation.text!)![1]!;
    const total = `£${(Number(each.slice(1)) * 2).toFixed(2)}`;
    expect(confirmation.text).toContain(`Total: ${total} including VAT`);

    const staff = await staffPage(browser, site.origin);
    const date = /When: (\w+ \d+ \w+ \d{4})/.exec(confirmation.text!)![1]!;
    const iso = londonDate(new Date(`${date} 12:00 UTC`));
    await staff.goto(`${site.origin}/admin/dashboard/bookings?date=${iso}`);
    const card = staff.getByRole('article').filter({ hasText: 'Alex Morgan' });
    await expect(card).toContainText(`2 × ${name}`);
    await expect(card).toContainText('Reserved from stock');
    await expect(card).toContainText('Locking wheel nuts:Yes, key: Glovebox');
    const tyre = await staffTyre(staff, site.origin, name);
    expect(tyre.reserved).toBe(2);

    // The Tyres tab shows the two held for the booking; once the job is done, the stock is two less.
    let inTab = await tyreRowInTab(staff, site.origin, name);
    await expect(inTab.held).toHaveText('2');
    await expect(inTab.stock).toContainText(`${tyre.stock - 2} free`);
    await staff.goto(`${site.origin}/admin/dashboard/bookings?date=${iso}`);
    await card.getByRole('button', { name: /as Completed$/ }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Mark as completed' }).click();
    await expect(card).toContainText('Completed');
    inTab = await tyreRowInTab(staff, site.origin, name);
    await expect(inTab.stock).toHaveText(new RegExp(`^${tyre.stock - 2}(Low)?$`));
    await expect(inTab.held).toHaveText('0');
    await expectAccessible(staff);
    await staff.context().close();
  });

  test('the same tyre search and booking without JavaScript; staff release the tyres it holds', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await storeConsent(context);
    const name = await bookTwoMidRangeTyres(await context.newPage(), site.origin, 'sam@example.com', {
      scripts: false,
    });
    const confirmation = await site.nextMailTo('sam@example.com', 1);
    expect(confirmation.text).toContain(`Tyres: 2 × ${name}`);
    await context.close();

    // Not confirmed yet, the booking holds its tyres: staff see it under Held and release them.
    const staff = await staffPage(browser, site.origin);
    await staff.goto(`${site.origin}/admin/dashboard/tyres`);
    await staff.getByRole('tab', { name: 'Held' }).click();
    const held = staff.getByRole('article', { name: `2 × ${name} 205/55 R16`, exact: false });
    await expect(held).toContainText('Alex Morgan');
    await expect(held).toContainText('sam@example.com');
    const reserved = (await staffTyre(staff, site.origin, name)).reserved;
    await held.getByRole('button', { name: 'Release' }).click();
    await expect(toastOf(staff, 'Tyres released')).toBeVisible();
    await expect(held).toHaveCount(0);
    expect((await staffTyre(staff, site.origin, name)).reserved).toBe(reserved - 2);
    await staff.getByRole('tab', { name: 'To order' }).click();
    await expect(staff.getByRole('article', { name: `2 × ${name} 205/55 R16`, exact: false })).toBeVisible();
    await expectAccessible(staff);
    await staff.context().close();
  });

  test('staff import a supplier’s price file in the Tyres tab, mapping its columns once; adjust a tyre’s stock and a price rule, which customers see', async ({
    page,
  }) => {
    const file = path.join(site.dataDir, 'wholesaler.csv');
    fs.writeFileSync(
      file,
      [
        'EAN Code;Manufacturer;Tread;Tyre Size;Trade Price;Qty;Supplier Qty;Days',
        '4000000000011;Michelin;Pilot Sport 5;265/35 R22 102Y;150.00;4;20;2',
        '4000000000028;Hankook;Ventus S1 evo3;265/35 R22 102Y;95.50;0;12;1',
        '4000000000035;Nankang;Sportnex NS-25;265/35 R22 102Y;n/a;2;0;1',
        '4000000000042;Sailun;Atrezzo ZSR 2;265/35 R22 102Y;61.20;3;8;3',
      ].join('\r\n'),
    );
    await signInByCall(page, site.origin, '/admin/dashboard/tyres');
    await page.getByRole('tab', { name: 'Imports' }).click();
    await page.getByLabel(/^Price file/).setInputFiles(file);
    await expect(page.getByText('wholesaler.csv: 4 rows, 8 columns.')).toBeVisible();
    await expect(page.getByLabel('Whose columns does it have?')).toHaveValue('new');
    await page.getByLabel(/^Supplier’s name/).fill('Essex Tyre Wholesale');
    for (const [ours, theirs] of [
      [/^EAN/, 'EAN Code'],
      [/^Brand/, 'Manufacturer'],
      [/^Pattern/, 'Tread'],
      [/^Whole size/, 'Tyre Size'],
      [/^Cost before VAT/, 'Trade Price'],
      [/^Our stock/, 'Qty'],
      [/^Supplier stock/, 'Supplier Qty'],
      [/^Supplier lead time/, 'Days'],
    ] as const) {
      await page.getByLabel(ours).selectOption(theirs);
    }
    // The file has no season column: its season is chosen for the whole file.
    await page.locator('#column-season').selectOption('The same for every row');
    await page.getByLabel('Season of every row').selectOption('Summer');
    await page.getByRole('checkbox', { name: /whole range/ }).uncheck();
    await page.getByRole('button', { name: 'Import' }).click();
    const result = page.getByRole('region', { name: /wholesaler\.csv$/ });
    await expect(result).toContainText('3 of 4 rows imported, 1 refused.');
    await expect(result.getByRole('row').filter({ hasText: /^4/ })).toContainText('“n/a” is not an amount');
    const download = page.waitForEvent('download');
    await result.getByRole('link', { name: 'Download the 1 refused row (CSV)' }).click();
    const refused = fs.readFileSync(await (await download).path(), 'utf8');
    expect(refused).toMatch(/^\uFEFFline,reason\r\n4,/);
    await expectAccessible(page);

    // The next file of that supplier is read with the mapping kept.
    await page.getByLabel(/^Price file/).setInputFiles(file);
    await expect(page.getByLabel('Whose columns does it have?')).toHaveValue(/^\d+$/);
    await expect(page.getByLabel('Whose columns does it have?').locator('option:checked')).toHaveText(
      'Essex Tyre Wholesale’s columns',
    );

    // Customers find the new size, priced by the rules: the 22-inch fitting charge is £25.00.
    const sizePage = await page.context().newPage();
    await sizePage.goto(`${site.origin}/tyres/265-35-r22`);
    const hankook = sizePage.getByRole('article', { name: 'Hankook Ventus S1 evo3' });
    const priceOf = async () =>
      (
        await hankook
          .getByText(/^£\d+\.\d\d$/)
          .first()
          .innerText()
      ).slice(1);
    const before = Number(await priceOf());

    // The price rules are in Settings.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const prices = page.getByRole('region', { name: 'Tyre prices' });
    await prices.getByLabel('Charge (£)').last().fill('30.00');
    await prices.getByRole('button', { name: 'Save prices' }).click();
    await expect(toastOf(page, 'Tyre prices saved')).toBeVisible();
    await sizePage.reload();
    expect(Number(await priceOf())).toBeCloseTo(before + 5, 2);

    // A stock count needs its reason, which the activity log keeps.
    await page.getByRole('tab', { name: 'Tyres' }).click();
    await page.getByRole('tab', { name: 'Stock' }).click();
    await page.getByLabel('Size, brand, pattern or EAN').fill('4000000000028');
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Tyres in stock' });
    await table.getByRole('button', { name: /^Adjust stock or price of Hankook Ventus S1 evo3/ }).click();
    const card = page.getByRole('form', { name: 'Adjust Hankook Ventus S1 evo3' });
    await card.getByLabel('On the shelf').fill('5');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('alert')).toHaveText(
      'Say why the stock changes, for example “Counted the shelf”',
    );
    await card.getByLabel('Reason for the change').fill('Delivery from the wholesaler');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(toastOf(page, 'Tyre saved')).toBeVisible();
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText(/^5/);
    await page.goto(`${site.origin}/admin/dashboard/activity`);
    await expect(page.getByText(/reason: Delivery from the wholesaler/)).toBeVisible();
    await sizePage.close();
  });
});

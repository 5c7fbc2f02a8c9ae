import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import { priceFileColumns } from '#common/tyres/price-file.ts';
import { lowStockLevel } from '#common/tyres/staff.ts';
import { atDesktopSize, expect, expectAccessible, signInByCall, test } from './fixtures.ts';

/** An amount as the table writes it ("£1,089.99"), in pounds. */
const pounds = (text: string) => Number(text.replace(/[£,]/g, ''));

/** The texts of one column of the table's rows (1 for the first column). */
const columnOf = (table: Locator, column: number) =>
  table.locator(`tbody tr > td:nth-child(${column})`).allInnerTexts();

/** A stock cell's tyres free on the shelf: "6", or "6 / 4 free" when bookings hold some. */
const freeOf = (cell: string) => Number(/(\d+) free/.exec(cell)?.[1] ?? /^\d+/.exec(cell)?.[0]);

// Reads the demo catalogue only: nothing another journey sees changes.
test(
  'the office sorts the stock table, shows only low stock, and downloads the price file template',
  atDesktopSize,
  async ({ page, baseURL }) => {
    await signInByCall(page, baseURL!, '/admin/dashboard/tyres');
    const table = page.getByRole('table', { name: /^Tyres in stock/ });
    await expect(table.locator('tbody tr').first()).toBeVisible();

    // The price's header, pressed twice: the dearest first, said by the header and the address.
    const price = table.getByRole('columnheader', { name: /^Price/ });
    await price.getByRole('button', { name: 'Price' }).click();
    await expect(price).toHaveAttribute('aria-sort', 'ascending');
    await price.getByRole('button', { name: 'Price' }).click();
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/\?sort=price&dir=desc$/);
    const dearestFirst = async () => {
      const prices = (await columnOf(table, 8)).map(pounds);
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual(prices.toSorted((a, b) => b - a));
    };
    await expect(dearestFirst).toPass();

    // A reload keeps the sort.
    await page.reload();
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(dearestFirst).toPass();

    // Low stock: only tyres with three or fewer free, each marked, still dearest first.
    const lowStock = page.getByRole('button', { name: /^Low stock/ });
    await lowStock.click();
    await expect(lowStock).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\?sort=price&dir=desc&low=1$/);
    await expect(async () => {
      const stock = await columnOf(table, 4);
      expect(stock.length).toBeGreaterThan(0);
      for (const cell of stock) {
        expect(freeOf(cell)).toBeLessThanOrEqual(lowStockLevel);
        expect(cell).toContain('Low');
      }
    }).toPass();
    await expect(dearestFirst).toPass();
    await expect(table.getByRole('button', { name: /^Adjust stock or price of / }).first()).toBeVisible();
    await expectAccessible(page);

    // At a phone's width the table scrolls inside its frame: the page itself does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const frame = page.getByRole('region', { name: /^Tyres in stock/ });
    expect(await frame.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });

    // The import's template: our own columns, as the import reads them.
    await page.getByRole('tab', { name: 'Imports' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download template' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('tyre-price-file-template.csv');
    const [header, ...rows] = fs
      .readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(priceFileColumns.join(','));
    expect(rows).toHaveLength(2);
    await expectAccessible(page);
  },
);

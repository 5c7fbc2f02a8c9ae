import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { priceFileColumns, seasonNeededMessage } from '#common/tyres/price-file.ts';
import { clearTyres, ownRow } from '#tests/support/tyres.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { tyreImports, tyreSuppliers, tyres } from '../db/schema.ts';
import { demoTyres } from './demo-catalogue.ts';
import { runImport, type ImportSettings } from './import.ts';
import { createImport, importReport } from './import-records.ts';

const fixture = useTestApp();

beforeEach(async () => {
  await clearTyres(fixture.database.db);
});

const ownFile: ImportSettings = { supplierId: null, mapping: null, full: true };

/** Imports `text` (in chunks of `chunk` bytes, as a stream arrives) and answers the report. */
async function importText(text: string, settings: ImportSettings = ownFile, chunk = 4096) {
  const db = fixture.database.db;
  const id = await createImport(db, {
    supplierId: settings.supplierId,
    fileName: 'prices.csv',
    full: settings.full,
    startedBy: 'test',
  });
  const bytes = Buffer.from(text);
  const pieces = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, index) =>
    bytes.subarray(index * chunk, (index + 1) * chunk),
  );
  const report = await runImport(db, id, Readable.from(pieces), settings);
  return { id, report };
}

const header = priceFileColumns.join(',');

describe('importing our own column set', () => {
  it('stores 980 good rows of 1,000 and lists each of the 20 bad ones with its line and reason', async () => {
    const bad: Record<number, [Partial<Record<(typeof priceFileColumns)[number], string>>, string]> = {};
    for (let n = 0; n < 20; n += 1) {
      const row = 25 + n * 50;
      bad[row] =
        n % 4 === 0
          ? [{ cost: 'call us' }, 'cost: “call us” is not an amount in pounds, for example 45.20']
          : n % 4 === 1
            ? [{ width: '2055' }, 'width: 2055 is not between 125 and 355']
            : n % 4 === 2
              ? [{ speed_rating: 'X' }, 'speed_rating: “X” is not a speed rating']
              : [{ wet: 'G' }, 'wet: “G” is not one of A, B, C, D, E'];
    }
    const lines = [header];
    for (let row = 1; row <= 1_000; row += 1) lines.push(ownRow(row, bad[row]?.[0]));
    const { id, report } = await importText(`${lines.join('\n')}\n`);
    expect(report).toMatchObject({ status: 'done', rows: 1_000, imported: 980, rejected: 20, failure: null });
    // Line 1 is the header: row n is on line n + 1.
    expect(report.errors).toEqual(
      Object.entries(bad).map(([row, [, reason]]) => ({ line: Number(row) + 1, reason })),
    );
    expect(await fixture.database.db.$count(tyres)).toBe(980);
    expect(await importReport(fixture.database.db, id)).toMatchObject({
      status: 'done',
      rows: 1_000,
      imported: 980,
      rejected: 20,
      errors: report.errors,
    });
  });

  it('reads semicolons, a byte-order mark, Windows line ends, quoted fields and headers in any case', async () => {
    const text =
      '\uFEFFEAN;Brand;Pattern;Width;Profile;Rim;Load Index;Speed Rating;Season;Cost\r\n' +
      '5000000000001;Michelin;"Primacy 4+; XL";205;55;16;94;V;Summer;"62,50"\r\n';
    const { report } = await importText(text);
    expect(report).toMatchObject({ status: 'done', imported: 1, rejected: 0 });
    const [row] = await fixture.database.db.select().from(tyres);
    expect(row).toMatchObject({
      brand: 'Michelin',
      pattern: 'Primacy 4+; XL',
      costPence: 6_250,
      loadIndex: 94,
      stock: 0,
    });
  });

  it('refuses a repeated tyre, naming the line it repeats', async () => {
    const { report } = await importText(
      [header, ownRow(1), ownRow(2), ownRow(1, { cost: '41.00' })].join('\n'),
    );
    expect(report.errors).toEqual([{ line: 4, reason: 'the same tyre as line 2' }]);
  });

  it('fails, storing nothing, on a file without our columns, without a season or without rows', async () => {
    const noCost = await importText(
      'ean,brand,pattern,width,profile,rim,load_index,speed_rating,season\n1,a,b,205,55,16,91,V,winter\n',
    );
    expect(noCost.report).toMatchObject({
      status: 'failed',
      failure: 'The file does not have our columns cost: map its columns to ours first.',
    });
    // A winter list without a season column is never taken for summer tyres.
    const noSeason = await importText(
      'ean,brand,pattern,width,profile,rim,load_index,speed_rating,cost\n1,a,b,205,55,16,91,V,50\n',
    );
    expect(noSeason.report).toMatchObject({ status: 'failed', failure: seasonNeededMessage });
    expect(seasonNeededMessage).toBe(
      'The file has no season column: choose the season of the whole file (summer, winter or all-season) in the mapping.',
    );
    expect((await importText('')).report).toMatchObject({ status: 'failed', failure: 'The file is empty.' });
    expect(await fixture.database.db.$count(tyres)).toBe(0);
  });
});

describe('a supplier’s own file', () => {
  it('is read through the mapping kept for the supplier', async () => {
    const db = fixture.database.db;
    const [supplier] = await db
      .insert(tyreSuppliers)
      .values({
        name: 'Tyre Wholesale Ltd',
        mapping: {
          ean: 'EAN Code',
          brand: 'Manufacturer',
          pattern: 'Tread',
          size: 'Size',
          cost: 'Net Price',
          supplier_stock: 'Qty',
          season: 'Type',
        },
      })
      .returning();
    const text = [
      'Manufacturer;Tread;Size;EAN Code;Net Price;Qty;Type;Notes',
      'Pirelli;Cinturato P7;205/55 R16 91V;8019227000001;55,10;12;Summer;',
      'Nokian;Snowproof 2;205/55R16 94H XL;6419440000002;61,00;3;Winter;Ships Monday',
      'Pirelli;Nothing;not a size;8019227000003;50,00;1;Summer;',
    ].join('\n');
    const { report } = await importText(text, {
      supplierId: supplier!.id,
      mapping: supplier!.mapping,
      full: true,
    });
    expect(report).toMatchObject({
      status: 'done',
      imported: 2,
      errors: [{ line: 4, reason: 'size: “not a size” is not a tyre size' }],
    });
    const rows = await db.select().from(tyres).orderBy(tyres.ean);
    expect(
      rows.map(({ brand, width, loadIndex, speedRating, season, costPence, supplierStock, supplierId }) => ({
        brand,
        width,
        loadIndex,
        speedRating,
        season,
        costPence,
        supplierStock,
        supplierId,
      })),
    ).toEqual([
      {
        brand: 'Nokian',
        width: 205,
        loadIndex: 94,
        speedRating: 'H',
        season: 'winter',
        costPence: 6_100,
        supplierStock: 3,
        supplierId: supplier!.id,
      },
      {
        brand: 'Pirelli',
        width: 205,
        loadIndex: 91,
        speedRating: 'V',
        season: 'summer',
        costPence: 5_510,
        supplierStock: 12,
        supplierId: supplier!.id,
      },
    ]);
  });
});

describe('importing again', () => {
  it('updates the tyres it lists, keeps what it does not say, and withdraws those a full file leaves out', async () => {
    const db = fixture.database.db;
    await importText([header, ownRow(1), ownRow(2), ownRow(3, { ean: '' })].join('\n'));
    // A booking holds two of tyre 1.
    await db.update(tyres).set({ reserved: 2 }).where(eq(tyres.ean, '5000000000001'));

    const columns = 'ean,brand,pattern,width,profile,rim,load_index,speed_rating,season,cost,supplier_stock';
    const second = await importText(
      [
        columns,
        '5000000000001,Hankook,Ventus 1,205,55,16,91,V,summer,42.50,8',
        // Matched without an EAN by brand, pattern, size, load index and speed rating.
        ',HANKOOK,ventus 3,205,55,16,91,V,summer,39.00,5',
      ].join('\n'),
    );
    expect(second.report).toMatchObject({ status: 'done', imported: 2, withdrawn: 1 });
    const rows = await db.select().from(tyres).orderBy(tyres.id);
    expect(
      rows.map(({ pattern, costPence, stock, reserved, supplierStock, available }) => ({
        pattern,
        costPence,
        stock,
        reserved,
        supplierStock,
        available,
      })),
    ).toEqual([
      // Own stock is not in the second file: it stays as it was.
      { pattern: 'Ventus 1', costPence: 4_250, stock: 4, reserved: 2, supplierStock: 8, available: true },
      { pattern: 'Ventus 2', costPence: 4_000, stock: 4, reserved: 0, supplierStock: 20, available: false },
      { pattern: 'ventus 3', costPence: 3_900, stock: 4, reserved: 0, supplierStock: 5, available: true },
    ]);

    // A file that is not full withdraws nothing; one that lists tyre 2 again brings it back, and
    // own stock never falls below what bookings hold.
    const third = await importText([header, ownRow(2), ownRow(1, { stock: '1' })].join('\n'), {
      ...ownFile,
      full: false,
    });
    expect(third.report).toMatchObject({ status: 'done', imported: 2, withdrawn: 0 });
    const after = await db
      .select({ ean: tyres.ean, stock: tyres.stock, available: tyres.available })
      .from(tyres)
      .orderBy(tyres.id);
    expect(after).toEqual([
      { ean: '5000000000001', stock: 2, available: true },
      { ean: '5000000000002', stock: 4, available: true },
      { ean: null, stock: 4, available: true },
    ]);
  });

  it('withdraws the demo catalogue with the first full file', async () => {
    const db = fixture.database.db;
    await db.insert(tyres).values(demoTyres().slice(0, 5));
    const { report } = await importText([header, ownRow(1)].join('\n'));
    expect(report.withdrawn).toBe(5);
    expect(await db.$count(tyres, eq(tyres.available, true))).toBe(1);
    expect(await db.$count(tyreImports)).toBe(1);
  });
});

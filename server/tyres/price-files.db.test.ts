import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TyreSearchAnswer } from '#common/tyres/catalogue.ts';
import type { StaffTyre, TyreImportReport } from '#common/tyres/staff.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { clearTyres } from '#tests/support/tyres.ts';
import { tyreSources, tyres } from '../db/schema.ts';
import { tyreDescription } from './booking-tyres.ts';

/**
 * Price files as the trade sends them, in layouts made up for these tests
 * (server/tyres/fixtures): a dealer's winter list without a season column, with van tyres'
 * dual load indices, stock written 18.0, European amounts and its own part numbers; and a van
 * specialist's list in British amounts naming some of the same tyres.
 */

const { fixture } = useBookingsApp();

beforeEach(async () => {
  await clearTyres(fixture.database.db);
});

const staff = () => request(fixture.app);
const headers = () => fixture.staff.headers;
const fixtureFile = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));

async function finished(id: number): Promise<TyreImportReport> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const response = await staff().get(`/api/tyres/imports/${id}`).set(headers()).expect(200);
    if (response.body.status !== 'running') return response.body as TyreImportReport;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The import did not finish');
}

/** Saves `mapping` as supplier `name`'s, then imports `file` with it; answers the report. */
async function importWith(name: string, mapping: object, file: string) {
  const supplier = await staff()
    .post('/api/tyres/suppliers')
    .set(headers())
    .send({ name, mapping })
    .expect(201);
  const started = await staff()
    .post('/api/tyres/imports')
    .set(headers())
    .field('mappingId', String(supplier.body.id))
    .field('full', 'true')
    .attach('file', fixtureFile(file), file)
    .expect(202);
  return { supplierId: supplier.body.id as number, report: await finished(started.body.id) };
}

const dealerMapping = {
  part_number: 'Item No',
  ean: 'EAN',
  brand: 'Make',
  pattern: 'Tread Pattern',
  size: 'Dimension',
  load_index: 'LI',
  speed_rating: 'SI',
  cost: 'Net Price',
  supplier_stock: 'Stock',
  lead_days: 'Delivery',
  season: { value: 'winter' },
};

const vanMapping = {
  part_number: 'Part Code',
  ean: 'Barcode',
  brand: 'Brand',
  pattern: 'Pattern',
  size: 'Size',
  load_index: 'Load',
  speed_rating: 'Speed',
  cost: 'Price',
  supplier_stock: 'Qty',
  lead_days: 'Days',
  season: 'Season',
};

const byEan = async (ean: string) =>
  (await fixture.database.db.select().from(tyres).where(eq(tyres.ean, ean)))[0]!;

describe('a dealer’s winter list', () => {
  it('keeps every row that is a tyre: vans’ dual load indices, stock as 18.0, European amounts, its part numbers, all winter tyres', async () => {
    const db = fixture.database.db;
    const { supplierId, report } = await importWith('Winter Dealer', dealerMapping, 'winter-dealer-list.csv');
    expect(report).toMatchObject({
      status: 'done',
      rows: 31,
      imported: 30,
      rejected: 1,
      // The valve kit the dealer lists among its tyres is the only row left out.
      errors: [{ line: 17, reason: 'size: “” is not a tyre size' }],
    });
    const rows = await db.select().from(tyres);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => row.season))).toEqual(new Set(['winter']));
    expect(rows.filter((row) => row.loadIndexDual !== null)).toHaveLength(12);

    expect(await byEan('4019238000007')).toMatchObject({
      width: 215,
      profile: 65,
      rim: 16,
      loadIndex: 109,
      loadIndexDual: 107,
      speedRating: 'R',
      costPence: 11_820,
      supplierStock: 8,
      leadDays: 2,
      supplierId,
    });
    expect(await byEan('8808563400001')).toMatchObject({ loadIndexDual: null, supplierStock: 18 });
    expect(await byEan('8019227000013')).toMatchObject({ costPence: 123_456, supplierStock: 1, leadDays: 5 });
    const sources = await db.select().from(tyreSources);
    expect(sources).toHaveLength(30);
    expect(sources.every((source) => /^WN-100\d\d$/.test(source.partNumber ?? ''))).toBe(true);

    // Shown to staff beside the tyre, with the part number to order it by.
    const van = await byEan('4019238000007');
    const shown = (await staff().get(`/api/tyres/${van.id}`).set(headers()).expect(200)).body as StaffTyre;
    expect(shown).toMatchObject({ loadIndex: 109, loadIndexDual: 107, season: 'winter' });
    expect(shown.sources).toEqual([
      { supplier: 'Winter Dealer', partNumber: 'WN-10007', cost: 11_820, stock: 8, leadDays: 2 },
    ]);
  });

  it('is refused whole, without a season chosen for it, and never taken for a summer list', async () => {
    const { season: _season, ...noSeason } = dealerMapping;
    const refused = await staff()
      .post('/api/tyres/suppliers')
      .set(headers())
      .send({ name: 'Winter Dealer', mapping: noSeason })
      .expect(400);
    expect(refused.body.error).toBe(
      'The file has no season column: choose the season of the whole file (summer, winter or all-season) in the mapping.',
    );
    await staff()
      .post('/api/tyres/suppliers')
      .set(headers())
      .send({ name: 'Winter Dealer', mapping: { ...noSeason, season: { value: '' } } })
      .expect(400);
    expect(await fixture.database.db.$count(tyres)).toBe(0);
  });
});

describe('a tyre two suppliers list', () => {
  it('is one tyre with two sources: stock summed, the cost of the cheapest with stock, each part number kept', async () => {
    const db = fixture.database.db;
    const dealer = await importWith('Winter Dealer', dealerMapping, 'winter-dealer-list.csv');
    const van = await importWith('Van Tyres', vanMapping, 'van-supplier-list.csv');
    expect(van.report).toMatchObject({ status: 'done', rows: 5, imported: 5, rejected: 0, withdrawn: 0 });
    // Four of the five were already in the catalogue (three by EAN, one by its make, pattern and size).
    expect(await db.$count(tyres)).toBe(31);

    // Cheaper at the van specialist, who has it: its cost; the longer delivery of the two.
    expect(await byEan('8808563400001')).toMatchObject({
      costPence: 5_980,
      supplierStock: 24,
      leadDays: 2,
      supplierId: van.supplierId,
    });
    // Cheaper at the dealer.
    expect(await byEan('4019238000007')).toMatchObject({
      costPence: 11_820,
      supplierStock: 18,
      supplierId: dealer.supplierId,
    });
    // British thousands: £1,198.00.
    expect(await byEan('8019227000013')).toMatchObject({ costPence: 119_800, supplierStock: 3, leadDays: 5 });
    // The van specialist has none: the dealer's cost, though it is dearer.
    const [falken] = await db.select().from(tyres).where(eq(tyres.pattern, 'Eurowinter HS02'));
    expect(falken).toMatchObject({ ean: null, costPence: 4_510, supplierStock: 16, leadDays: 1 });

    const hankook = await byEan('8808563400001');
    const shown = (await staff().get(`/api/tyres/${hankook.id}`).set(headers()).expect(200))
      .body as StaffTyre;
    expect(shown.sources).toEqual([
      { supplier: 'Van Tyres', partNumber: 'VT-2055516-HK', cost: 5_980, stock: 6, leadDays: 2 },
      { supplier: 'Winter Dealer', partNumber: 'WN-10001', cost: 6_150, stock: 18, leadDays: 1 },
    ]);

    // The van specialist's next full list leaves the Hankook out: only its source goes, the
    // tyre stays on offer from the dealer.
    const text = fs
      .readFileSync(path.join(import.meta.dirname, 'fixtures', 'van-supplier-list.csv'), 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('VT-2055516-HK'))
      .join('\n');
    const again = await staff()
      .post('/api/tyres/imports')
      .set(headers())
      .field('mappingId', String(van.supplierId))
      .attach('file', Buffer.from(text), 'van-supplier-list.csv')
      .expect(202);
    expect(await finished(again.body.id)).toMatchObject({ status: 'done', imported: 4, withdrawn: 0 });
    expect(await byEan('8808563400001')).toMatchObject({
      available: true,
      costPence: 6_150,
      supplierStock: 18,
      leadDays: 1,
      supplierId: dealer.supplierId,
    });
  });
});

describe('van tyres for customers', () => {
  it('are found by their size written as on the tyre, and shown with their dual load index', async () => {
    await importWith('Winter Dealer', dealerMapping, 'winter-dealer-list.csv');
    const search = async (size: string) =>
      (await request(fixture.app).get('/api/tyres').query({ size }).expect(200)).body as TyreSearchAnswer;
    for (const size of ['215/65 R16C', '215/65R16C 109/107R', '215/65R16']) {
      const answer = await search(size);
      expect(
        answer.items
          .map((item) => `${item.brand} ${item.loadIndex}/${item.loadIndexDual}${item.speedRating}`)
          .sort(),
      ).toEqual([
        'Bridgestone 109/107R',
        'Continental 109/107R',
        'Dunlop 109/107R',
        'Goodyear 109/107T',
        'Vredestein 109/107R',
      ]);
      expect(answer.items.every((item) => item.season === 'winter')).toBe(true);
    }
  });

  it('are named with their dual load index where bookings, e-mails and the diary name them', async () => {
    await importWith('Winter Dealer', dealerMapping, 'winter-dealer-list.csv');
    expect(tyreDescription(await byEan('4019238000007'))).toBe(
      'Continental VanContact Winter 215/65 R16 109/107R',
    );
    expect(tyreDescription(await byEan('8808563400001'))).toBe('Hankook Winter i*cept RS3 205/55 R16 91H');
  });
});

/** Tyres in tests: a catalogue row with sensible values, stored, and an empty catalogue. */
import type { Express } from 'express';
import request from 'supertest';
import { tyreMatchKey, type TyreSearchAnswer } from '#common/tyres/catalogue.ts';
import { priceFileColumns, type PriceFileColumn } from '#common/tyres/price-file.ts';
import type { Database } from '#server/db/client.ts';
import { tyreImports, tyreSuppliers, tyres } from '#server/db/schema.ts';
import { forgetCatalogue } from '#server/tyres/offers.ts';

type NewTyre = typeof tyres.$inferInsert;

let serial = 0;

/**
 * Stores a 205/55R16 91V mid-range summer tyre (Hankook, £40.00 cost, 4 in stock, 20 at the
 * supplier two days away) with `overrides`; answers its row. `unannounced` stores it as another
 * process would: what this process keeps of the catalogue is not forgotten.
 */
export async function addTyre(
  db: Database,
  overrides: Partial<NewTyre> = {},
  { unannounced = false }: { unannounced?: boolean } = {},
) {
  serial += 1;
  const tyre = {
    ean: `5000000${String(serial).padStart(6, '0')}`,
    brand: 'Hankook',
    pattern: `Ventus Prime ${serial}`,
    width: 205,
    profile: 55,
    rim: 16,
    loadIndex: 91,
    speedRating: 'V',
    season: 'summer',
    fuel: 'C',
    wet: 'B',
    noiseDb: 70,
    noiseClass: 'B',
    costPence: 4_000,
    stock: 4,
    supplierStock: 20,
    leadDays: 2,
    ...overrides,
  };
  const [row] = await db
    .insert(tyres)
    .values({ ...tyre, matchKey: tyre.matchKey ?? tyreMatchKey(tyre) })
    .returning();
  if (!unannounced) forgetCatalogue(db);
  return row!;
}

/** Empties the catalogue, its suppliers and its imports. */
export async function clearTyres(db: Database) {
  await db.delete(tyreImports);
  await db.delete(tyres);
  await db.delete(tyreSuppliers);
  forgetCatalogue(db);
}

/** A row of our own column set for tyre number `n` (205/55R16 91V, EAN 5000000000000 + n). */
export function ownRow(n: number, change: Partial<Record<PriceFileColumn, string>> = {}) {
  const values: Record<PriceFileColumn, string> = {
    ean: String(5_000_000_000_000 + n),
    brand: 'Hankook',
    pattern: `Ventus ${n}`,
    width: '205',
    profile: '55',
    rim: '16',
    load_index: '91',
    speed_rating: 'V',
    season: 'summer',
    run_flat: 'no',
    extra_load: 'no',
    fuel: 'C',
    wet: 'B',
    noise_db: '70',
    noise_class: 'B',
    snow: 'no',
    ice: 'no',
    cost: '40.00',
    stock: '4',
    supplier_stock: '20',
    lead_days: '2',
    part_number: '',
    ...change,
  };
  return priceFileColumns.map((column) => values[column]).join(',');
}

/** The fully fitted price customers are shown for the 205/55R16 tyre `id` (GET /api/tyres), or null. */
export async function publicPriceOf(app: Express, id: number): Promise<number | null> {
  const answer = (await request(app).get('/api/tyres').query({ size: '205/55R16' }).expect(200))
    .body as TyreSearchAnswer;
  return answer.items.find((item) => item.id === id)?.price ?? null;
}

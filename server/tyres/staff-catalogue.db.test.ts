import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { addTyre, clearTyres } from '#tests/support/tyres.ts';

const { fixture } = useBookingsApp();

beforeEach(async () => {
  await clearTyres(fixture.database.db);
});

const staff = () => request(fixture.app);
const headers = () => fixture.staff.headers;

describe('the stock table', () => {
  type Row = {
    id: number;
    brand: string;
    stock: number;
    reserved: number;
    cost: number;
    price: number;
    margin: { pence: number };
  };
  const table = async (query: Record<string, string>) =>
    (await staff().get('/api/tyres/catalogue').query(query).set(headers()).expect(200)).body as {
      items: Row[];
      next: number | null;
    };
  const ids = (rows: Row[]) => rows.map((row) => row.id);

  /** Tyres whose brands, stock, holds, costs and own prices each sort them differently. */
  async function addTyres() {
    const db = fixture.database.db;
    return {
      cheap: await addTyre(db, { brand: 'Avon', costPence: 3_000, stock: 10, reserved: 2, supplierStock: 5 }),
      dear: await addTyre(db, {
        brand: 'Michelin',
        costPence: 9_000,
        stock: 2,
        reserved: 0,
        supplierStock: 1,
      }),
      // An own price well above what its cost would make: the largest margin.
      own: await addTyre(db, {
        brand: 'Bridgestone',
        costPence: 5_000,
        priceOverridePence: 25_000,
        stock: 5,
        reserved: 3,
        supplierStock: 40,
      }),
      wide: await addTyre(db, { brand: 'Continental', width: 255, costPence: 6_000, stock: 6, reserved: 1 }),
    };
  }

  it('sorts by each column, both ways, ties in the order tyres were added', async () => {
    const { cheap, dear, own, wide } = await addTyres();
    expect(ids((await table({ sort: 'brand' })).items)).toEqual([cheap.id, own.id, wide.id, dear.id]);
    expect(ids((await table({ sort: 'brand', dir: 'desc' })).items)).toEqual([
      dear.id,
      wide.id,
      own.id,
      cheap.id,
    ]);
    expect(ids((await table({ sort: 'size', dir: 'desc' })).items)).toEqual([
      wide.id,
      cheap.id,
      dear.id,
      own.id,
    ]);
    expect(ids((await table({ sort: 'stock' })).items)).toEqual([dear.id, own.id, wide.id, cheap.id]);
    expect(ids((await table({ sort: 'held', dir: 'desc' })).items)).toEqual([
      own.id,
      cheap.id,
      wide.id,
      dear.id,
    ]);
    expect(ids((await table({ sort: 'supplier' })).items)).toEqual([dear.id, cheap.id, wide.id, own.id]);
    expect(ids((await table({ sort: 'cost', dir: 'desc' })).items)).toEqual([
      dear.id,
      wide.id,
      own.id,
      cheap.id,
    ]);
  });

  it('sorts by the fitted price and the margin the price rules make, as the rows show them', async () => {
    const { cheap, dear, own, wide } = await addTyres();
    const byPrice = (await table({ sort: 'price' })).items;
    expect(ids(byPrice)).toEqual([cheap.id, wide.id, dear.id, own.id]);
    expect(byPrice.map((row) => row.price)).toEqual(
      byPrice.map((row) => row.price).toSorted((a, b) => a - b),
    );
    const byMargin = (await table({ sort: 'margin', dir: 'desc' })).items;
    const margins = byMargin.map((row) => row.margin.pence);
    expect(margins).toEqual(margins.toSorted((a, b) => b - a));
    // What the sale makes before VAT (at the default 20%) over the cost.
    for (const row of byMargin) expect(row.margin.pence).toBe(Math.round(row.price / 1.2 - row.cost));
    expect(byMargin[0]!.id).toBe(own.id);
  });

  it('shows only the tyres with at most three free on the shelf when low stock is asked for', async () => {
    const { dear, own } = await addTyres();
    // dear: 2 on the shelf; own: 5, of which 3 held, so 2 free; the others have 5 or more free.
    expect(ids((await table({ low: 'true', sort: 'brand' })).items)).toEqual([own.id, dear.id]);
    expect((await table({ low: 'false' })).items).toHaveLength(4);
  });

  it('pages a sorted table 50 tyres at a time, the next page where the last ended', async () => {
    const db = fixture.database.db;
    const added = [];
    for (let n = 0; n < 55; n += 1)
      added.push(await addTyre(db, { costPence: 3_000 + ((n * 37) % 55) * 100 }));
    const byCost = added.toSorted((a, b) => b.costPence - a.costPence || a.id - b.id).map((row) => row.id);
    for (const sort of ['cost', 'price']) {
      const first = await table({ sort, dir: 'desc' });
      expect(first.next).toBe(50);
      const second = await table({ sort, dir: 'desc', offset: '50' });
      expect(second.next).toBeNull();
      expect([...ids(first.items), ...ids(second.items)]).toEqual(byCost);
    }
  });
});

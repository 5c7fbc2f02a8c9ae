import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TyreImportReport } from '#common/tyres/staff.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { addTyre, clearTyres, publicPriceOf } from '#tests/support/tyres.ts';
import { activityLog, tyreImports, tyres } from '../db/schema.ts';
import { failStaleImports } from './staff-routes.ts';
import { demoTyres } from './demo-catalogue.ts';

const { fixture } = useBookingsApp();

beforeEach(async () => {
  await clearTyres(fixture.database.db);
});

const staff = () => request(fixture.app);
const headers = () => fixture.staff.headers;

const publicPrice = (id: number) => publicPriceOf(fixture.app, id);

describe('a tyre, for staff', () => {
  it('shows its cost and stock, and its stock changes only with a reason, recorded in the activity log', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 4, reserved: 1, supplierStock: 12 });
    const shown = await staff().get(`/api/tyres/${tyre.id}`).set(headers()).expect(200);
    expect(shown.body).toMatchObject({
      id: tyre.id,
      stock: 4,
      reserved: 1,
      supplierStock: 12,
      cost: 4_000,
      price: 7_499,
    });

    const noReason = await staff()
      .patch(`/api/tyres/${tyre.id}`)
      .set(headers())
      .send({ stock: 6 })
      .expect(400);
    expect(noReason.body.fieldErrors.reason).toEqual([
      'Say why the stock changes, for example “Counted the shelf”',
    ]);
    const belowHeld = await staff()
      .patch(`/api/tyres/${tyre.id}`)
      .set(headers())
      .send({ stock: 0, reason: 'Counted' })
      .expect(409);
    expect(belowHeld.body.error).toBe(
      '1 of these tyres are held for bookings: the stock cannot be less than that.',
    );

    const changed = await staff()
      .patch(`/api/tyres/${tyre.id}`)
      .set(headers())
      .send({ stock: 6, reason: 'Delivery from the supplier' })
      .expect(200);
    expect(changed.body).toMatchObject({ stock: 6, reserved: 1 });
    const [entry] = await fixture.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.kind, 'tyre-changed'));
    expect(entry).toMatchObject({
      actorName: fixture.staff.username,
      target: `tyre Hankook ${tyre.pattern} 205/55R16`,
      detail: { stock: '4 → 6', reason: 'Delivery from the supplier' },
    });
  });

  it('takes its own price and can be hidden from customers', async () => {
    const tyre = await addTyre(fixture.database.db);
    expect(await publicPrice(tyre.id)).toBe(7_499);
    await staff().patch(`/api/tyres/${tyre.id}`).set(headers()).send({ priceOverride: 6_999 }).expect(200);
    expect(await publicPrice(tyre.id)).toBe(6_999);
    await staff()
      .patch(`/api/tyres/${tyre.id}`)
      .set(headers())
      .send({ priceOverride: null, hidden: true })
      .expect(200);
    expect(await publicPrice(tyre.id)).toBeNull();
    await staff().get('/api/tyres/99999').set(headers()).expect(404);
  });

  it('is found by size, brand or EAN', async () => {
    const db = fixture.database.db;
    const a = await addTyre(db, { brand: 'Michelin', ean: '3528700000001' });
    const b = await addTyre(db, { width: 225, profile: 45, rim: 17 });
    const find = async (q: string) =>
      (
        (await staff().get('/api/tyres/catalogue').query({ q }).set(headers()).expect(200)).body.items as {
          id: number;
        }[]
      ).map((item) => item.id);
    expect(await find('225/45 R17')).toEqual([b.id]);
    expect(await find('michelin')).toEqual([a.id]);
    expect(await find('3528700000001')).toEqual([a.id]);
    expect(await find('')).toEqual([a.id, b.id]);
  });

  it('removes the demo catalogue when staff ask', async () => {
    const db = fixture.database.db;
    await db.insert(tyres).values(demoTyres().slice(0, 3));
    const own = await addTyre(db);
    const page = await staff().get('/api/tyres/catalogue').set(headers()).expect(200);
    expect(page.body.demoCount).toBe(3);
    expect((await staff().delete('/api/tyres/demo').set(headers()).expect(200)).body).toEqual({ removed: 3 });
    expect((await db.select({ id: tyres.id }).from(tyres)).map((row) => row.id)).toEqual([own.id]);
  });
});

/** Waits for an import to finish; answers its report. */
async function finished(id: number): Promise<TyreImportReport> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await staff().get(`/api/tyres/imports/${id}`).set(headers()).expect(200);
    if (response.body.status !== 'running') return response.body as TyreImportReport;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The import did not finish');
}

describe('price files through the API', () => {
  const ownFile = [
    'ean,brand,pattern,width,profile,rim,load_index,speed_rating,cost,stock',
    '5000000000001,Hankook,Ventus Prime 4,205,55,16,91,V,40.00,4',
    '5000000000002,Nankang,Econex,205,55,16,91,Q,30.00,2',
    '5000000000003,Falken,Ziex,205,55,16,nine,V,35.00,2',
  ].join('\n');

  it('answers 202 with the import’s id, then its progress and the rows it refused, also as CSV', async () => {
    const started = await staff()
      .post('/api/tyres/imports')
      .set(headers())
      .attach('file', Buffer.from(ownFile), 'prices.csv')
      .expect(202);
    expect(started.body).toEqual({ id: expect.any(Number) });
    const report = await finished(started.body.id);
    expect(report).toMatchObject({
      status: 'done',
      rows: 3,
      imported: 2,
      rejected: 1,
      errors: [{ line: 4, reason: 'load_index: “nine” is not a whole number' }],
      startedBy: fixture.staff.username,
    });
    const csv = await staff()
      .get(`/api/tyres/imports/${started.body.id}/errors.csv`)
      .set(headers())
      .expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text).toBe('\uFEFFline,reason\r\n4,load_index: “nine” is not a whole number\r\n');
    expect(await fixture.database.db.$count(tyres)).toBe(2);
  });

  it('keeps a supplier’s mapping and reads its file by it', async () => {
    const refused = await staff()
      .post('/api/tyres/suppliers')
      .set(headers())
      .send({ name: 'Wholesale', mapping: { brand: 'Make' } })
      .expect(400);
    expect(refused.body.error).toBe(
      'Choose the file’s columns for pattern, cost, width, profile, rim, load_index, speed_rating.',
    );
    const supplier = await staff()
      .post('/api/tyres/suppliers')
      .set(headers())
      .send({ name: 'Wholesale', mapping: { brand: 'Make', pattern: 'Tread', size: 'Size', cost: 'Net' } })
      .expect(201);
    await staff()
      .post('/api/tyres/suppliers')
      .set(headers())
      .send({ name: ' Wholesale ', mapping: supplier.body.mapping })
      .expect(409);
    expect((await staff().get('/api/tyres/suppliers').set(headers()).expect(200)).body).toEqual([
      supplier.body,
    ]);
    const started = await staff()
      .post('/api/tyres/imports')
      .set(headers())
      .field('mappingId', String(supplier.body.id))
      .attach('file', Buffer.from('Make;Tread;Size;Net\nToyo;Proxes;205/55 R16 91V;44,00\n'), 'wholesale.csv')
      .expect(202);
    expect(await finished(started.body.id)).toMatchObject({
      status: 'done',
      imported: 1,
      supplier: 'Wholesale',
    });
  });

  it('runs one import at a time; one left running by a stopped server is marked failed at the next start', async () => {
    const db = fixture.database.db;
    const [running] = await db.insert(tyreImports).values({ fileName: 'big.csv' }).returning();
    const refused = await staff()
      .post('/api/tyres/imports')
      .set(headers())
      .attach('file', Buffer.from(ownFile), 'prices.csv')
      .expect(409);
    expect(refused.body.error).toBe('An import is already running: wait for it to finish.');
    await failStaleImports(db);
    expect((await db.select().from(tyreImports).where(eq(tyreImports.id, running!.id)))[0]!.status).toBe(
      'running',
    );
    await db
      .update(tyreImports)
      .set({ startedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(tyreImports.id, running!.id));
    await failStaleImports(db);
    const list = await staff().get('/api/tyres/imports').set(headers()).expect(200);
    expect(list.body[0]).toMatchObject({
      id: running!.id,
      status: 'failed',
      failure: 'The server stopped before the import finished.',
    });
  });

  it('refuses a request without a file, and an unknown mapping', async () => {
    await staff().post('/api/tyres/imports').set(headers()).field('full', 'true').expect(400);
    const unknown = await staff()
      .post('/api/tyres/imports')
      .set(headers())
      .field('mappingId', '999')
      .attach('file', Buffer.from(ownFile), 'prices.csv')
      .expect(400);
    expect(unknown.body.error).toBe('There is no such supplier’s mapping.');
  });
});

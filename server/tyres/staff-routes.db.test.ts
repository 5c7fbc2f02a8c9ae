import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import type { TyreImportReport } from '#common/tyres/staff.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { addTyre, clearTyres, ownRow, publicPriceOf } from '#tests/support/tyres.ts';
import { priceFileColumns } from '#common/tyres/price-file.ts';
import { activityLog, tyreImports, tyres } from '../db/schema.ts';
import { createImport, failStaleImports, ImportRunningError } from './import-records.ts';
import { priceFileUploadsRoot } from './upload.ts';

/** This process's price files waiting in the uploads folder. */
const leftUploads = () => {
  try {
    return fs.readdirSync(priceFileUploadsRoot()).filter((name) => name.startsWith(`${process.pid}-`));
  } catch {
    return [];
  }
};
import { demoTyres } from './demo-catalogue.ts';

const { fixture } = useBookingsApp();

beforeEach(async () => {
  await clearTyres(fixture.database.db);
});

const staff = () => request(fixture.app);
const header = priceFileColumns.join(',');
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
    expect(await find(`michelin${' '.repeat(80)}ignored`)).toEqual([a.id]);
    const after = await staff().get('/api/tyres/catalogue?offset=1').set(headers()).expect(200);
    expect(after.body.items.map((item: { id: number }) => item.id)).toEqual([b.id]);
  });

  it('refuses a bad search, sort, filter or page with a 400 naming it', async () => {
    const bad = await staff()
      .get('/api/tyres/catalogue?q=a&q=b&offset=x&sort=colour&dir=up&low=maybe')
      .set(headers())
      .expect(400);
    expect(bad.body).toEqual({
      error: invalidFieldsMessage,
      fieldErrors: {
        q: ['Give q once.'],
        offset: ['offset must be a whole number from 0 to 2147483647.'],
        sort: ['sort must be one of brand, pattern, size, stock, held, supplier, cost, price, margin.'],
        dir: ['dir must be asc or desc.'],
        low: ['low must be true or false.'],
      },
    });
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
    'ean,brand,pattern,width,profile,rim,load_index,speed_rating,season,cost,stock',
    '5000000000001,Hankook,Ventus Prime 4,205,55,16,91,V,summer,40.00,4',
    '5000000000002,Nankang,Econex,205,55,16,91,Q,summer,30.00,2',
    '5000000000003,Falken,Ziex,205,55,16,nine,V,summer,35.00,2',
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
      errors: [{ line: 4, reason: 'load_index: “nine” is not a load index (91, or 104/102 for a van tyre)' }],
      startedBy: fixture.staff.username,
    });
    const csv = await staff()
      .get(`/api/tyres/imports/${started.body.id}/errors.csv`)
      .set(headers())
      .expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text).toBe(
      '\uFEFFline,reason\r\n4,"load_index: “nine” is not a load index (91, or 104/102 for a van tyre)"\r\n',
    );
    expect(await fixture.database.db.$count(tyres)).toBe(2);
  });

  it('keeps a supplier’s mapping and reads its file by it', async () => {
    const refused = await staff()
      .post('/api/tyres/suppliers')
      .set(headers())
      .send({ name: 'Wholesale', mapping: { brand: 'Make' } })
      .expect(400);
    expect(refused.body.error).toBe(
      'Choose the file’s columns for pattern, cost, season, width, profile, rim, load_index, speed_rating.',
    );
    const supplier = await staff()
      .post('/api/tyres/suppliers')
      .set(headers())
      .send({
        name: 'Wholesale',
        mapping: { brand: 'Make', pattern: 'Tread', size: 'Size', cost: 'Net', season: { value: 'summer' } },
      })
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

  it('runs one import at a time, held by the database: of two full files sent at once one runs, the other is refused', async () => {
    const db = fixture.database.db;
    const file = (first: number) =>
      [header, ...Array.from({ length: 300 }, (_, index) => ownRow(first + index))].join('\n');
    const send = (first: number) =>
      staff()
        .post('/api/tyres/imports')
        .set(headers())
        .attach('file', Buffer.from(file(first)), `from-${first}.csv`);
    const answers = await Promise.all([send(1), send(1_001)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.error).toBe('An import is already running: wait for it to finish.');
    const started = answers.find((answer) => answer.status === 202)!;
    expect(await finished(started.body.id)).toMatchObject({ status: 'done', imported: 300, withdrawn: 0 });
    // The import that ran keeps its tyres on offer: customers still find them.
    expect(await db.$count(tyres, eq(tyres.available, true))).toBe(300);
    expect(await db.$count(tyreImports)).toBe(1);
    const search = await request(fixture.app).get('/api/tyres').query({ size: '205/55R16' }).expect(200);
    expect(search.body.items).toHaveLength(300);
    expect(leftUploads()).toEqual([]);

    // Two claimed at the same moment below the API: the database lets exactly one through.
    const claims = await Promise.allSettled(
      [1, 2].map(() =>
        createImport(db, { supplierId: null, fileName: 'x.csv', full: true, startedBy: null }),
      ),
    );
    expect(claims.map((claim) => claim.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(
      (claims.find((claim) => claim.status === 'rejected') as PromiseRejectedResult).reason,
    ).toBeInstanceOf(ImportRunningError);
  });

  it('lets an import left running by a stopped server give way: after ten minutes, or at the start of the embedded database’s server', async () => {
    const db = fixture.database.db;
    const [running] = await db
      .insert(tyreImports)
      .values({ fileName: 'big.csv', startedAt: new Date() })
      .returning();
    const refused = await staff()
      .post('/api/tyres/imports')
      .set(headers())
      .attach('file', Buffer.from(ownFile), 'prices.csv')
      .expect(409);
    expect(refused.body.error).toBe('An import is already running: wait for it to finish.');
    expect(await failStaleImports(db)).toBe(0);
    expect((await db.select().from(tyreImports).where(eq(tyreImports.id, running!.id)))[0]!.status).toBe(
      'running',
    );
    // The only process of the embedded database starting: nothing of its own can be running.
    expect(await failStaleImports(db, { all: true })).toBe(1);

    const [stale] = await db
      .insert(tyreImports)
      .values({ fileName: 'big.csv', startedAt: new Date(Date.now() - 11 * 60_000) })
      .returning();
    const started = await staff()
      .post('/api/tyres/imports')
      .set(headers())
      .attach('file', Buffer.from(ownFile), 'prices.csv')
      .expect(202);
    await finished(started.body.id);
    const list = await staff().get('/api/tyres/imports').set(headers()).expect(200);
    expect(list.body.map((row: TyreImportReport) => [row.id, row.status, row.failure])).toEqual([
      [started.body.id, 'done', null],
      [stale!.id, 'failed', 'The server stopped before the import finished.'],
      [running!.id, 'failed', 'The server stopped before the import finished.'],
    ]);
  });

  it('removes what came of a file whose upload is cut off, and the import it claimed', async () => {
    const db = fixture.database.db;
    const server = http.createServer(fixture.app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const boundary = 'cut-off-boundary';
      const upload = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/tyres/imports',
        headers: {
          ...headers(),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(10 * 1024 * 1024),
        },
      });
      upload.on('error', () => {});
      upload.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n` +
          `Content-Type: text/csv\r\n\r\n${header}\n${ownRow(1)}\n`.padEnd(64 * 1024, ' '),
      );
      await vi.waitFor(
        () => {
          const [folder] = leftUploads();
          expect(fs.readdirSync(path.join(priceFileUploadsRoot(), folder!))).toEqual(['prices.csv']);
        },
        { timeout: 5_000, interval: 20 },
      );
      expect(await db.$count(tyreImports, eq(tyreImports.status, 'running'))).toBe(1);
      upload.destroy();
      await vi.waitFor(() => expect(leftUploads()).toEqual([]), { timeout: 5_000, interval: 20 });
      await vi.waitFor(async () => expect(await db.$count(tyreImports)).toBe(0), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      server.close();
    }
    // Nothing stands in the way of the next one.
    const started = await staff()
      .post('/api/tyres/imports')
      .set(headers())
      .attach('file', Buffer.from(ownFile), 'prices.csv')
      .expect(202);
    expect(await finished(started.body.id)).toMatchObject({ status: 'done' });
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

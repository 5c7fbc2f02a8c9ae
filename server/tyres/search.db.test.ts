import request from 'supertest';
import pino from 'pino';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TyreSearchAnswer } from '#common/tyres/catalogue.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { createTestApp } from '#tests/support/app.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { addTyre, clearTyres } from '#tests/support/tyres.ts';
import { bookingNow } from '#tests/support/bookings.ts';
import { tyres } from '../db/schema.ts';
import { demoTyres, seedDemoTyres } from './demo-catalogue.ts';
import { bookingTyres } from './booking-tyres.ts';
import { searchTyres } from './offers.ts';

// Tuesday 24 November 2026, 10:00: every day has windows at 08:00 and 10:00, and four hours'
// notice leaves none today, so the first day anything can be fitted is tomorrow, the 25th.
const { fixture, clock, content } = useBookingsApp();

beforeEach(async () => {
  await clearTyres(fixture.database.db);
});

const search = async (query: Record<string, string | number | boolean>) =>
  (await request(fixture.app).get('/api/tyres').query(query).expect(200)).body as TyreSearchAnswer;

describe('GET /api/tyres/sizes', () => {
  it('answers the sizes of the tyres on offer, not those hidden or out of range', async () => {
    const db = fixture.database.db;
    await addTyre(db);
    await addTyre(db);
    await addTyre(db, { width: 225, profile: 45, rim: 17, loadIndex: 94, speedRating: 'W' });
    await addTyre(db, { width: 195, profile: 65, rim: 15, hidden: true });
    await addTyre(db, { width: 185, profile: 65, rim: 15, available: false });
    const response = await request(fixture.app).get('/api/tyres/sizes').expect(200);
    expect(response.body).toEqual([
      { width: 205, profile: 55, rim: 16 },
      { width: 225, profile: 45, rim: 17 },
    ]);
  });
});

describe('GET /api/tyres', () => {
  it('answers each tyre of the size with its fully fitted price, tier, label and first fitting day', async () => {
    const db = fixture.database.db;
    const own = await addTyre(db, { brand: 'Hankook', pattern: 'Ventus Prime 4' });
    const supplier = await addTyre(db, {
      brand: 'Michelin',
      pattern: 'Primacy 4+',
      stock: 0,
      costPence: 6_000,
      leadDays: 3,
    });
    const neither = await addTyre(db, {
      brand: 'Nankang',
      pattern: 'Econex NA-1',
      stock: 0,
      supplierStock: 0,
    });
    await addTyre(db, { width: 225, profile: 45, rim: 17 });

    const answer = await search({ size: '205/55R16' });
    expect(answer.size).toBe('205/55R16');
    expect(answer.alternatives).toEqual([]);
    expect(answer.items).toEqual([
      {
        id: own.id,
        brand: 'Hankook',
        pattern: 'Ventus Prime 4',
        size: '205/55R16',
        loadIndex: 91,
        loadIndexDual: null,
        speedRating: 'V',
        season: 'summer',
        runFlat: false,
        extraLoad: false,
        label: { fuel: 'C', wet: 'B', noiseDb: 70, noiseClass: 'B', snow: false, ice: false },
        tier: 'mid-range',
        // £40.00 + 30% + VAT = £62.40 -> £62.99, and £12.00 fitting for a 16-inch rim.
        price: 7_499,
        fittedFrom: '2026-11-25',
        availability: 'in-stock',
        slug: 'hankook-ventus-prime-4-91v',
      },
      // £60.00 + 30% + VAT = £93.60 -> £93.99 + £12.00; three days from the supplier.
      expect.objectContaining({
        id: supplier.id,
        tier: 'premium',
        price: 10_599,
        fittedFrom: '2026-11-27',
        availability: 'supplier',
      }),
      // £40.00 + 25% + VAT = £60.00 -> £60.99 + £12.00: cheaper, but it cannot be fitted.
      expect.objectContaining({
        id: neither.id,
        tier: 'budget',
        price: 7_299,
        fittedFrom: null,
        availability: 'none',
      }),
    ]);
  });

  it('reads the size in its usual spellings, and dates by the quantity asked for', async () => {
    await addTyre(fixture.database.db, { stock: 2, leadDays: 1 });
    for (const size of ['205 55 16', '205/55 R16 91V', '205-55-r16']) {
      expect((await search({ size })).items).toHaveLength(1);
    }
    expect((await search({ size: '205/55R16', quantity: 2 })).items[0]).toMatchObject({
      availability: 'in-stock',
    });
    expect((await search({ size: '205/55R16', quantity: 4 })).items[0]).toMatchObject({
      availability: 'supplier',
      fittedFrom: '2026-11-25',
    });
  });

  it('gives each size its own tyres when several are searched at once (and read together)', async () => {
    const sizes = [
      { width: 205, profile: 55, rim: 16 },
      { width: 225, profile: 45, rim: 17 },
      { width: 195, profile: 65, rim: 15 },
    ];
    for (const [index, size] of sizes.entries()) {
      for (let count = 0; count <= index; count += 1) await addTyre(fixture.database.db, size);
    }
    // In one go, as concurrent requests ask: the first size is read alone, the others together.
    const deps = {
      db: fixture.database.db,
      logger: pino({ level: 'silent' }),
      limit: { max: 1_000, windowMs: 60_000, scope: 'booking' },
      clock: () => clock.now,
      content: async () => content.content,
      settings: content.settings.inForce,
      publicUrl: 'http://localhost',
      tyres: bookingTyres,
    };
    const answers = await Promise.all(
      sizes.map((size) =>
        searchTyres(deps, {
          size: { ...size, loadIndex: null, speedRating: null },
          sort: 'price',
          quantity: 1,
        }),
      ),
    );
    expect(answers.map((answer) => [answer.size, answer.items.map((item) => item.size)])).toEqual([
      ['205/55R16', ['205/55R16']],
      ['225/45R17', ['225/45R17', '225/45R17']],
      ['195/65R15', ['195/65R15', '195/65R15', '195/65R15']],
    ]);
  });

  it('sorts the whole list by price, wet grip, fuel efficiency or noise, whatever the tiers, and filters by brand, season, run-flat, tier and tomorrow', async () => {
    const db = fixture.database.db;
    const a = await addTyre(db, { brand: 'Nankang', costPence: 3_000, wet: 'C', fuel: 'B', noiseDb: 72 });
    const b = await addTyre(db, {
      brand: 'Hankook',
      costPence: 4_000,
      wet: 'A',
      fuel: 'C',
      noiseDb: 68,
      season: 'all-season',
    });
    const c = await addTyre(db, {
      brand: 'Michelin',
      costPence: 6_000,
      wet: 'B',
      fuel: 'A',
      noiseDb: 70,
      runFlat: true,
      stock: 0,
      leadDays: 3,
    });
    const ids = async (query: Record<string, string>) =>
      (await search({ size: '205/55R16', ...query })).items.map((item) => item.id);
    expect(await ids({})).toEqual([a.id, b.id, c.id]);
    // Mid-range graded A, premium graded B, budget graded C: one order, not one per tier.
    expect((await search({ size: '205/55R16', sort: 'wet' })).items.map((item) => item.tier)).toEqual([
      'mid-range',
      'premium',
      'budget',
    ]);
    expect(await ids({ sort: 'wet' })).toEqual([b.id, c.id, a.id]);
    expect(await ids({ sort: 'fuel' })).toEqual([c.id, a.id, b.id]);
    expect(await ids({ sort: 'noise' })).toEqual([b.id, c.id, a.id]);
    expect(await ids({ brand: 'HANKOOK' })).toEqual([b.id]);
    expect(await ids({ season: 'all-season' })).toEqual([b.id]);
    expect(await ids({ runflat: 'true' })).toEqual([c.id]);
    expect(await ids({ tomorrow: 'true' })).toEqual([a.id, b.id]);
    expect(await ids({ tier: 'premium', sort: 'noise' })).toEqual([c.id]);
  });

  it('leaves out hidden tyres and those out of range, and prices a tyre at its own price where staff set one', async () => {
    const db = fixture.database.db;
    await addTyre(db, { hidden: true });
    await addTyre(db, { available: false });
    const own = await addTyre(db, { priceOverridePence: 9_950 });
    expect((await search({ size: '205/55R16' })).items).toEqual([
      expect.objectContaining({ id: own.id, price: 9_950 }),
    ]);
  });

  it('offers sizes within 3% of the diameter, at least as strong and fast, when nothing of the size can be fitted', async () => {
    const db = fixture.database.db;
    await addTyre(db, { stock: 0, supplierStock: 0, loadIndex: 91, speedRating: 'V' });
    // 225/45R17: 0.1% smaller. Strong and fast enough.
    const plusOne = await addTyre(db, { width: 225, profile: 45, rim: 17, loadIndex: 94, speedRating: 'W' });
    // 215/55R16: 1.7% larger, but rated H, slower than V.
    await addTyre(db, { width: 215, profile: 55, rim: 16, loadIndex: 93, speedRating: 'H' });
    // 195/55R16: 1.7% smaller, load index 87 below 91.
    await addTyre(db, { width: 195, profile: 55, rim: 16, loadIndex: 87, speedRating: 'V' });
    // 205/60R16: 3.2% larger.
    await addTyre(db, { width: 205, profile: 60, rim: 16, loadIndex: 92, speedRating: 'V' });
    // 215/55R16 rated V: stands in.
    const wider = await addTyre(db, {
      width: 215,
      profile: 55,
      rim: 16,
      loadIndex: 93,
      speedRating: 'V',
      costPence: 3_000,
    });
    const answer = await search({ size: '205/55R16' });
    expect(answer.items).toHaveLength(1);
    expect(answer.alternatives.map((item) => item.id)).toEqual([wider.id, plusOne.id]);
    expect(answer.alternatives.map((item) => item.size)).toEqual(['215/55R16', '225/45R17']);
    // What the customer typed sets the bar when they gave it: 95 is more than 94.
    expect((await search({ size: '205/55R16 95V' })).alternatives).toEqual([]);
  });

  it('refuses what is not a size, a sort or a quantity, naming the parameter', async () => {
    for (const [query, name, error] of [
      [{}, 'size', 'size must be a tyre size, for example 205/55R16.'],
      [{ size: 'big ones' }, 'size', 'size must be a tyre size, for example 205/55R16.'],
      [{ size: '205/55R16', sort: 'cheapest' }, 'sort', 'sort must be one of price, wet, fuel, noise.'],
      [
        { size: '205/55R16', season: 'spring' },
        'season',
        'season must be one of summer, winter, all-season.',
      ],
      [{ size: '205/55R16', quantity: '7' }, 'quantity', 'quantity must be a whole number from 1 to 6.'],
      [{ size: '205/55R16', runflat: 'maybe' }, 'runflat', 'runflat must be true or false.'],
      [{ size: '205/55R16', brand: 'b'.repeat(41) }, 'brand', 'brand is too long.'],
      [{ size: '205/55R16', tier: 'luxury' }, 'tier', 'tier must be one of budget, mid-range, premium.'],
      [{ size: '205/55R16', brand: ['A', 'B'] }, 'brand', 'Give brand once.'],
    ] as const) {
      const response = await request(fixture.app).get('/api/tyres').query(query).expect(400);
      expect(response.body).toEqual({ error: invalidFieldsMessage, fieldErrors: { [name]: [error] } });
    }
  });
});

describe('the demo catalogue', () => {
  it('puts a few hundred tyres across twenty sizes in a new database, once', async () => {
    const db = fixture.database.db;
    expect(await seedDemoTyres(db)).toBe(true);
    const rows = await db.select().from(tyres);
    expect(rows.length).toBe(demoTyres().length);
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(new Set(rows.map((row) => `${row.width}/${row.profile}R${row.rim}`)).size).toBe(20);
    expect(rows.every((row) => row.demo && /^2\d{12}$/.test(row.ean!))).toBe(true);
    await clearTyres(db);
    expect(await seedDemoTyres(db)).toBe(false);
    expect(await db.select().from(tyres)).toEqual([]);
  });

  it('finds tyres of every tier in stock for 205/55 R16', async () => {
    // The demo catalogue was seeded (and its marker left) by the test before.
    await fixture.database.db.insert(tyres).values(demoTyres());
    const answer = await search({ size: '205/55R16', quantity: 2 });
    for (const tier of ['budget', 'mid-range', 'premium'])
      expect(answer.items.some((item) => item.tier === tier && item.availability === 'in-stock')).toBe(true);
  });
});

describe('GET /api/tyres as it is kept and sent', () => {
  it('goes compressed as the client accepts (Brotli, else gzip), with an ETag a repeat request turns into 304', async () => {
    const db = fixture.database.db;
    for (let index = 0; index < 6; index += 1) await addTyre(db, { pattern: `Pattern ${index}` });
    const plain = await request(fixture.app)
      .get('/api/tyres?size=205/55R16')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const text = JSON.stringify(plain.body);
    expect(text.length).toBeGreaterThan(1024);

    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await request(fixture.app)
        .get('/api/tyres?size=205/55R16')
        .set('Accept-Encoding', accepted)
        .expect(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.etag).toBe(plain.headers.etag);
      // Sent compressed (the client here decodes it).
      expect(Number(response.headers['content-length'])).toBeLessThan(text.length / 3);
      expect(response.body).toEqual(plain.body);
    }

    await request(fixture.app)
      .get('/api/tyres?size=205/55R16')
      .set('If-None-Match', plain.headers.etag!)
      .expect(304);
  });

  it('keeps an answer through the minutes of a day, and works it out again on the next day', async () => {
    const db = fixture.database.db;
    await addTyre(db, { brand: 'Hankook' });
    const first = await search({ size: '205/55R16' });
    expect(first.items.map((item) => [item.brand, item.fittedFrom])).toEqual([['Hankook', '2026-11-25']]);
    // A tyre another process stored: this process's answer stands while it is kept, minutes on.
    await addTyre(db, { brand: 'Falken' }, { unannounced: true });
    clock.now = new Date(bookingNow.getTime() + 90_000);
    expect(await search({ size: '205/55R16' })).toEqual(first);
    // The next day, the first fitting day is the day after.
    clock.now = new Date(bookingNow.getTime() + 24 * 3_600_000);
    expect((await search({ size: '205/55R16' })).items.map((item) => item.fittedFrom)).not.toContain(
      '2026-11-25',
    );
  });

  it('is answered ahead of the middleware with the headers and log line of every API answer, and a mistake still gets its message', async () => {
    await addTyre(fixture.database.db);
    const lines: Record<string, unknown>[] = [];
    const app = createTestApp(fixture.database, {
      clock: () => clock.now,
      siteContent: content,
      settings: content.settings,
      logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }),
    });
    const searched = await request(app).get('/api/tyres?size=205/55R16').expect(200);
    // The sizes go through the middleware: every header but the answer's own is the same.
    const other = await request(app).get('/api/tyres/sizes').expect(200);
    const shared = (headers: Record<string, string>) =>
      Object.keys(headers)
        .filter((name) => !['etag', 'content-length', 'date', 'x-request-id'].includes(name))
        .sort();
    expect(shared(searched.headers)).toEqual(shared(other.headers));
    for (const name of ['cache-control', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'])
      expect(searched.headers[name]).toBe(other.headers[name]);
    const nonce = /'nonce-([\w-]{22})'/;
    expect(searched.headers['content-security-policy']).toMatch(nonce);
    expect(searched.headers['content-security-policy']!.replace(nonce, '')).toBe(
      other.headers['content-security-policy']!.replace(nonce, ''),
    );
    expect(searched.headers['cache-control']).toBe('no-store');

    const id = searched.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(() =>
      expect(lines.find((line) => (line.req as { id?: string })?.id === id)).toBeDefined(),
    );
    expect(lines.find((line) => (line.req as { id?: string })?.id === id)).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id, method: 'GET', path: '/api/tyres' },
      res: { status: 200 },
      responseTime: expect.any(Number),
    });

    const refused = await request(app).get('/api/tyres?size=big').expect(400);
    expect(refused.body.fieldErrors).toEqual({ size: ['size must be a tyre size, for example 205/55R16.'] });
    expect(refused.headers['content-security-policy']).toMatch(nonce);
    await vi.waitFor(() =>
      expect(
        lines.some((line) => line.level === 40 && (line.res as { status?: number })?.status === 400),
      ).toBe(true),
    );
  });
});

import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TyreSearchAnswer } from '#common/tyres/catalogue.ts';
import { defaultTyrePricing, type TyrePricingSettings } from '#common/tyres/pricing-settings.ts';
import type { TyreImportReport } from '#common/tyres/staff.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { bookingContent, bookingNow, makeBooking, tomorrow } from '#tests/support/bookings.ts';
import { addTyre, clearTyres, ownRow } from '#tests/support/tyres.ts';
import { priceFileColumns } from '#common/tyres/price-file.ts';
import { tyres } from '../db/schema.ts';

// The app as the server runs it: the searches' answers kept per size until the database
// announces a change to that size's tyres (kept-search.ts, migration 0028), or this process
// makes one.
const { fixture, content, book, clock } = useBookingsApp({ watchStaffData: true });

const kept = () => fixture.staffMemories!.tyres;

const dayAfterTomorrow = '2026-11-26';

beforeEach(async () => {
  await clearTyres(fixture.database.db);
});

const search = async (size: string, quantity = 1) =>
  (await request(fixture.app).get('/api/tyres').query({ size, quantity }).expect(200))
    .body as TyreSearchAnswer;

/** The one offer of `size` (each test stores one tyre of a size). */
const offerOf = async (size: string, quantity = 1) => (await search(size, quantity)).items[0]!;

/** Waits until the answers forgotten by the changes announced so far are made again (kept-search.ts). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 1_500));

describe('the kept search answers', () => {
  it('are kept per size, each until a change to that size’s tyres is announced, by any process', async () => {
    const db = fixture.database.db;
    const small = await addTyre(db, { stock: 4, supplierStock: 0 });
    await addTyre(db, { width: 225, profile: 45, rim: 17, stock: 4 });
    expect((await offerOf('205/55R16', 4)).availability).toBe('in-stock');
    await search('225/45R17', 4);
    // The announcements of the two sizes stored above may come after these searches (later on a
    // busy machine): each forgets its size's answers, made again at once.
    await vi.waitFor(() => expect(kept().size).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    await settled();
    const before = kept().size;
    expect(before).toBeGreaterThanOrEqual(2);

    // Asked again: the same answer, not worked out again.
    const first = await request(fixture.app).get('/api/tyres').query({ size: '225/45R17', quantity: 4 });
    await search('205/55R16', 4);
    expect(kept().size).toBe(before);

    // Another process (here, a statement of the test's own) sells the shelf of 205/55 R16: the
    // database announces the size, its answer is forgotten and made again before anyone asks.
    await db.update(tyres).set({ stock: 0 }).where(eq(tyres.id, small.id));
    await vi.waitFor(() => expect(kept().size).toBe(before - 1));
    await vi.waitFor(() => expect(kept().size).toBe(before), { timeout: 3_000 });
    expect((await offerOf('205/55R16', 4)).availability).toBe('none');
    expect(kept().size).toBe(before);
    // The other size's answer stayed as it was.
    const again = await request(fixture.app).get('/api/tyres').query({ size: '225/45R17', quantity: 4 });
    expect(again.headers.etag).toBe(first.headers.etag);

    // Told of 205/55 R16 only, the answers of 225/45 R17 stay kept.
    const sizes = kept().size;
    kept().forget('205/55/16');
    expect(kept().size).toBe(sizes - 1);
  });

  it('are replaced at once when a booking holds a size’s tyres and when the stock changes here', async () => {
    const db = fixture.database.db;
    const tyre = await addTyre(db, { stock: 4, supplierStock: 10 });
    expect((await offerOf('205/55R16', 4)).availability).toBe('in-stock');
    await book(makeBooking({ tyreId: tyre.id, quantity: 2 })).expect(201);
    expect((await offerOf('205/55R16', 4)).availability).toBe('supplier');

    await request(fixture.app)
      .patch(`/api/tyres/${tyre.id}`)
      .set(fixture.staff.headers)
      .send({ stock: 6, reason: 'Delivery from the supplier' })
      .expect(200);
    expect((await offerOf('205/55R16', 4)).availability).toBe('in-stock');
  });

  it('are replaced when the price rules change, or a tyre’s own price', async () => {
    const tyre = await addTyre(fixture.database.db);
    const before = (await offerOf('205/55R16')).price;
    const pricing: TyrePricingSettings = { ...defaultTyrePricing, fitting: [{ upToRim: 24, pence: 2_000 }] };
    // A new publication of the rules is a new document.
    content.content = { ...bookingContent(), tyres: pricing };
    const repriced = (await offerOf('205/55R16')).price;
    expect(repriced).not.toBe(before);

    await request(fixture.app)
      .patch(`/api/tyres/${tyre.id}`)
      .set(fixture.staff.headers)
      .send({ priceOverride: 6_999 })
      .expect(200);
    expect((await offerOf('205/55R16')).price).toBe(6_999);
  });

  it('are replaced by an import, and every size’s plain answers made before customers ask', async () => {
    await addTyre(fixture.database.db, { ean: String(5_000_000_000_001), costPence: 4_000 });
    const before = (await offerOf('205/55R16')).price;
    const file = [
      priceFileColumns.join(','),
      ownRow(1, { cost: '50.00' }),
      ownRow(2, { width: '195', profile: '65', rim: '15' }),
      ownRow(3, { width: '225', profile: '45', rim: '17' }),
    ].join('\n');
    const started = await request(fixture.app)
      .post('/api/tyres/imports')
      .set(fixture.staff.headers)
      .attach('file', Buffer.from(file), 'prices.csv')
      .expect(202);
    await vi.waitFor(async () => {
      const report = (
        await request(fixture.app)
          .get(`/api/tyres/imports/${started.body.id}`)
          .set(fixture.staff.headers)
          .expect(200)
      ).body as TyreImportReport;
      expect(report.status).toBe('done');
    });
    // Lowest price first, for one tyre and a pair, of each of the three sizes: sizes nobody asked
    // for are answered from what is kept, not worked out.
    await vi.waitFor(() => expect(kept().size).toBeGreaterThanOrEqual(6), { timeout: 5_000 });
    const made = kept().size;
    await search('195/65R15', 2);
    await search('225/45R17', 1);
    expect((await offerOf('205/55R16')).price).toBeGreaterThan(before);
    expect(kept().size).toBe(made);
  });

  it('are sent at once while what they were made from stands: not once a booking fills a day, the content changes or time moves on', async () => {
    await addTyre(fixture.database.db, { stock: 4 });
    const asked = vi.spyOn(kept(), 'answer');
    const firstDay = async () => (await offerOf('205/55R16')).fittedFrom;
    expect(await firstDay()).toBe(tomorrow);
    expect(asked).toHaveBeenCalledTimes(1);
    // Asked again: sent as it is kept, without asking whether it stands, with the same headers.
    const query = { size: '205/55R16', quantity: 1 };
    const worked = await request(fixture.app)
      .get('/api/tyres')
      .query({ ...query, sort: 'wet' });
    const sent = await request(fixture.app)
      .get('/api/tyres')
      .query({ ...query, sort: 'wet' });
    expect(asked).toHaveBeenCalledTimes(2);
    const varying = ['content-security-policy', 'x-request-id', 'date'];
    const fixed = (headers: Record<string, string>) =>
      Object.entries(headers).filter(([name]) => !varying.includes(name));
    expect(fixed(sent.headers)).toEqual(fixed(worked.headers));
    const nonce = /'nonce-[\w-]{22}'/;
    expect(sent.headers['content-security-policy']).toMatch(nonce);
    expect(sent.headers['content-security-policy']!.replace(nonce, '')).toBe(
      worked.headers['content-security-policy']!.replace(nonce, ''),
    );
    expect(sent.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.body).toEqual(worked.body);
    expect(await firstDay()).toBe(tomorrow);
    asked.mockClear();

    // The five places of tomorrow taken here (no tyres held): the first fitting day moves on at
    // once, not when the open windows are next read.
    for (const [index, start] of ['08:00', '08:00', '08:00', '10:00', '10:00'].entries())
      await book(makeBooking({ start }), `203.0.113.${index + 1}`).expect(201);
    expect(await firstDay()).toBe(dayAfterTomorrow);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(await firstDay()).toBe(dayAfterTomorrow);
    expect(asked).toHaveBeenCalledTimes(1);

    // A second on, and a minute on: asked again whether it stands (it does).
    clock.now = new Date(bookingNow.getTime() + 1_000);
    expect(await firstDay()).toBe(dayAfterTomorrow);
    expect(asked).toHaveBeenCalledTimes(2);
    clock.now = new Date(bookingNow.getTime() + 61_000);
    expect(await firstDay()).toBe(dayAfterTomorrow);
    expect(asked).toHaveBeenCalledTimes(3);

    // New content published: asked again, and answered from it.
    const pricing: TyrePricingSettings = { ...defaultTyrePricing, fitting: [{ upToRim: 24, pence: 2_000 }] };
    const before = (await offerOf('205/55R16')).price;
    content.content = { ...bookingContent(), tyres: pricing };
    expect(asked).toHaveBeenCalledTimes(3);
    expect((await offerOf('205/55R16')).price).not.toBe(before);
    expect(asked).toHaveBeenCalledTimes(4);
  });

  it('are not kept while the announcements cannot be heard', async () => {
    await addTyre(fixture.database.db);
    kept().suspend();
    try {
      await search('205/55R16');
      expect(kept().size).toBe(0);
    } finally {
      kept().resume();
    }
    await search('205/55R16');
    expect(kept().size).toBe(1);
  });
});

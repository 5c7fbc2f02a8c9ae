import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  tyreNotOfferedMessage,
  tyresFromMessage,
  tyresGoneMessage,
  windowGoneMessage,
  type Booking,
} from '#common/bookings/booking.ts';
import { bookingContent, clearBookings, makeBooking, tomorrow } from '#tests/support/bookings.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { addTyre, clearTyres } from '#tests/support/tyres.ts';
import { bookingPlaces, bookings, outbox, tyres } from '../db/schema.ts';

// Tuesday 24 November 2026, 10:00; every day has windows at 08:00 (3 places) and 10:00 (2).
const { content, fixture, book, tokenOf } = useBookingsApp();

beforeEach(async () => {
  await clearBookings(fixture.database.db);
  await clearTyres(fixture.database.db);
});

const stockOf = async (id: number) => {
  const [row] = await fixture.database.db
    .select({ stock: tyres.stock, reserved: tyres.reserved })
    .from(tyres)
    .where(eq(tyres.id, id));
  return row;
};

const staffPut = (id: number, body: object) =>
  request(fixture.app).put(`/api/bookings/${id}`).set(fixture.staff.headers).send(body);

describe('booking tyres with the fitting', () => {
  it('reserves them from stock, answers the total, and names them in the e-mails and the diary', async () => {
    const tyre = await addTyre(fixture.database.db, {
      brand: 'Hankook',
      pattern: 'Ventus Prime 4',
      stock: 5,
    });
    const created = await book(
      makeBooking({ service: 'tyre-replacement', tyreId: tyre.id, quantity: 2 }),
    ).expect(201);
    expect(created.body).toMatchObject({
      tyre: { description: 'Hankook Ventus Prime 4 205/55 R16 91V', quantity: 2, price: 7_499 },
      total: 14_998,
    });
    expect(await stockOf(tyre.id)).toEqual({ stock: 5, reserved: 2 });

    const mails = await fixture.database.db.select().from(outbox);
    const confirmation = mails.find((mail) => mail.kind === 'booking-confirmation')!;
    expect((confirmation.payload as { booking: Booking }).booking.tyre).toEqual({
      id: tyre.id,
      description: 'Hankook Ventus Prime 4 205/55 R16 91V',
      quantity: 2,
      price: 7_499,
      total: 14_998,
      source: 'stock',
      orderedAt: null,
    });
    const manage = await request(fixture.app)
      .get(`/api/bookings/manage/${tokenOf(created.body)}`)
      .expect(200);
    expect(manage.body.tyre).toMatchObject({ quantity: 2, total: 14_998 });
  });

  it('gives 30 customers racing for the last 4 tyres, 4 each, exactly one booking', async () => {
    content.content = bookingContent([{ start: '08:00', end: '10:00', places: 50 }]);
    const tyre = await addTyre(fixture.database.db, { stock: 4, supplierStock: 0 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => book(makeBooking({ tyreId: tyre.id, quantity: 4 }))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    for (const answer of answers.filter((entry) => entry.status === 409)) {
      expect(answer.body.error).toBe(tyresGoneMessage);
    }
    expect(await stockOf(tyre.id)).toEqual({ stock: 4, reserved: 4 });
    expect(await fixture.database.db.$count(bookings)).toBe(1);
  });

  it('gives the tyres back when the booking is cancelled or a no-show, and takes them off the shelf when completed', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 8 });
    // The search shows each change at once, though its answers are kept a while (server/tyres/offers.ts).
    const forFour = async () =>
      (await request(fixture.app).get('/api/tyres').query({ size: '205/55R16', quantity: 4 }).expect(200))
        .body.items[0].availability;
    expect(await forFour()).toBe('in-stock');
    const byCustomer = await book(makeBooking({ tyreId: tyre.id, quantity: 2 })).expect(201);
    await book(makeBooking({ tyreId: tyre.id, quantity: 2 })).expect(201);
    await book(makeBooking({ tyreId: tyre.id, quantity: 2, start: '10:00' })).expect(201);
    expect(await stockOf(tyre.id)).toEqual({ stock: 8, reserved: 6 });

    expect(await forFour()).toBe('supplier');
    await request(fixture.app)
      .post(`/api/bookings/manage/${tokenOf(byCustomer.body)}/cancel`)
      .expect(200);
    expect(await stockOf(tyre.id)).toEqual({ stock: 8, reserved: 4 });
    expect(await forFour()).toBe('in-stock');
    const [, second, third] = await fixture.database.db.select().from(bookings).orderBy(bookings.id);
    await staffPut(second!.id, { status: 'no-show' }).expect(200);
    expect(await stockOf(tyre.id)).toEqual({ stock: 8, reserved: 2 });
    await staffPut(third!.id, { status: 'completed' }).expect(200);
    expect(await stockOf(tyre.id)).toEqual({ stock: 6, reserved: 0 });
  });

  it('gives the tyres back when the window is full after all, storing nothing', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 8 });
    await book(makeBooking({ start: '10:00' })).expect(201);
    // Another server takes the last place: this one still has it free for up to a second, so
    // the booking reaches the statement, which holds its tyres and then finds no place.
    await fixture.database.db
      .update(bookingPlaces)
      .set({ taken: sql`${bookingPlaces.taken} + 1` })
      .where(eq(bookingPlaces.startTime, '10:00'));
    const full = await book(makeBooking({ tyreId: tyre.id, quantity: 2, start: '10:00' })).expect(409);
    expect(full.body.error).toBe(windowGoneMessage);
    expect(await stockOf(tyre.id)).toEqual({ stock: 8, reserved: 0 });
    expect(await fixture.database.db.$count(bookings)).toBe(1);
  });

  it('books tyres from the supplier from their lead time on, onto the list of tyres to order', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 1, supplierStock: 10, leadDays: 2 });
    const tooSoon = await book(makeBooking({ tyreId: tyre.id, quantity: 2, date: tomorrow })).expect(400);
    expect(tooSoon.body.fieldErrors).toEqual({ date: [tyresFromMessage('2026-11-26')] });
    const created = await book(makeBooking({ tyreId: tyre.id, quantity: 2, date: '2026-11-26' })).expect(201);
    expect(created.body.total).toBe(14_998);
    expect(await stockOf(tyre.id)).toEqual({ stock: 1, reserved: 0 });

    const toOrder = await request(fixture.app)
      .get('/api/tyres/to-order')
      .set(fixture.staff.headers)
      .expect(200);
    expect(toOrder.body).toEqual([
      expect.objectContaining({
        reference: created.body.reference,
        tyre: expect.objectContaining({ source: 'supplier', orderedAt: null }),
      }),
    ]);
    const [booking] = await fixture.database.db.select().from(bookings);
    const ordered = await request(fixture.app)
      .put(`/api/tyres/to-order/${booking!.id}`)
      .set(fixture.staff.headers)
      .send({ ordered: true })
      .expect(200);
    expect(ordered.body[0].tyre.orderedAt).toEqual(expect.any(String));
  });

  it('books from the supplier once the stock is reserved, though the tyre was read for the first booking', async () => {
    // The row read for a booking is kept a few seconds (server/tyres/offers.ts), with the
    // reservations made since: the third booking sees the shelf empty and goes to the supplier.
    const tyre = await addTyre(fixture.database.db, { stock: 4, supplierStock: 10, leadDays: 2 });
    const date = '2026-11-26';
    for (const start of ['08:00', '08:00']) {
      const created = await book(makeBooking({ tyreId: tyre.id, quantity: 2, date, start })).expect(201);
      expect(created.body.reference).toBeDefined();
    }
    expect(await stockOf(tyre.id)).toEqual({ stock: 4, reserved: 4 });
    await book(makeBooking({ tyreId: tyre.id, quantity: 2, date, start: '10:00' })).expect(201);
    const sources = await fixture.database.db.select({ source: bookings.tyreSource }).from(bookings);
    expect(sources.map((row) => row.source).sort()).toEqual(['stock', 'stock', 'supplier']);
    expect(await stockOf(tyre.id)).toEqual({ stock: 4, reserved: 4 });
  });

  it('refuses a tyre that is not offered, an unknown one, and a quantity out of range', async () => {
    const hidden = await addTyre(fixture.database.db, { hidden: true });
    for (const tyreId of [hidden.id, 99_999]) {
      const refused = await book(makeBooking({ tyreId, quantity: 1 })).expect(400);
      expect(refused.body.fieldErrors).toEqual({ tyreId: [tyreNotOfferedMessage] });
    }
    const tyre = await addTyre(fixture.database.db);
    const tooMany = await book(makeBooking({ tyreId: tyre.id, quantity: 7 })).expect(400);
    expect(tooMany.body.fieldErrors).toEqual({ quantity: ['Choose how many tyres: 1 to 6'] });
    expect(await fixture.database.db.$count(bookings)).toBe(0);
  });
});

import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { maxTyresHeld, tyresHeldMessage } from '#common/bookings/holds.ts';
import { bookingContent, clearBookings, makeBooking } from '#tests/support/bookings.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { addTyre, clearTyres } from '#tests/support/tyres.ts';
import { selectRows } from '../db/client.ts';
import { bookings, tyres } from '../db/schema.ts';

// Tuesday 24 November 2026, 10:00; tomorrow's 08:00 window has room for every booking here.
const { content, fixture, book } = useBookingsApp();

beforeEach(async () => {
  content.content = bookingContent([{ start: '08:00', end: '10:00', places: 50 }]);
  await clearBookings(fixture.database.db);
  await clearTyres(fixture.database.db);
});

/** A booking of `quantity` tyres from someone of their own, unless told otherwise. */
let customer = 0;
function tyreBooking(tyreId: number, quantity: number, overrides: Record<string, unknown> = {}) {
  customer += 1;
  const digits = String(customer).padStart(2, '0').slice(-2);
  return makeBooking({
    service: 'tyre-replacement',
    tyreId,
    quantity,
    email: `customer${customer}@example.com`,
    phone: `07700 9001${digits}`,
    registration: `KX${digits} ABC`,
    ...overrides,
  });
}

/** The tyres held by bookings not yet confirmed, and those reserved on the shelf. */
async function heldTyres() {
  const [held] = await selectRows<{ held: number }>(
    fixture.database.db,
    sql`select coalesce(sum(tyre_quantity), 0)::int as held from ${bookings}
      where status = 'booked' and tyre_source = 'stock'`,
  );
  const [reserved] = await selectRows<{ reserved: number }>(
    fixture.database.db,
    sql`select coalesce(sum(reserved), 0)::int as reserved from ${tyres}`,
  );
  return { held: held!.held, reserved: reserved!.reserved };
}

const calledFor = () => tyresHeldMessage(content.content.business.formattedPhone);

describe('tyres held by online bookings not yet confirmed', () => {
  it('are at most 8 for 6 bookings of 6 tyres from one /64 with 6 different e-mails, phones and registrations', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 100 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => book(tyreBooking(tyre.id, 6), `2001:db8:40:1::${index + 1}`)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect(answer.body).toEqual({ error: calledFor(), nextFree: [] });
    expect(await heldTyres()).toEqual({ held: 6, reserved: 6 });
    expect((await heldTyres()).held).toBeLessThanOrEqual(maxTyresHeld);
  });

  it('count one e-mail address, phone number or registration however it is written, from any client', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 100 });
    const same = [
      [{ email: 'Pat@Example.com' }, { email: 'pat@example.COM ' }],
      [{ phone: '07700 900999' }, { phone: '+44 (0)7700-900999' }],
      [{ registration: 'ab12 xyz' }, { registration: 'AB12XYZ' }],
    ];
    let client = 0;
    for (const [first, second] of same) {
      client += 1;
      await book(tyreBooking(tyre.id, 4, first), `198.51.100.${client}`).expect(201);
      client += 1;
      await book(tyreBooking(tyre.id, 4, second), `198.51.100.${client}`).expect(201);
      client += 1;
      const refused = await book(tyreBooking(tyre.id, 1, first), `198.51.100.${client}`).expect(409);
      expect(refused.body.error).toBe(calledFor());
    }
    // Someone else is not held back by them.
    await book(tyreBooking(tyre.id, 6), '198.51.100.99').expect(201);
    expect(await heldTyres()).toEqual({ held: 30, reserved: 30 });
  });

  it('count one IPv4 client, and its IPv4-mapped IPv6 address with it', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 100 });
    await book(tyreBooking(tyre.id, 5), '203.0.113.20').expect(201);
    await book(tyreBooking(tyre.id, 3), '::ffff:203.0.113.20').expect(201);
    await book(tyreBooking(tyre.id, 1), '203.0.113.20').expect(409);
    await book(tyreBooking(tyre.id, 1), '203.0.113.21').expect(201);
  });

  it('stop counting once staff confirm the booking, or cancel it', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 100 });
    const first = await book(tyreBooking(tyre.id, 6, { email: 'lee@example.com' })).expect(201);
    await book(tyreBooking(tyre.id, 6, { email: 'lee@example.com' })).expect(409);
    const [stored] = await fixture.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.reference, first.body.reference));
    await request(fixture.app)
      .put(`/api/bookings/${stored!.id}`)
      .set(fixture.staff.headers)
      .send({ status: 'confirmed' })
      .expect(200);
    const second = await book(tyreBooking(tyre.id, 6, { email: 'lee@example.com' })).expect(201);
    const [secondRow] = await fixture.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.reference, second.body.reference));
    await request(fixture.app)
      .put(`/api/bookings/${secondRow!.id}`)
      .set(fixture.staff.headers)
      .send({ status: 'cancelled', reason: 'Asked by phone' })
      .expect(200);
    await book(tyreBooking(tyre.id, 6, { email: 'lee@example.com' })).expect(201);
  });

  it('leave out tyres from the supplier and bookings without tyres', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 0, supplierStock: 50, leadDays: 1 });
    const held = await addTyre(fixture.database.db, { stock: 20 });
    const who = { email: 'kim@example.com', phone: '07700 900321', registration: 'KM12 ABC' };
    await book(tyreBooking(tyre.id, 6, who)).expect(201);
    await book(tyreBooking(tyre.id, 6, who)).expect(201);
    await book(makeBooking(who)).expect(201);
    await book(tyreBooking(held.id, 6, who)).expect(201);
    await book(tyreBooking(held.id, 3, who)).expect(409);
  });

  it('keep the client address out of the booking', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 10 });
    await book(tyreBooking(tyre.id, 2), '2001:db8:40:9::5').expect(201);
    const [row] = await fixture.database.db.select({ holders: bookings.holders }).from(bookings);
    expect(row!.holders).toHaveLength(4);
    expect(JSON.stringify(row)).not.toContain('2001:db8');
  });
});

import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Booking } from '#common/bookings/booking.ts';
import {
  holdReleasedReason,
  maxTyresHeld,
  notHeldMessage,
  tyresHeldMessage,
} from '#common/bookings/holds.ts';
import { bookingContent, bookingNow, clearBookings, makeBooking } from '#tests/support/bookings.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { addTyre, clearTyres } from '#tests/support/tyres.ts';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import { openDatabase, selectRows } from '../db/client.ts';
import { activityLog, bookings, enquiryNotes, tyreHolds, tyreStockMovements, tyres } from '../db/schema.ts';

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

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'are at most 8 when two server processes store bookings of one holder at once',
    async () => {
      const [{ name }] = (await selectRows<{ name: string }>(
        fixture.database.db,
        sql`select current_database() as name`,
      )) as [{ name: string }];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const other = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
      try {
        const otherApp = createTestApp(other, {
          config: testConfig({ ENQUIRY_RATE_LIMIT: '1000', TRUST_PROXY: '1' }),
          clock: () => bookingNow,
          siteContent: content,
          settings: content.settings,
        });
        const tyre = await addTyre(fixture.database.db, { stock: 100 });
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, index) => {
            const booking = tyreBooking(tyre.id, 6, { email: 'same@example.com' });
            return index % 2 === 0
              ? book(booking, `198.51.100.${index + 1}`)
              : request(otherApp)
                  .post('/api/bookings')
                  .set('X-Forwarded-For', `198.51.100.${index + 1}`)
                  .send(booking);
          }),
        );
        expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
        expect(await heldTyres()).toEqual({ held: 6, reserved: 6 });
      } finally {
        await other.close();
      }
    },
  );

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

  it('are held under the booking’s four holders while it holds them, never under the client’s address', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 10 });
    const created = await book(
      tyreBooking(tyre.id, 2, {
        email: 'Jo@Example.com',
        phone: '+44 7700 900555',
        registration: 'jo12 abc',
      }),
      '2001:db8:40:9::5',
    ).expect(201);
    const holds = await fixture.database.db.select().from(tyreHolds);
    expect(holds.map((hold) => hold.holder).sort()).toEqual([
      expect.stringMatching(/^client:[0-9a-f]{24}$/),
      'email:jo@example.com',
      'phone:07700900555',
      'registration:JO12ABC',
    ]);
    expect(holds.every((hold) => hold.quantity === 2)).toBe(true);
    expect(JSON.stringify(holds)).not.toContain('2001:db8');
    // Confirmed, the booking holds nothing any more.
    const [row] = await fixture.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.reference, created.body.reference));
    await request(fixture.app)
      .put(`/api/bookings/${row!.id}`)
      .set(fixture.staff.headers)
      .send({ status: 'confirmed' })
      .expect(200);
    expect(await fixture.database.db.select().from(tyreHolds)).toEqual([]);
  });
});

describe('staff releasing held tyres', () => {
  const staffGet = () => request(fixture.app).get('/api/tyres/held').set(fixture.staff.headers);
  const release = (id: number) =>
    request(fixture.app).post(`/api/tyres/held/${id}/release`).set(fixture.staff.headers);
  const idOf = async (reference: string) =>
    (
      await fixture.database.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.reference, reference))
    )[0]!.id;

  it('lists the bookings not yet confirmed that hold tyres from stock, and only those', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 20 });
    const supplied = await addTyre(fixture.database.db, { stock: 0, supplierStock: 10, leadDays: 1 });
    const held = await book(tyreBooking(tyre.id, 4, { name: 'Robin Held' })).expect(201);
    const confirmed = await book(tyreBooking(tyre.id, 2)).expect(201);
    await request(fixture.app)
      .put(`/api/bookings/${await idOf(confirmed.body.reference)}`)
      .set(fixture.staff.headers)
      .send({ status: 'confirmed' })
      .expect(200);
    await book(tyreBooking(supplied.id, 2)).expect(201);
    await book(makeBooking()).expect(201);

    const list = (await staffGet().expect(200)).body as Booking[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      reference: held.body.reference,
      name: 'Robin Held',
      status: 'booked',
      tyre: { id: tyre.id, quantity: 4, source: 'stock' },
    });
    expect(list[0]!.createdAt).toEqual(expect.any(String));
    await request(fixture.app).get('/api/tyres/held').expect(401);
  });

  it('puts the tyres back on sale in one press, recording the movement, a note and an activity entry', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 20 });
    const who = { email: 'held@example.com' };
    const created = await book(tyreBooking(tyre.id, 6, who)).expect(201);
    await book(tyreBooking(tyre.id, 6, who)).expect(409);
    const id = await idOf(created.body.reference);

    expect((await release(id).expect(200)).body).toEqual([]);
    const [row] = await fixture.database.db.select().from(tyres).where(eq(tyres.id, tyre.id));
    expect(row).toMatchObject({ stock: 20, reserved: 0 });
    const movements = await fixture.database.db.select().from(tyreStockMovements);
    expect(movements).toEqual([
      expect.objectContaining({
        tyreId: tyre.id,
        kind: 'hold-released',
        quantity: 6,
        bookingId: id,
        bookingReference: created.body.reference,
        actorId: fixture.staff.userId,
        actorName: fixture.staff.username,
        reason: holdReleasedReason,
        occurredAt: bookingNow,
      }),
    ]);
    const [entry] = await fixture.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.kind, 'tyre-hold-released'));
    expect(entry).toMatchObject({
      actorName: fixture.staff.username,
      target: `booking ${created.body.reference}`,
      detail: { quantity: 6 },
    });
    const notes = await fixture.database.db.select({ text: enquiryNotes.text }).from(enquiryNotes);
    expect(notes[0]!.text).toMatch(/^Tyres released: 6 × /);

    // The booking stays, its tyres now to order; the customer's next booking can hold them again.
    const [booking] = await fixture.database.db
      .select({ status: bookings.status, source: bookings.tyreSource })
      .from(bookings)
      .where(eq(bookings.id, id));
    expect(booking).toEqual({ status: 'booked', source: 'supplier' });
    await book(tyreBooking(tyre.id, 6, who)).expect(201);

    // Cancelling the released booking gives nothing back twice.
    await request(fixture.app)
      .put(`/api/bookings/${id}`)
      .set(fixture.staff.headers)
      .send({ status: 'cancelled', reason: 'Not reachable' })
      .expect(200);
    expect((await fixture.database.db.select().from(tyres).where(eq(tyres.id, tyre.id)))[0]).toMatchObject({
      stock: 20,
      reserved: 6,
    });
  });

  it('refuses a booking that holds nothing now, and one that does not exist, changing nothing', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 8 });
    const created = await book(tyreBooking(tyre.id, 2)).expect(201);
    const id = await idOf(created.body.reference);
    await release(id).expect(200);
    expect((await release(id).expect(409)).body).toEqual({ error: notHeldMessage });
    await release(999_999).expect(404);
    await request(fixture.app).post(`/api/tyres/held/${id}/release`).expect(401);
    expect(await fixture.database.db.select().from(tyreStockMovements)).toHaveLength(1);
    expect((await fixture.database.db.select().from(tyres))[0]).toMatchObject({ reserved: 0 });
  });
});

import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  bookingSchema,
  windowGoneMessage,
  type Booking,
  type CreatedBooking,
} from '#common/bookings/booking.ts';
import { placesKey } from '#common/bookings/branch-services.ts';
import { slotAt } from '#common/bookings/slots.ts';
import type { Job } from '#common/jobs/jobs.ts';
import type { DayRoute } from '#common/routing/day-route.ts';
import { beyondCallOutMessage, postcodeNotFoundMessage } from '#common/routing/words.ts';
import { addDays } from '#common/time/week.ts';
import { opening } from '#tests/support/booking-settings.ts';
import { bookingNow, makeBooking, tomorrow } from '#tests/support/bookings.ts';
import { towns, useRoutesApp } from '#tests/support/routes-app.ts';
import { addTyre, clearTyres } from '#tests/support/tyres.ts';
import { bookings, routeDays } from '../db/schema.ts';
import { rateLimitHit } from '../http/rate-limit.ts';
import { storeBooking } from './store-statement.ts';

// Mobile bookings while routes are kept (server/bookings/store.ts `routeOf`): checked by the same
// rule as the windows offered, stored with where the customer is, the van and the call-out, and
// claiming the van's day at the version read (route_days).

const hours = ['09:00', '10:00', '11:00', '12:00'];
const { fixture, content, book, bookJob, people, as, stand, setRoutes, availability } = useRoutesApp(
  hours.map((start, index) => opening(start, hours[index + 1] ?? '13:00', 5)),
);
const [day1, day2] = [tomorrow, addDays(tomorrow, 1)];

const stored = async (reference: string) => {
  const [row] = await fixture.database.db.select().from(bookings).where(eq(bookings.reference, reference));
  return row!;
};

const versionOf = async (date: string, van = 'Basildon') =>
  (
    await fixture.database.db
      .select({ version: routeDays.version })
      .from(routeDays)
      .where(and(eq(routeDays.date, date), eq(routeDays.van, van)))
  )[0]?.version ?? 0;

type Told = { date: string; windows: { start: string }[] };
const offers = async (postcode: string, date: string) =>
  ((await availability(postcode, date).expect(200)).body as Told[])
    .find((day) => day.date === date)
    ?.windows.map((window) => window.start) ?? [];

describe('a mobile booking while routes are kept', () => {
  it('stores where the customer is, the van and the call-out, which staff see and the job charges', async () => {
    const { id, reference } = await bookJob({ date: day2, start: '10:00', postcode: 'rm11aa' });
    const row = await stored(reference);
    expect(row).toMatchObject({
      id,
      callOutPence: 1500,
      routeVan: 'Basildon',
      latitude: 51.577,
      longitude: 0.181,
      fitterId: people.fitter.userId,
    });
    expect(await versionOf(day2)).toBe(1);

    const list = await request(fixture.app)
      .get('/api/bookings')
      .query({ from: day2, to: day2 })
      .set(fixture.staff.headers)
      .expect(200);
    expect((list.body as Booking[]).map((booking) => booking.callOutPence)).toEqual([1500]);

    const jobs = (await as(people.fitter).get(`/api/jobs?date=${day2}`).expect(200)).body as Job[];
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.lines).toContainEqual({ description: 'Call-out', quantity: 1, unitPence: 1500 });
    expect(jobs[0]!.lines).toHaveLength(2);
  });

  it('tells the customer the call-out charged', async () => {
    const response = await book(makeBooking({ date: day1, start: '09:00', postcode: towns.ilford })).expect(
      201,
    );
    expect((response.body as CreatedBooking).callOutPence).toBe(2500);
    // Within 10 miles of the van's start: no call-out, and no line for it.
    const near = (
      await book(makeBooking({ date: day1, start: '12:00', postcode: towns.benfleet })).expect(201)
    ).body as CreatedBooking;
    expect(near.callOutPence).toBe(0);
    expect(await stored(near.reference)).toMatchObject({ callOutPence: 0, routeVan: 'Basildon' });
  });

  it('refuses a window the van can no longer reach, with the next it can', async () => {
    await book(makeBooking({ date: day1, start: '09:00', postcode: towns.southend })).expect(201);
    const refused = await book(makeBooking({ date: day1, start: '09:00', postcode: towns.romford })).expect(
      409,
    );
    expect(refused.body).toMatchObject({ error: windowGoneMessage });
    expect((refused.body as { nextFree: { date: string; start: string }[] }).nextFree[0]).toMatchObject({
      date: day1,
      start: '10:00',
    });
    expect(await fixture.database.db.select().from(bookings)).toHaveLength(1);
  });
});

describe('a routed mobile booking moved', () => {
  it('falls into its new day’s route by its new window', async () => {
    const romford = await bookJob({ date: day1, start: '09:00', postcode: towns.romford });
    const southend = await bookJob({ date: day2, start: '09:00', postcode: towns.southend });
    expect((await stored(romford.reference)).routePosition).toBe(9 * 60);
    await request(fixture.app)
      .put(`/api/bookings/${romford.id}`)
      .set(fixture.staff.headers)
      .send({ date: day2, start: '12:00' })
      .expect(200);
    expect((await stored(romford.reference)).routePosition).toBeNull();
    const route = (
      await as(people.fitter).get(`/api/jobs/route?date=${day2}&fitterId=${people.fitter.userId}`).expect(200)
    ).body as DayRoute;
    expect(route.stops.map(({ bookingId, late }) => ({ bookingId, late }))).toEqual([
      { bookingId: southend.id, late: false },
      { bookingId: romford.id, late: false },
    ]);
  });
});

describe('a routed mobile booking moved by its customer', () => {
  it('moves only to a window a van can reach, its own place left out, and claims the van’s day', async () => {
    await book(makeBooking({ date: day2, start: '09:00', postcode: towns.southend })).expect(201);
    const romford = (
      await book(makeBooking({ date: day1, start: '09:00', postcode: towns.romford })).expect(201)
    ).body as CreatedBooking;
    const token = romford.manageUrl.split('/').pop()!;
    const move = (date: string, start: string) =>
      request(fixture.app).post(`/api/bookings/manage/${token}/move`).send({ date, start });
    // The van is in Southend at 9:00 on day 2: Romford then is out of reach.
    expect((await move(day2, '09:00').expect(409)).body).toMatchObject({ error: windowGoneMessage });
    expect(await stored(romford.reference)).toMatchObject({ date: day1, startTime: '09:00' });
    const before = await versionOf(day2);
    // Later on day 2 the van can get there; on its own day 1 its old place does not stand in its way.
    await move(day2, '11:00').expect(200);
    expect(await stored(romford.reference)).toMatchObject({
      date: day2,
      startTime: '11:00',
      routeVan: 'Basildon',
      routePosition: 11 * 60,
    });
    expect(await versionOf(day2)).toBe(before + 1);
  });
});

describe('a routed mobile booking moved to a branch', () => {
  it('no longer charges the call-out', async () => {
    const { id, reference } = await bookJob({ date: day1, start: '09:00', postcode: towns.romford });
    await request(fixture.app)
      .put(`/api/bookings/${id}`)
      .set(fixture.staff.headers)
      .send({ date: day1, start: '10:00', location: 'harold-hill' })
      .expect(200);
    expect(await stored(reference)).toMatchObject({
      location: 'harold-hill',
      callOutPence: 0,
      routeVan: null,
    });
    const [job] = (await as(people.fitter).get(`/api/jobs?date=${day1}`).expect(200)).body as Job[];
    expect(job!.lines.map((line) => line.description)).not.toContain('Call-out');
  });
});

describe('a mobile booking of tyres', () => {
  it('is routed with the time on site of its tyres, and offered next the windows the van can reach with them', async () => {
    await clearTyres(fixture.database.db);
    const tyre = await addTyre(fixture.database.db);
    // Southend at 09:00 and 12:00: four tyres at Romford take 80 minutes, and Southend is about
    // an hour from Romford, so nothing fits between; one tyre (20 minutes) would at 10:00.
    for (const start of ['09:00', '12:00']) {
      await book(makeBooking({ date: day1, start, postcode: towns.southend })).expect(201);
    }
    const tyres = { service: 'tyre-replacement', tyreId: tyre.id, quantity: 4, postcode: towns.romford };
    const offered = await request(fixture.app)
      .get('/api/availability')
      .query({
        service: 'tyre-replacement',
        location: 'mobile',
        from: day1,
        days: 2,
        postcode: towns.romford,
        quantity: 4,
      })
      .expect(200);
    expect((offered.body as Told[]).map((day) => day.date)).toEqual([day2]);

    const refused = await book(makeBooking({ ...tyres, date: day1, start: '10:00' })).expect(409);
    expect((refused.body as { nextFree: { date: string; start: string }[] }).nextFree[0]).toMatchObject({
      date: day2,
      start: '09:00',
    });
    const created = (await book(makeBooking({ ...tyres, date: day2, start: '09:00' })).expect(201))
      .body as CreatedBooking;
    expect(created.callOutPence).toBe(1500);
  });
});

describe('a mobile booking refused by where it is', () => {
  it('stores nothing for a postcode beyond the last band or one postcodes.io does not know', async () => {
    const beyond = await book(makeBooking({ date: day1, start: '09:00', postcode: towns.stratford })).expect(
      400,
    );
    expect(beyond.body).toMatchObject({ fieldErrors: { postcode: [beyondCallOutMessage] } });
    const unknown = await book(makeBooking({ date: day1, start: '09:00', postcode: 'ZZ9 9ZZ' })).expect(400);
    expect(unknown.body).toMatchObject({ fieldErrors: { postcode: [postcodeNotFoundMessage] } });
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
    expect(await fixture.database.db.select().from(routeDays)).toEqual([]);
  });
});

describe('two customers racing for the van’s last reachable gap', () => {
  it('books one, and tells the other the window has gone with the next free ones', async () => {
    // Southend at 10:00: from 09:00 the van can do Romford or Gidea Park first (45 minutes on
    // site, then about an hour to Southend), not both.
    await book(makeBooking({ date: day1, start: '10:00', postcode: towns.southend })).expect(201);
    expect(await offers(towns.romford, day1)).toContain('09:00');
    expect(await offers(towns.gideaPark, day1)).toContain('09:00');
    const before = await versionOf(day1);

    const answers = await Promise.all([
      book(makeBooking({ date: day1, start: '09:00', postcode: towns.romford }), '192.0.2.1'),
      book(makeBooking({ date: day1, start: '09:00', postcode: towns.gideaPark }), '192.0.2.2'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body).toMatchObject({ error: windowGoneMessage });
    // Either way, the van reaches the other only after Southend: 12:00-13:00.
    expect((loser.body as { nextFree: { date: string; start: string }[] }).nextFree[0]).toMatchObject({
      date: day1,
      start: '12:00',
    });
    const rows = await fixture.database.db.select().from(bookings).where(eq(bookings.date, day1));
    expect(rows.map((row) => row.startTime).sort()).toEqual(['09:00', '10:00']);
    expect(await versionOf(day1)).toBe(before + 1);
  });
});

describe('storing a mobile booking that claims its van’s day', () => {
  /** A booking of `start` on day 1 at Romford on the van Basildon, read at `version`, as the store takes it. */
  async function routedBooking(
    version: number,
    start = '09:00',
    others: { id: number; position: number }[] = [],
  ) {
    const settings = (await content.settings.inForce()).booking;
    const payload = bookingSchema.parse(makeBooking({ date: day1, start, postcode: towns.romford }));
    const token = `token-${start}-${version}-${Math.random()}`;
    return {
      checked: {
        payload,
        slot: slotAt(settings, 'mobile', day1, start, payload.service)!,
        placesKey: placesKey('mobile', payload.service),
        serviceTitle: 'Puncture repair',
        locationName: 'At your address',
        outsideArea: false,
        tyre: null,
        route: {
          latitude: 51.577,
          longitude: 0.181,
          van: 'Basildon',
          version,
          callOutPence: 1500,
          positions: [{ id: -1, position: Number(start.slice(0, 2)) * 60 }, ...others],
        },
      },
      hit: rateLimitHit({ scope: 'booking', max: 1000, windowMs: 60_000 }, token, bookingNow),
      at: bookingNow,
      tokenHash: `hash-${token}`,
      token,
      holders: [],
      contact: { confirmationEmail: false, text: null },
    } satisfies Parameters<typeof storeBooking>[1];
  }

  it('stores nothing from a claim on an older version of the day, and moves the version once per booking', async () => {
    const { db } = fixture.database;
    const first = await storeBooking(db, await routedBooking(0));
    expect(first).toMatchObject({ reference: expect.any(String), routeRefused: false });
    expect(await versionOf(day1)).toBe(1);
    const firstRow = await stored(first.reference!);
    expect(firstRow.routePosition).toBe(9 * 60);
    // Read before the first was stored: refused, nothing stored, the version and the route left.
    const stale = await storeBooking(
      db,
      await routedBooking(0, '10:00', [{ id: firstRow.id, position: 555 }]),
    );
    expect(stale).toMatchObject({ reference: null, routeRefused: true });
    expect(await versionOf(day1)).toBe(1);
    expect((await stored(first.reference!)).routePosition).toBe(9 * 60);
    // Stored: the other jobs of the van's day take their places in the route it was routed by.
    const current = await storeBooking(
      db,
      await routedBooking(1, '10:00', [{ id: firstRow.id, position: 555 }]),
    );
    expect(current).toMatchObject({ reference: expect.any(String), routeRefused: false });
    expect(await versionOf(day1)).toBe(2);
    expect((await stored(first.reference!)).routePosition).toBe(555);
    expect((await stored(current.reference!)).routePosition).toBe(10 * 60);
    // From a version the day has not reached either.
    expect(await storeBooking(db, await routedBooking(5, '11:00'))).toMatchObject({ routeRefused: true });
    const rows = await db.select({ reference: bookings.reference }).from(bookings);
    expect(rows.map((row) => row.reference).sort()).toEqual([first.reference, current.reference].sort());
  });

  it('lets one of two bookings read at the same version claim the day', async () => {
    const { db } = fixture.database;
    const answers = await Promise.all([
      storeBooking(db, await routedBooking(0, '09:00')),
      storeBooking(db, await routedBooking(0, '10:00')),
    ]);
    expect(answers.map((answer) => answer.routeRefused).sort()).toEqual([false, true]);
    expect(answers.filter((answer) => answer.reference !== null)).toHaveLength(1);
    expect(await db.select().from(bookings)).toHaveLength(1);
    expect(await versionOf(day1)).toBe(1);
  });
});

describe('while routes are not kept (no vans’ starts)', () => {
  it('offers and books mobile windows by their places alone, asking postcodes.io nothing', async () => {
    setRoutes({ starts: [] });
    const withPostcode = await availability(towns.romford, day1, 2).expect(200);
    const without = await availability(undefined, day1, 2).expect(200);
    expect(withPostcode.body).toEqual(without.body);
    expect((withPostcode.body as Told[])[0]!.windows[0]).toEqual({
      start: '09:00',
      end: '10:00',
      free: null,
    });

    await book(makeBooking({ date: day1, start: '09:00', postcode: towns.southend })).expect(201);
    const created = (
      await book(makeBooking({ date: day1, start: '09:00', postcode: towns.romford })).expect(201)
    ).body as CreatedBooking;
    expect(created.callOutPence).toBe(0);
    expect(await stored(created.reference)).toMatchObject({
      callOutPence: 0,
      routeVan: null,
      latitude: null,
      longitude: null,
    });
    expect(stand.postcodes.requests).toHaveLength(0);
    expect(stand.osrm.requests).toHaveLength(0);
    expect(await fixture.database.db.select().from(routeDays)).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { DayRoute, OrderedDayRoute } from '#common/routing/day-route.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { opening } from '#tests/support/booking-settings.ts';
import { bookingContent, tomorrow } from '#tests/support/bookings.ts';
import { routes, towns, useRoutesApp } from '#tests/support/routes-app.ts';
import { bookings } from '../db/schema.ts';

// A fitter's day as a route (GET /api/jobs/route) and the office's re-ordering of it (POST
// /api/jobs/route/order), against the postcodes.io and OSRM stand-ins: one van, the fitter's,
// starting in Basildon; one window all day.
const { fixture, content, stand, bookJob, people, as, setRoutes } = useRoutesApp([
  opening('09:00', '17:00', 5),
]);

/**
 * Four jobs of the fitter's tomorrow, in a route zig-zagging between Southend and Romford (as the
 * office might have put them: their places in the route set in the database).
 */
async function zigZagDay() {
  setRoutes({ starts: [{ ...routes.starts[0]!, fitterId: people.fitter.userId }] });
  const ids: number[] = [];
  for (const postcode of [towns.southend, towns.romford, towns.leigh, towns.haroldHill]) {
    ids.push((await bookJob({ date: tomorrow, start: '09:00', postcode })).id);
  }
  for (const [index, id] of ids.entries()) {
    await fixture.database.db
      .update(bookings)
      .set({ routePosition: 9 * 60 + index * 90 })
      .where(eq(bookings.id, id));
  }
  return ids;
}

const routeOf = (person: Parameters<typeof as>[0], fitterId: number) =>
  as(person).get(`/api/jobs/route?date=${tomorrow}&fitterId=${fitterId}`);

describe('a fitter’s day as a route', () => {
  it('puts the day in the order that drives least, keeping every window, and lists the jobs in it', async () => {
    const ids = await zigZagDay();
    const before = (await routeOf(people.fitter, people.fitter.userId).expect(200)).body as DayRoute;
    expect(before).toMatchObject({
      date: tomorrow,
      fitterId: people.fitter.userId,
      start: { name: 'Basildon', postcode: towns.basildon },
      source: 'osrm',
    });
    expect(before.stops.map((stop) => stop.bookingId)).toEqual(ids);
    expect(before.stops.map((stop) => stop.postcode)).toEqual([
      towns.southend,
      towns.romford,
      towns.leigh,
      towns.haroldHill,
    ]);

    const ordered = (
      await request(fixture.app)
        .post('/api/jobs/route/order')
        .set(fixture.staff.headers)
        .send({ date: tomorrow, fitterId: people.fitter.userId })
        .expect(200)
    ).body as OrderedDayRoute;
    const order = ordered.stops.map((stop) => stop.bookingId);
    expect([...order].sort((a, b) => a - b)).toEqual(ids);
    expect(order).not.toEqual(ids);
    expect(ordered.saving.minutes).toBeGreaterThan(0);
    expect(ordered.saving.miles).toBeGreaterThan(0);
    expect(ordered.driveMinutes).toBeLessThan(before.driveMinutes);
    expect(ordered.stops.every((stop) => !stop.late)).toBe(true);
    // Southend and Leigh-on-Sea, next to each other, are visited one after the other.
    const southend = ordered.stops.findIndex((stop) => stop.postcode === towns.southend);
    const leigh = ordered.stops.findIndex((stop) => stop.postcode === towns.leigh);
    expect(Math.abs(southend - leigh)).toBe(1);

    // The order is kept: the fitter's route and their jobs' list follow it.
    const after = (await routeOf(people.fitter, people.fitter.userId).expect(200)).body as DayRoute;
    expect(after.stops.map((stop) => stop.bookingId)).toEqual(order);
    expect(after.driveMinutes).toBe(ordered.driveMinutes);
    const jobs = (await as(people.fitter).get(`/api/jobs?date=${tomorrow}`).expect(200)).body as Job[];
    expect(jobs.map((job) => job.id)).toEqual(order);
  });

  it('lets a fitter read their own route only', async () => {
    await zigZagDay();
    await routeOf(people.otherFitter, people.fitter.userId).expect(403);
    const own = (await routeOf(people.otherFitter, people.otherFitter.userId).expect(200)).body as DayRoute;
    expect(own.stops).toEqual([]);
    await request(fixture.app)
      .post('/api/jobs/route/order')
      .set(people.fitter.headers)
      .send({ date: tomorrow, fitterId: people.fitter.userId })
      .expect(403);
    // The office reads anyone's.
    await routeOf(fixture.staff, people.fitter.userId).expect(200);
  });
});

describe('a job booked into a van’s day', () => {
  it('keeps the order the booking was routed by, every window kept', async () => {
    // Two windows: 09:00-12:00 and 12:00-13:00 (day-route's own are one all day).
    setRoutes({ starts: [{ ...routes.starts[0]!, fitterId: people.fitter.userId }] });
    content.content = {
      ...content.content,
      booking: bookingContent([opening('09:00', '12:00', 5), opening('12:00', '13:00', 5)]).booking,
    };
    // OSRM's roads at 17 mph: Southend to Romford in about 1 hour 42 minutes.
    stand.osrm.road.mph = 17;
    const southendEarly = await bookJob({ date: tomorrow, start: '09:00', postcode: towns.southend });
    const southendLate = await bookJob({ date: tomorrow, start: '12:00', postcode: towns.southend });
    // Romford fits only first: Romford 09:00, Southend by 11:27, Southend again by 12:12. After the
    // first Southend job it would put the second at 13:54, past its window.
    const romford = await bookJob({ date: tomorrow, start: '09:00', postcode: towns.romford });
    const route = (await routeOf(people.fitter, people.fitter.userId).expect(200)).body as DayRoute;
    expect(route.stops.map((stop) => stop.bookingId)).toEqual([
      romford.id,
      southendEarly.id,
      southendLate.id,
    ]);
    expect(route.stops.map((stop) => stop.late)).toEqual([false, false, false]);
  });
});

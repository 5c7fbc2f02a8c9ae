import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  bookingNotFoundMessage,
  cancelTooLateMessage,
  type Booking,
  type CreatedBooking,
  type ManagedBooking,
} from '#common/bookings/booking.ts';
import { bookingNow, makeBooking, tomorrow } from '#tests/support/bookings.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { activityLog, bookingPlaces, bookings, enquiries, enquiryEvents, outbox } from '../db/schema.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';

const { clock, fixture, book, tokenOf } = useBookingsApp();

describe('the manage link', () => {
  it('shows the booking and lets the customer cancel it, giving the place back', async () => {
    const created = (await book(makeBooking({ start: '10:00' })).expect(201)).body as CreatedBooking;
    const token = tokenOf(created);
    const shown = (await request(fixture.app).get(`/api/bookings/manage/${token}`).expect(200))
      .body as ManagedBooking;
    expect(shown).toMatchObject({
      reference: created.reference,
      status: 'booked',
      canCancel: true,
      registration: 'AB12CDE',
    });
    const cancelled = await request(fixture.app).post(`/api/bookings/manage/${token}/cancel`).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', canCancel: false });
    const [place] = await fixture.database.db.select().from(bookingPlaces);
    expect(place!.taken).toBe(0);
    const [enquiry] = await fixture.database.db.select().from(enquiries);
    expect(enquiry!.status).toBe('closed');
    expect(await fixture.database.db.select().from(enquiryEvents)).toMatchObject([
      { fromStatus: 'booked', toStatus: 'closed', actorName: 'Customer (online)' },
    ]);
    const kinds = (await fixture.database.db.select().from(outbox).orderBy(outbox.id)).map(
      (mail) => mail.kind,
    );
    expect(kinds.slice(2)).toEqual(['booking-cancelled', 'booking-cancelled-notice']);
    // A second cancellation changes nothing.
    await request(fixture.app).post(`/api/bookings/manage/${token}/cancel`).expect(409);
  });

  it('refuses to cancel inside the notice period', async () => {
    const created = (await book(makeBooking()).expect(201)).body as CreatedBooking;
    clock.now = new Date('2026-11-25T04:30:00Z');
    const shown = await request(fixture.app)
      .get(`/api/bookings/manage/${tokenOf(created)}`)
      .expect(200);
    expect(shown.body.canCancel).toBe(false);
    const refused = await request(fixture.app)
      .post(`/api/bookings/manage/${tokenOf(created)}/cancel`)
      .expect(409);
    expect(refused.body.error).toBe(cancelTooLateMessage);
    expect((await fixture.database.db.select().from(bookings))[0]!.status).toBe('booked');
  });

  it('answers 404 to a wrong token', async () => {
    await book(makeBooking()).expect(201);
    for (const token of ['x'.repeat(43), 'short', '%2e%2e']) {
      const response = await request(fixture.app).get(`/api/bookings/manage/${token}`).expect(404);
      expect(response.body.error).toBe(bookingNotFoundMessage);
      await request(fixture.app).post(`/api/bookings/manage/${token}/cancel`).expect(404);
    }
  });
});

describe('the staff diary', () => {
  it('refuses anonymous and cross-site requests', async () => {
    await request(fixture.app).get('/api/bookings').expect(401);
    await request(fixture.app).put('/api/bookings/1').send({ status: 'confirmed' }).expect(401);
    const staff = await signedInStaff(fixture.database.db, undefined, bookingNow, 'staff');
    await request(fixture.app)
      .put('/api/bookings/1')
      .set('Cookie', staff.cookie)
      .set('Origin', 'https://evil.example')
      .send({ status: 'confirmed' })
      .expect(403);
  });

  it('lists the bookings of the days asked for, and refuses a range too long', async () => {
    await book(makeBooking()).expect(201);
    await book(makeBooking({ date: '2026-11-27', location: 'upminster' })).expect(201);
    const staff = await signedInStaff(fixture.database.db, undefined, bookingNow, 'staff');
    const list = await request(fixture.app)
      .get('/api/bookings')
      .query({ from: tomorrow, to: tomorrow })
      .set(staff.headers)
      .expect(200);
    expect((list.body as Booking[]).map((booking) => booking.date)).toEqual([tomorrow]);
    const week = await request(fixture.app)
      .get('/api/bookings')
      .query({ from: tomorrow, to: '2026-12-01' })
      .set(staff.headers);
    expect((week.body as Booking[]).map((booking) => booking.locationName)).toEqual([
      'Mobile fitting',
      'Upminster branch',
    ]);
    const tooLong = await request(fixture.app)
      .get('/api/bookings')
      .query({ from: tomorrow, to: '2027-03-01' })
      .set(staff.headers)
      .expect(400);
    expect(tooLong.body.fieldErrors).toEqual({ to: ['Ask for at most 62 days at once.'] });
    const backwards = await request(fixture.app)
      .get('/api/bookings')
      .query({ from: tomorrow, to: '2026-01-01' })
      .set(staff.headers)
      .expect(400);
    expect(backwards.body.fieldErrors).toEqual({ to: ['to must not be before from.'] });
    const notADay = await request(fixture.app)
      .get('/api/bookings?from=2026-11-31')
      .set(staff.headers)
      .expect(400);
    expect(notADay.body.fieldErrors).toEqual({ from: ['from must be a date, YYYY-MM-DD.'] });
  });

  it('confirms, completes and cancels with a reason, following the pipeline and the activity log', async () => {
    const staff = await signedInStaff(fixture.database.db, undefined, bookingNow, 'staff');
    await book(makeBooking()).expect(201);
    await book(makeBooking()).expect(201);
    const [first, second] = await fixture.database.db.select().from(bookings).orderBy(bookings.id);
    const put = (id: number, body: object) =>
      request(fixture.app).put(`/api/bookings/${id}`).set(staff.headers).send(body);
    expect((await put(first!.id, { status: 'confirmed' }).expect(200)).body.status).toBe('confirmed');
    expect((await put(first!.id, { status: 'completed' }).expect(200)).body.status).toBe('completed');
    await put(first!.id, { status: 'confirmed' }).expect(409);
    const missingReason = await put(second!.id, { status: 'cancelled', reason: ' ' }).expect(400);
    expect(missingReason.body.fieldErrors).toEqual({ reason: ['Give the customer a reason'] });
    const cancelled = await put(second!.id, { status: 'cancelled', reason: 'Van off the road' }).expect(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Van off the road',
      cancelledBy: staff.username,
    });
    const statuses = await fixture.database.db
      .select({ status: enquiries.status })
      .from(enquiries)
      .orderBy(enquiries.id);
    expect(statuses.map((row) => row.status)).toEqual(['completed', 'closed']);
    const [place] = await fixture.database.db.select().from(bookingPlaces);
    expect(place!.taken).toBe(1);
    const entries = await fixture.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.kind, 'booking-changed'));
    expect(entries).toHaveLength(3);
    expect(JSON.stringify(entries)).not.toContain('Van off the road');
    const cancellation = (
      await fixture.database.db.select().from(outbox).where(eq(outbox.kind, 'booking-cancelled'))
    )[0];
    expect(cancellation!.payload).toMatchObject({ reason: 'Van off the road' });
    await put(999_999, { status: 'confirmed' }).expect(404);
  });

  it('moves a booking to a free window with a new manage link, and refuses a full one', async () => {
    const staff = await signedInStaff(fixture.database.db, undefined, bookingNow, 'staff');
    const created = (await book(makeBooking()).expect(201)).body as CreatedBooking;
    await book(makeBooking({ start: '10:00' })).expect(201);
    await book(makeBooking({ start: '10:00' })).expect(201);
    const [booking] = await fixture.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.reference, created.reference));
    const put = (body: object) =>
      request(fixture.app).put(`/api/bookings/${booking!.id}`).set(staff.headers).send(body);
    const full = await put({ date: tomorrow, start: '10:00' }).expect(409);
    expect(full.body.error).toBe('That window is full. Choose another.');
    await put({ date: tomorrow, start: '08:00' }).expect(400);
    await put({ date: tomorrow, start: '09:00' }).expect(400);
    const moved = await put({ date: '2026-11-27', start: '10:00', location: 'harold-hill' }).expect(200);
    expect(moved.body).toMatchObject({
      date: '2026-11-27',
      start: '10:00',
      end: '12:00',
      location: 'harold-hill',
      locationName: 'Harold Hill branch',
      startsAt: '2026-11-27T10:00:00.000Z',
    });
    const places = await fixture.database.db
      .select()
      .from(bookingPlaces)
      .orderBy(bookingPlaces.date, bookingPlaces.startTime);
    expect(places.map((place) => [place.location, place.date, place.startTime, place.taken])).toEqual([
      ['mobile', tomorrow, '08:00', 0],
      ['mobile', tomorrow, '10:00', 2],
      ['harold-hill', '2026-11-27', '10:00', 1],
    ]);
    // The first e-mail's link no longer opens the booking; the move's e-mail carries the new one.
    await request(fixture.app)
      .get(`/api/bookings/manage/${tokenOf(created)}`)
      .expect(404);
    const [mail] = await fixture.database.db.select().from(outbox).where(eq(outbox.kind, 'booking-moved'));
    const token = (mail!.payload as { manageToken: string }).manageToken;
    expect((await request(fixture.app).get(`/api/bookings/manage/${token}`).expect(200)).body.date).toBe(
      '2026-11-27',
    );
  });

  it('gives the place back when the enquiry is deleted', async () => {
    const staff = await signedInStaff(fixture.database.db, undefined, bookingNow, 'staff');
    await book(makeBooking()).expect(201);
    const [enquiry] = await fixture.database.db.select().from(enquiries);
    await request(fixture.app).delete(`/api/enquiries/${enquiry!.id}`).set(staff.headers).expect(204);
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
    expect((await fixture.database.db.select().from(bookingPlaces))[0]!.taken).toBe(0);
    expect(await fixture.database.db.select().from(outbox)).toEqual([]);
  });

  it('keeps the place count when a move and a cancellation race', async () => {
    const staff = await signedInStaff(fixture.database.db, undefined, bookingNow, 'staff');
    const created = (await book(makeBooking()).expect(201)).body as CreatedBooking;
    const [booking] = await fixture.database.db.select().from(bookings);
    await Promise.all([
      request(fixture.app)
        .put(`/api/bookings/${booking!.id}`)
        .set(staff.headers)
        .send({ date: tomorrow, start: '10:00' }),
      request(fixture.app).post(`/api/bookings/manage/${tokenOf(created)}/cancel`),
    ]);
    const places = await fixture.database.db.select().from(bookingPlaces);
    const taken = places.reduce((sum, place) => sum + place.taken, 0);
    const [after] = await fixture.database.db.select().from(bookings);
    expect(taken).toBe(after!.status === 'cancelled' ? 0 : 1);
  });
});

import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bookingNotFoundMessage,
  cancelTooLateMessage,
  outsideAreaForMobileMessage,
  postcodeForMobileMessage,
  registrationMessage,
  windowGoneMessage,
  type Booking,
  type CreatedBooking,
  type ManagedBooking,
} from '#common/booking.ts';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import {
  bookingContent,
  bookingNow,
  clearBookings,
  fixedContentStore,
  makeBooking,
  tomorrow,
} from '#tests/support/bookings.ts';
import { clearEnquiries, makeEnquiry, signedInStaff } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { activityLog, bookingPlaces, bookings, enquiries, enquiryEvents, outbox } from '../db/schema.ts';

let now = bookingNow;
const content = fixedContentStore(bookingContent());
const fixture = useTestApp({
  env: { ENQUIRY_RATE_LIMIT: '1000' },
  dependencies: () => ({ clock: () => now, siteContent: content }),
  staff: { role: 'staff', at: bookingNow },
});

beforeEach(async () => {
  now = bookingNow;
  content.content = bookingContent();
  await clearEnquiries(fixture.database.db);
  await clearBookings(fixture.database.db);
});

const book = (fields: Record<string, unknown>) => request(fixture.app).post('/api/bookings').send(fields);

/** The token of a created booking's manage link. */
const tokenOf = (created: CreatedBooking) => created.manageUrl.split('/').pop()!;

describe('GET /api/availability', () => {
  it('answers the windows with a place left, day by day', async () => {
    const response = await request(fixture.app)
      .get('/api/availability')
      .query({ service: 'puncture-repair', location: 'mobile', from: tomorrow, days: 2 })
      .expect(200);
    expect(response.body).toEqual([
      {
        date: '2026-11-25',
        windows: [
          { start: '08:00', end: '10:00', free: 3 },
          { start: '10:00', end: '12:00', free: 2 },
        ],
      },
      {
        date: '2026-11-26',
        windows: [
          { start: '08:00', end: '10:00', free: 3 },
          { start: '10:00', end: '12:00', free: 2 },
        ],
      },
    ]);
  });

  it('leaves out what is taken, what is too soon and what is closed', async () => {
    await book(makeBooking({ start: '10:00' })).expect(201);
    await book(makeBooking({ start: '10:00' })).expect(201);
    content.content = bookingContent(undefined, (settings) => {
      settings.closedDates.push({ date: '2026-11-26', location: '', note: 'Staff training' });
    });
    // 06:30 on the 25th: the 08:00 window is inside the four hours' notice.
    now = new Date('2026-11-25T06:30:00Z');
    const response = await request(fixture.app)
      .get('/api/availability')
      .query({ location: 'mobile', from: '2026-11-25', days: 3 })
      .expect(200);
    expect(response.body).toEqual([{ date: '2026-11-27', windows: expect.any(Array) as unknown }]);
  });

  it('stops offering a window as soon as it is booked full, and offers it again once a place is given back', async () => {
    const tenOClock = async () => {
      const response = await request(fixture.app)
        .get('/api/availability')
        .query({ location: 'mobile', from: tomorrow, days: 1 })
        .expect(200);
      const [day] = response.body as { windows: { start: string; free: number }[] }[];
      return day!.windows.find((window) => window.start === '10:00')?.free ?? 0;
    };
    // Read first, so that the answer is kept while the bookings are made.
    expect(await tenOClock()).toBe(2);
    await book(makeBooking({ start: '10:00' })).expect(201);
    expect(await tenOClock()).toBe(1);
    const last = (await book(makeBooking({ start: '10:00' })).expect(201)).body as CreatedBooking;
    expect(await tenOClock()).toBe(0);
    // Known to be full: refused with the next free windows, and nothing more is stored.
    const refused = await book(makeBooking({ start: '10:00' })).expect(409);
    expect(refused.body.error).toBe(windowGoneMessage);
    expect(await fixture.database.db.select().from(bookings)).toHaveLength(2);

    await request(fixture.app)
      .post(`/api/bookings/manage/${tokenOf(last)}/cancel`)
      .expect(200);
    expect(await tenOClock()).toBe(1);
  });

  it('refuses a location, service, date or number of days it does not know', async () => {
    for (const query of [
      { location: 'leeds' },
      { location: 'mobile', service: 'space-travel' },
      { location: 'mobile', from: '2026-02-30' },
      { location: 'mobile', days: '0' },
      { location: 'mobile', days: '1000' },
    ]) {
      const response = await request(fixture.app).get('/api/availability').query(query).expect(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
  });
});

describe('POST /api/bookings', () => {
  it('stores the booking as an enquiry in the pipeline, with its e-mails, and answers its reference', async () => {
    const response = await book(makeBooking({ name: 'Sam Patel', notes: 'Gate code 4321' })).expect(201);
    const created = response.body as CreatedBooking;
    expect(created).toMatchObject({
      service: 'puncture-repair',
      serviceTitle: 'Puncture Repair',
      location: 'mobile',
      locationName: 'Mobile fitting',
      date: tomorrow,
      start: '08:00',
      end: '10:00',
    });
    expect(created.reference).toMatch(/^ENQ-2611-\d{4}$/);
    expect(tokenOf(created)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await fixture.database.db.select().from(bookings);
    expect(stored).toMatchObject({
      reference: created.reference,
      registration: 'AB12CDE',
      postcode: 'RM3 0AB',
      status: 'booked',
      startsAt: new Date('2026-11-25T08:00:00Z'),
      endsAt: new Date('2026-11-25T10:00:00Z'),
    });
    // Only the token's hash is kept.
    expect(stored!.manageTokenHash).not.toContain(tokenOf(created));
    const [enquiry] = await fixture.database.db
      .select()
      .from(enquiries)
      .where(eq(enquiries.id, stored!.enquiryId));
    expect(enquiry).toMatchObject({ reference: created.reference, status: 'booked', contacted: true });
    expect(enquiry!.message).toContain('Gate code 4321');
    const mails = await fixture.database.db.select().from(outbox).orderBy(outbox.id);
    expect(mails.map((mail) => mail.kind)).toEqual(['booking-received', 'booking-confirmation']);
    expect(mails[1]!.payload).toMatchObject({ manageToken: tokenOf(created) });
    expect(mails[0]!.payload).not.toHaveProperty('manageToken');
  });

  it("shows staff the booked service's title in the pipeline and its export", async () => {
    const booked = (await book(makeBooking({ service: 'wheel-balancing' })).expect(201))
      .body as CreatedBooking;
    await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ service: 'tyres' }))
      .expect(201);
    const staff = await signedInStaff(fixture.database.db, undefined, bookingNow, 'staff');
    const list = await request(fixture.app).get('/api/enquiries').set(staff.headers).expect(200);
    expect(
      (list.body as { reference: string; service: string; serviceTitle: string | null }[]).map(
        ({ service, serviceTitle }) => ({ service, serviceTitle }),
      ),
    ).toEqual([
      { service: 'tyres', serviceTitle: null },
      { service: 'wheel-balancing', serviceTitle: 'Wheel Balancing' },
    ]);
    const csv = await request(fixture.app).get('/api/enquiries/export.csv').set(staff.headers).expect(200);
    const bookingRow = csv.text.split('\r\n').find((line) => line.startsWith(booked.reference));
    expect(bookingRow).toContain(',Wheel Balancing,');
    expect(csv.text).toContain(',Tyres,');
  });

  it('gives exactly the places a window has when 50 customers race for them', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => book(makeBooking())));
    const statuses = results.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    expect(await fixture.database.db.select().from(bookings)).toHaveLength(3);
    expect(await fixture.database.db.select().from(enquiries)).toHaveLength(3);
    expect(await fixture.database.db.select().from(outbox)).toHaveLength(6);
    const [place] = await fixture.database.db.select().from(bookingPlaces);
    expect(place).toMatchObject({ location: 'mobile', date: tomorrow, startTime: '08:00', taken: 3 });
    const refused = results.find((response) => response.status === 409)!.body as {
      error: string;
      nextFree: unknown[];
    };
    expect(refused.error).toBe(windowGoneMessage);
    expect(refused.nextFree[0]).toEqual({ date: tomorrow, start: '10:00', end: '12:00', free: 2 });
  });

  it('answers each invalid field with its message, and stores nothing', async () => {
    const response = await book(
      makeBooking({ name: '', email: 'nope', registration: 'NOT A REG', postcode: '', vehicle: '' }),
    ).expect(400);
    expect(response.body.fieldErrors).toEqual({
      name: ['Name is required'],
      email: ['Valid email is required'],
      registration: [registrationMessage],
      vehicle: ['Enter the vehicle’s make and model'],
      postcode: [postcodeForMobileMessage],
    });
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
  });

  it('accepts the UK registration formats and stores them upper case without spaces', async () => {
    for (const [given, stored] of [
      ['a123 bcd', 'A123BCD'],
      ['ABC 123D', 'ABC123D'],
      ['1234 ab', '1234AB'],
      ['abz-1234', 'ABZ1234'],
    ]) {
      await book(makeBooking({ registration: given, start: '10:00', date: '2026-11-27' })).expect(201);
      const [row] = await fixture.database.db
        .select({ registration: bookings.registration })
        .from(bookings)
        .orderBy(bookings.id)
        .limit(1)
        .offset((await fixture.database.db.select().from(bookings)).length - 1);
      expect(row!.registration).toBe(stored);
      await clearBookings(fixture.database.db);
    }
  });

  it('refuses mobile fitting outside the covered districts, but not a branch booking from there', async () => {
    const response = await book(makeBooking({ postcode: 'M1 1AE' })).expect(400);
    expect(response.body.fieldErrors).toEqual({ postcode: [outsideAreaForMobileMessage('M1')] });
    await book(makeBooking({ postcode: 'M1 1AE', location: 'harold-hill' })).expect(201);
    const [stored] = await fixture.database.db.select().from(bookings);
    expect(stored).toMatchObject({
      location: 'harold-hill',
      locationName: 'Harold Hill branch',
      outsideArea: true,
    });
  });

  it('refuses a service, location or window that is not offered', async () => {
    expect((await book(makeBooking({ service: 'space-travel' })).expect(400)).body.fieldErrors).toEqual({
      service: ['Please select a service'],
    });
    expect((await book(makeBooking({ location: 'leeds' })).expect(400)).body.fieldErrors).toEqual({
      location: ['Choose where: at your address or at a branch'],
    });
    expect((await book(makeBooking({ start: '09:00' })).expect(400)).body.fieldErrors).toEqual({
      start: ['Choose a time from the list'],
    });
  });

  it('refuses a window inside the notice period or beyond the horizon with the next free ones', async () => {
    now = new Date('2026-11-25T05:00:00Z');
    const soon = await book(makeBooking()).expect(409);
    expect(soon.body.nextFree[0]).toEqual({ date: tomorrow, start: '10:00', end: '12:00', free: 2 });
    now = bookingNow;
    await book(makeBooking({ date: '2026-12-15' })).expect(201);
    await book(makeBooking({ date: '2026-12-16' })).expect(409);
  });

  it('treats bank holidays as closed unless the business opens on them', async () => {
    now = new Date('2026-12-20T10:00:00Z');
    await book(makeBooking({ date: '2026-12-25' })).expect(400);
    content.content = bookingContent(undefined, (settings) => settings.openBankHolidays.push('2026-12-25'));
    await book(makeBooking({ date: '2026-12-25' })).expect(201);
  });

  it('answers a filled honeypot like a booking, and stores nothing', async () => {
    const response = await book(makeBooking({ website: 'http://spam.example' })).expect(201);
    expect(response.body.reference).toMatch(/^ENQ-\d{4}-\d{4}$/);
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
    expect(await fixture.database.db.select().from(outbox)).toEqual([]);
  });

  it('limits bookings per client, apart from enquiries', async () => {
    const limited = createTestApp(fixture.database, {
      config: testConfig({ ENQUIRY_RATE_LIMIT: '2' }),
      clock: () => now,
      siteContent: content,
    });
    await request(limited)
      .post('/api/enquiries')
      .send({
        name: 'Sam',
        email: 'sam@example.com',
        phone: '07700 900456',
        service: 'tyres',
        message: '',
      })
      .expect(201);
    await request(limited)
      .post('/api/bookings')
      .send(makeBooking({ start: '10:00' }))
      .expect(201);
    await request(limited)
      .post('/api/bookings')
      .send(makeBooking({ start: '10:00' }))
      .expect(201);
    const refused = await request(limited).post('/api/bookings').send(makeBooking()).expect(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(await fixture.database.db.select().from(bookings)).toHaveLength(2);
  });
});

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
    now = new Date('2026-11-25T04:30:00Z');
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
    await request(fixture.app)
      .get('/api/bookings')
      .query({ from: tomorrow, to: '2027-03-01' })
      .set(staff.headers)
      .expect(400);
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

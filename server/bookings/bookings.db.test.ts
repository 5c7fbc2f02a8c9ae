import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  outsideAreaForMobileMessage,
  postcodeForMobileMessage,
  windowGoneMessage,
  type CreatedBooking,
} from '#common/bookings/booking.ts';
import { registrationMessage } from '#common/vehicles/registration.ts';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import { bookingContent, bookingNow, clearBookings, makeBooking, tomorrow } from '#tests/support/bookings.ts';
import { makeEnquiry, signedInStaff } from '#tests/support/factories.ts';
import { bookingPlaces, bookingReferenceCounters, bookings, enquiries, outbox } from '../db/schema.ts';
import { findBooking } from './records.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';

const { clock, content, fixture, book, tokenOf } = useBookingsApp();

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
    clock.now = new Date('2026-11-25T06:30:00Z');
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

  it('numbers bookings BK-YYMM-NNNN per London month, apart from the enquiries’ ENQ- numbers', async () => {
    await fixture.database.db.delete(bookingReferenceCounters);
    const first = await book(makeBooking()).expect(201);
    const second = await book(makeBooking({ start: '10:00' })).expect(201);
    expect([first.body.reference, second.body.reference]).toEqual(['BK-2611-0001', 'BK-2611-0002']);
    // An enquiry sent meanwhile keeps its own numbering.
    const enquiry = await request(fixture.app).post('/api/enquiries').send(makeEnquiry()).expect(201);
    expect(enquiry.body.reference).toMatch(/^ENQ-2611-\d{4}$/);
    const third = await book(makeBooking({ start: '10:00', date: '2026-11-26' })).expect(201);
    expect(third.body.reference).toBe('BK-2611-0003');
  });

  it('is answered ahead of the middleware with the headers of every API answer, an ETag and a 304 for a repeat', async () => {
    const query = { location: 'mobile', from: tomorrow, days: 21 };
    const kept = await request(fixture.app)
      .get('/api/availability')
      .query(query)
      .set('Accept-Encoding', 'br')
      .expect(200);
    // Through the middleware, for comparison.
    const routed = await request(fixture.app)
      .get('/api/tyres/sizes')
      .set('Accept-Encoding', 'br')
      .expect(200);
    for (const name of ['cache-control', 'x-frame-options', 'referrer-policy', 'content-type'])
      expect(kept.headers[name]).toBe(routed.headers[name]);
    expect(kept.headers['content-security-policy']).toMatch(/'nonce-[\w-]{22}'/);
    expect(kept.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(kept.headers['content-encoding']).toBe('br');
    expect(kept.body).toHaveLength(21);
    await request(fixture.app)
      .get('/api/availability')
      .query(query)
      .set('If-None-Match', kept.headers.etag!)
      .expect(304);
    // A booking changes the answer, and its tag.
    await book(makeBooking({ start: '10:00' })).expect(201);
    const after = await request(fixture.app).get('/api/availability').query(query).expect(200);
    expect(after.headers.etag).not.toBe(kept.headers.etag);
    expect(after.body[0].windows[1]).toEqual({ start: '10:00', end: '12:00', free: 1 });
  });

  it('refuses a location, service, date or number of days it does not know, naming the parameter', async () => {
    for (const [query, name] of [
      [{ location: 'leeds' }, 'location'],
      [{ location: 'mobile', service: 'space-travel' }, 'service'],
      [{ location: 'mobile', from: '2026-02-30' }, 'from'],
      [{ location: 'mobile', from: [tomorrow, tomorrow] }, 'from'],
      [{ location: 'mobile', days: '0' }, 'days'],
      [{ location: 'mobile', days: '1000' }, 'days'],
    ] as const) {
      const response = await request(fixture.app).get('/api/availability').query(query).expect(400);
      expect(response.body.error).toEqual(expect.any(String));
      expect(Object.keys(response.body.fieldErrors)).toEqual([name]);
    }
    const days = await request(fixture.app).get('/api/availability?location=mobile&days=0').expect(400);
    expect(days.body.fieldErrors).toEqual({ days: ['days must be a whole number from 1 to 92.'] });
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
    expect(created.reference).toMatch(/^BK-2611-\d{4}$/);
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
    // Both carry the booking as the API reads it (the statement builds it once for the two).
    const asRead = await findBooking(fixture.database.db, stored!.id);
    for (const mail of mails) expect((mail.payload as { booking: unknown }).booking).toEqual(asRead);
  });

  it('is answered ahead of the middleware with the headers of every API answer; a body not sent as JSON goes the usual way', async () => {
    const booked = await book(makeBooking()).expect(201);
    // Through the middleware, for comparison.
    const routed = await request(fixture.app).post('/api/enquiries').send(makeEnquiry()).expect(201);
    for (const name of ['cache-control', 'x-frame-options', 'referrer-policy', 'content-type', 'vary'])
      expect(booked.headers[name]).toBe(routed.headers[name]);
    expect(booked.headers['content-security-policy']).toMatch(/'nonce-[\w-]{22}'/);
    expect(booked.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const form = await request(fixture.app)
      .post('/api/bookings')
      .type('form')
      .send(makeBooking())
      .expect(415);
    expect(form.body.error).toBe('Send the booking as JSON (Content-Type: application/json).');
    const broken = await request(fixture.app)
      .post('/api/bookings')
      .set('Content-Type', 'application/json')
      .send('{"service": "puncture')
      .expect(400);
    expect(broken.body).toEqual({ error: 'The request body is not valid JSON.' });
    expect(await fixture.database.db.$count(bookings)).toBe(1);
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
    clock.now = new Date('2026-11-25T05:00:00Z');
    const soon = await book(makeBooking()).expect(409);
    expect(soon.body.nextFree[0]).toEqual({ date: tomorrow, start: '10:00', end: '12:00', free: 2 });
    clock.now = bookingNow;
    await book(makeBooking({ date: '2026-12-15' })).expect(201);
    await book(makeBooking({ date: '2026-12-16' })).expect(409);
  });

  it('treats bank holidays as closed unless the business opens on them', async () => {
    clock.now = new Date('2026-12-20T10:00:00Z');
    await book(makeBooking({ date: '2026-12-25' })).expect(400);
    content.content = bookingContent(undefined, (settings) => settings.openBankHolidays.push('2026-12-25'));
    await book(makeBooking({ date: '2026-12-25' })).expect(201);
  });

  it('answers a filled honeypot like a booking, and stores nothing', async () => {
    const response = await book(makeBooking({ website: 'http://spam.example' })).expect(201);
    expect(response.body.reference).toMatch(/^BK-\d{4}-\d{4}$/);
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
    expect(await fixture.database.db.select().from(outbox)).toEqual([]);
  });

  it('limits bookings per client, apart from enquiries', async () => {
    const limited = createTestApp(fixture.database, {
      config: testConfig({ ENQUIRY_RATE_LIMIT: '2' }),
      clock: () => clock.now,
      siteContent: content,
      settings: content.settings,
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

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as its IPv4 address', async () => {
    content.content = bookingContent([{ start: '08:00', end: '10:00', places: 20 }]);
    const limited = createTestApp(fixture.database, {
      config: testConfig({ ENQUIRY_RATE_LIMIT: '2', TRUST_PROXY: '1' }),
      clock: () => clock.now,
      siteContent: content,
      settings: content.settings,
    });
    const bookFrom = (client: string) =>
      request(limited).post('/api/bookings').set('X-Forwarded-For', client).send(makeBooking());
    await bookFrom('2001:db8:5:6::1').expect(201);
    await bookFrom('2001:db8:5:6:a:b:c:d').expect(201);
    await bookFrom('2001:db8:5:6::ffff').expect(429);
    await bookFrom('2001:db8:5:7::1').expect(201);
    await bookFrom('203.0.113.9').expect(201);
    await bookFrom('::ffff:203.0.113.9').expect(201);
    await bookFrom('::ffff:cb00:7109').expect(429);
    expect(await fixture.database.db.select().from(bookings)).toHaveLength(5);
  });
});

import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  tyresWithBranchServiceMessage,
  windowGoneMessage,
  type Booking,
  type CreatedBooking,
} from '#common/bookings/booking.ts';
import type { BookingSettings, BookingWindow } from '#common/bookings/settings.ts';
import type { AvailabilityDay } from '#common/bookings/slots.ts';
import { weekdays } from '#common/time/week.ts';
import { bookingContent, bookingNow, makeBooking, tomorrow } from '#tests/support/bookings.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { bookingPlaces, bookings, enquiries, outbox } from '../db/schema.ts';

const { content, fixture, book, tokenOf } = useBookingsApp();

const everyDay = (windows: BookingWindow[]) =>
  Object.fromEntries(weekdays.map((day) => [day, windows])) as Record<
    (typeof weekdays)[number],
    BookingWindow[]
  >;

/**
 * The tyre windows of tests/support/bookings.ts (08:00-10:00 with 3 places, 10:00-12:00 with 2)
 * everywhere; at each branch, MOT tests 09:00-10:00 (1 place) and 10:00-11:00 (2 places), and
 * servicing 08:00-12:00 (1 place), every day; changed by `change` when given.
 */
function branchServiceContent(change?: (settings: BookingSettings) => void) {
  return bookingContent(undefined, (settings) => {
    for (const location of settings.locations.slice(1)) {
      location.services = {
        mot: {
          enabled: true,
          week: everyDay([
            { start: '09:00', end: '10:00', places: 1 },
            { start: '10:00', end: '11:00', places: 2 },
          ]),
        },
        servicing: { enabled: true, week: everyDay([{ start: '08:00', end: '12:00', places: 1 }]) },
      };
    }
    change?.(settings);
  });
}

/** A valid MOT booking of tomorrow's 09:00 window at Harold Hill; override any field. */
const makeMot = (overrides: Record<string, unknown> = {}) =>
  makeBooking({ service: 'mot', location: 'harold-hill', start: '09:00', ...overrides });

/** Tomorrow's free windows at `location` for `service`, as GET /api/availability answers them. */
async function freeTomorrow(location: string, service?: string) {
  const response = await request(fixture.app)
    .get('/api/availability')
    .query({ location, from: tomorrow, days: 1, ...(service && { service }) })
    .expect(200);
  const [day] = response.body as AvailabilityDay[];
  return day?.windows.map(({ start, end, free }) => `${start}-${end} ${free}`) ?? [];
}

/** Every row of booking_places as "key date start taken". */
async function placesTaken() {
  const rows = await fixture.database.db
    .select()
    .from(bookingPlaces)
    .orderBy(bookingPlaces.location, bookingPlaces.date, bookingPlaces.startTime);
  return rows.map((row) => `${row.location} ${row.date} ${row.startTime} ${row.taken}`);
}

beforeEach(() => {
  content.content = branchServiceContent();
});

describe('GET /api/availability for a branch’s MOT testing and servicing', () => {
  it('answers their own windows, and the tyre windows for a tyre service or none', async () => {
    expect(await freeTomorrow('harold-hill', 'mot')).toEqual(['09:00-10:00 1', '10:00-11:00 2']);
    expect(await freeTomorrow('upminster', 'servicing')).toEqual(['08:00-12:00 1']);
    expect(await freeTomorrow('harold-hill', 'puncture-repair')).toEqual(['08:00-10:00 3', '10:00-12:00 2']);
    expect(await freeTomorrow('harold-hill')).toEqual(['08:00-10:00 3', '10:00-12:00 2']);
  });

  it('refuses mobile fitting, and a branch where the service is switched off', async () => {
    content.content = branchServiceContent((settings) => {
      settings.locations[2]!.services!.mot!.enabled = false;
    });
    for (const location of ['mobile', 'upminster']) {
      const response = await request(fixture.app)
        .get('/api/availability')
        .query({ location, service: 'mot' })
        .expect(400);
      expect(response.body.error).toBe('location must be one of harold-hill.');
    }
    await request(fixture.app)
      .get('/api/availability')
      .query({ location: 'upminster', service: 'servicing' })
      .expect(200);
    await request(fixture.app)
      .get('/api/availability')
      .query({ location: 'harold-hill', service: 'mots' })
      .expect(400);
  });
});

describe('booking a branch’s MOT testing and servicing', () => {
  it('stores an MOT with its title, in an MOT place of the branch', async () => {
    const created = (await book(makeMot()).expect(201)).body as CreatedBooking;
    expect(created).toMatchObject({
      service: 'mot',
      serviceTitle: 'MOT Testing',
      location: 'harold-hill',
      locationName: 'Harold Hill branch',
      date: tomorrow,
      start: '09:00',
      end: '10:00',
    });
    const [stored] = await fixture.database.db.select().from(bookings);
    expect(stored).toMatchObject({
      service: 'mot',
      serviceTitle: 'MOT Testing',
      placesKey: 'harold-hill/mot',
    });
    const [enquiry] = await fixture.database.db.select().from(enquiries);
    expect(enquiry).toMatchObject({ service: 'mot', status: 'booked' });
    expect(enquiry!.message).toContain('Online booking: MOT Testing, ');
    const mails = await fixture.database.db.select().from(outbox);
    for (const mail of mails) {
      expect((mail.payload as { booking: Booking }).booking.serviceTitle).toBe('MOT Testing');
    }
    const managed = await request(fixture.app)
      .get(`/api/bookings/manage/${tokenOf(created)}`)
      .expect(200);
    expect(managed.body.serviceTitle).toBe('MOT Testing');
    expect(await placesTaken()).toEqual([`harold-hill/mot ${tomorrow} 09:00 1`]);

    const servicing = (await book(makeMot({ service: 'servicing', start: '08:00' })).expect(201))
      .body as CreatedBooking;
    expect(servicing).toMatchObject({ serviceTitle: 'Vehicle Servicing', end: '12:00' });
    expect(await placesTaken()).toEqual([
      `harold-hill/mot ${tomorrow} 09:00 1`,
      `harold-hill/servicing ${tomorrow} 08:00 1`,
    ]);
  });

  it('does not take a tyre place with an MOT, nor an MOT place with tyre work', async () => {
    await book(makeMot()).expect(201);
    expect(await freeTomorrow('harold-hill', 'puncture-repair')).toEqual(['08:00-10:00 3', '10:00-12:00 2']);
    await book(makeBooking({ location: 'harold-hill', start: '10:00' })).expect(201);
    await book(makeBooking({ location: 'harold-hill', start: '10:00' })).expect(201);
    expect(await freeTomorrow('harold-hill', 'mot')).toEqual(['10:00-11:00 2']);
    expect(await freeTomorrow('harold-hill')).toEqual(['08:00-10:00 3']);
    expect(await placesTaken()).toEqual([
      `harold-hill ${tomorrow} 10:00 2`,
      `harold-hill/mot ${tomorrow} 09:00 1`,
    ]);
  });

  it('refuses the next MOT in a full MOT window, offering the next free MOT windows, and still takes tyre work then', async () => {
    await book(makeMot()).expect(201);
    const refused = await book(makeMot()).expect(409);
    expect(refused.body.error).toBe(windowGoneMessage);
    expect(refused.body.nextFree[0]).toEqual({ date: tomorrow, start: '10:00', end: '11:00', free: 2 });
    // The same window of the branch's tyre work, and an MOT at the other branch.
    await book(makeBooking({ location: 'harold-hill', start: '08:00' })).expect(201);
    await book(makeMot({ location: 'upminster' })).expect(201);
    expect(await fixture.database.db.$count(bookings)).toBe(3);
    expect(await placesTaken()).toEqual([
      `harold-hill ${tomorrow} 08:00 1`,
      `harold-hill/mot ${tomorrow} 09:00 1`,
      `upminster/mot ${tomorrow} 09:00 1`,
    ]);
  });

  it('gives exactly the MOT places of a window when customers race for them', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => book(makeMot({ start: '10:00' }))));
    expect(results.filter((response) => response.status === 201)).toHaveLength(2);
    expect(results.filter((response) => response.status === 409)).toHaveLength(8);
    expect(await placesTaken()).toEqual([`harold-hill/mot ${tomorrow} 10:00 2`]);
  });

  it('refuses an MOT at the customer’s address, saying where it is done, and stores nothing', async () => {
    const response = await book(makeMot({ location: 'mobile' })).expect(400);
    expect(response.body.fieldErrors).toEqual({
      location: [
        'We do MOT tests at our Harold Hill or Upminster branch, not at your address. Please choose a branch.',
      ],
    });
    content.content = branchServiceContent((settings) => {
      settings.locations[2]!.services!.servicing!.enabled = false;
    });
    const elsewhere = await book(
      makeMot({ service: 'servicing', location: 'upminster', start: '08:00' }),
    ).expect(400);
    expect(elsewhere.body.fieldErrors).toEqual({
      location: [
        'Vehicle Servicing can be booked online at our Harold Hill branch only. Please choose a branch that offers it.',
      ],
    });
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
    expect(await fixture.database.db.select().from(enquiries)).toEqual([]);
    expect(await fixture.database.db.select().from(outbox)).toEqual([]);
    expect(await placesTaken()).toEqual([]);
  });

  it('refuses an MOT switched off everywhere as a service, a window only the tyre work has, and tyres', async () => {
    expect((await book(makeMot({ start: '08:00' })).expect(400)).body.fieldErrors).toEqual({
      start: ['Choose a time from the list'],
    });
    expect((await book(makeMot({ tyreId: 1, quantity: 2 })).expect(400)).body.fieldErrors).toEqual({
      tyreId: [tyresWithBranchServiceMessage],
    });
    content.content = branchServiceContent((settings) => {
      for (const location of settings.locations.slice(1)) location.services!.mot!.enabled = false;
    });
    expect((await book(makeMot()).expect(400)).body.fieldErrors).toEqual({
      service: ['Please select a service'],
    });
    expect(await fixture.database.db.$count(bookings)).toBe(0);
  });

  it('closes on the branch’s closed dates', async () => {
    content.content = branchServiceContent((settings) => {
      settings.closedDates.push({ date: tomorrow, location: 'harold-hill', note: '' });
    });
    expect(await freeTomorrow('harold-hill', 'mot')).toEqual([]);
    expect(await freeTomorrow('upminster', 'mot')).toEqual(['09:00-10:00 1', '10:00-11:00 2']);
    expect((await book(makeMot()).expect(400)).body.fieldErrors).toEqual({
      start: ['Choose a time from the list'],
    });
  });

  it('gives the MOT place back when the customer cancels', async () => {
    const created = (await book(makeMot()).expect(201)).body as CreatedBooking;
    await book(makeBooking({ location: 'harold-hill', start: '08:00' })).expect(201);
    expect(await freeTomorrow('harold-hill', 'mot')).toEqual(['10:00-11:00 2']);
    await request(fixture.app)
      .post(`/api/bookings/manage/${tokenOf(created)}/cancel`)
      .expect(200);
    expect(await placesTaken()).toEqual([
      `harold-hill ${tomorrow} 08:00 1`,
      `harold-hill/mot ${tomorrow} 09:00 0`,
    ]);
    expect(await freeTomorrow('harold-hill', 'mot')).toEqual(['09:00-10:00 1', '10:00-11:00 2']);
    await book(makeMot()).expect(201);
  });
});

describe('staff moving an MOT', () => {
  it('moves it among the MOT windows, taking an MOT place there and giving its own back', async () => {
    const staff = await signedInStaff(fixture.database.db, undefined, bookingNow, 'staff');
    await book(makeMot()).expect(201);
    // The Upminster tyre window at 10:00 is full; its MOT window is not.
    await book(makeBooking({ location: 'upminster', start: '10:00' })).expect(201);
    await book(makeBooking({ location: 'upminster', start: '10:00' })).expect(201);
    const [mot] = await fixture.database.db.select().from(bookings).where(eq(bookings.service, 'mot'));
    const put = (body: object) =>
      request(fixture.app).put(`/api/bookings/${mot!.id}`).set(staff.headers).send(body);

    const toMobile = await put({ date: tomorrow, start: '09:00', location: 'mobile' }).expect(400);
    expect(toMobile.body.fieldErrors).toEqual({ location: ['MOT Testing is done at a branch: choose one.'] });
    // 08:00 is a tyre window only.
    await put({ date: tomorrow, start: '08:00', location: 'upminster' }).expect(400);
    const moved = await put({ date: tomorrow, start: '10:00', location: 'upminster' }).expect(200);
    expect(moved.body).toMatchObject({
      service: 'mot',
      serviceTitle: 'MOT Testing',
      location: 'upminster',
      locationName: 'Upminster branch',
      start: '10:00',
      end: '11:00',
    });
    const [stored] = await fixture.database.db.select().from(bookings).where(eq(bookings.id, mot!.id));
    expect(stored!.placesKey).toBe('upminster/mot');
    expect(await placesTaken()).toEqual([
      `harold-hill/mot ${tomorrow} 09:00 0`,
      `upminster ${tomorrow} 10:00 2`,
      `upminster/mot ${tomorrow} 10:00 1`,
    ]);
    expect(await freeTomorrow('upminster', 'mot')).toEqual(['09:00-10:00 1', '10:00-11:00 1']);
    expect(await freeTomorrow('harold-hill', 'mot')).toEqual(['09:00-10:00 1', '10:00-11:00 2']);

    // Cancelled where it was moved to, it gives that MOT place back.
    await put({ status: 'cancelled', reason: 'Car sold' }).expect(200);
    expect(await placesTaken()).toContain(`upminster/mot ${tomorrow} 10:00 0`);
  });

  it('refuses a full MOT window even when the tyre window at that time has places', async () => {
    const staff = await signedInStaff(fixture.database.db, undefined, bookingNow, 'staff');
    await book(makeMot()).expect(201);
    await book(makeMot({ location: 'upminster' })).expect(201);
    const [first] = await fixture.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.location, 'harold-hill'));
    const full = await request(fixture.app)
      .put(`/api/bookings/${first!.id}`)
      .set(staff.headers)
      .send({ date: tomorrow, start: '09:00', location: 'upminster' })
      .expect(409);
    expect(full.body.error).toBe('That window is full. Choose another.');
    expect(await placesTaken()).toEqual([
      `harold-hill/mot ${tomorrow} 09:00 1`,
      `upminster/mot ${tomorrow} 09:00 1`,
    ]);
  });
});

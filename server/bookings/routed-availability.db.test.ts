import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  beyondCallOutMessage,
  postcodeNotFoundMessage,
  unplacedPostcodeMessage,
  sentAsEnquiryMessage,
  unplacedEnquiryNote,
} from '#common/routing/words.ts';
import { makeBooking, tomorrow } from '#tests/support/bookings.ts';
import { towns, useRoutesApp } from '#tests/support/routes-app.ts';
import { opening } from '#tests/support/booking-settings.ts';
import { addDays } from '#common/time/week.ts';
import { bookings, enquiries, postcodePlaces } from '../db/schema.ts';
import { forgetTravelTables } from '../routing/travel.ts';

// Mobile windows offered by where a van can really reach (server/routing/reach.ts), against the
// postcodes.io and OSRM stand-ins: one van from Basildon; OSRM's roads are 1.25 times the
// straight line at 30 mph (so Southend to Romford is about 58 minutes), the estimate's 1.3 at 25.
const hours = ['09:00', '10:00', '11:00', '12:00'];
const { fixture, book, stand, setRoutes, availability } = useRoutesApp(
  hours.map((start, index) => opening(start, hours[index + 1] ?? '13:00', 5)),
);

const [day1, day2] = [tomorrow, addDays(tomorrow, 1)];

type Told = {
  date: string;
  windows: { start: string; end: string; free: number | null; nearby?: boolean; callOutPence?: number }[];
};

/** The days answered, each as its date and its windows' starts. */
const startsOf = (days: Told[]) =>
  Object.fromEntries(days.map((day) => [day.date, day.windows.map((w) => w.start)]));

describe('GET /api/availability with a postcode, while routes are kept', () => {
  it('offers only the windows the van can reach from the jobs it already has', async () => {
    await book(makeBooking({ date: day1, start: '09:00', postcode: towns.southend })).expect(201);
    const response = await availability(towns.romford, day1, 2).expect(200);
    // Southend at 09:00, 45 minutes there, then about an hour's drive: Romford from 10:00.
    expect(startsOf(response.body as Told[])).toEqual({
      [day1]: ['10:00', '11:00', '12:00'],
      [day2]: hours,
    });
    expect((response.body as Told[])[1]!.windows[0]).toEqual({
      start: '09:00',
      end: '10:00',
      free: 1,
      nearby: false,
      callOutPence: 1500,
    });
    expect(stand.osrm.requests.length).toBeGreaterThan(0);
    expect(stand.postcodes.mistakes).toEqual([]);
    expect(stand.osrm.mistakes).toEqual([]);
  });

  it('charges the call-out by the band of the road miles from the nearest start', async () => {
    const callOuts = async (postcode: string) =>
      ((await availability(postcode, day1).expect(200)).body as Told[]).flatMap((day) =>
        day.windows.map((window) => window.callOutPence),
      );
    // Benfleet about 4 miles by road, Romford about 16, Ilford about 22.
    expect(await callOuts(towns.benfleet)).toEqual([0, 0, 0, 0]);
    expect(await callOuts(towns.romford)).toEqual([1500, 1500, 1500, 1500]);
    expect(await callOuts(towns.ilford)).toEqual([2500, 2500, 2500, 2500]);
    // Another start nearer Ilford: its nearer band.
    setRoutes({
      starts: [
        { name: 'Basildon', postcode: towns.basildon },
        { name: 'Romford', postcode: towns.romford },
      ],
    });
    expect(await callOuts(towns.ilford)).toEqual([0, 0, 0, 0]);
  });

  it('refuses a postcode beyond the last band, and one postcodes.io does not know', async () => {
    // Stratford: about 26 miles by road.
    const beyond = await availability(towns.stratford, day1).expect(400);
    expect(beyond.body).toMatchObject({ fieldErrors: { postcode: [beyondCallOutMessage] } });
    const unknown = await availability('ZZ9 9ZZ', day1).expect(400);
    expect(unknown.body).toMatchObject({
      error: postcodeNotFoundMessage,
      fieldErrors: { postcode: [postcodeNotFoundMessage] },
    });
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
  });

  it('marks the windows of a day with a job nearby, less the nearby discount', async () => {
    await book(makeBooking({ date: day2, start: '12:00', postcode: towns.romford })).expect(201);
    const response = await availability(towns.gideaPark, day1, 2).expect(200);
    const [first, second] = response.body as Told[];
    expect(first!.windows.map(({ nearby, callOutPence }) => ({ nearby, callOutPence }))).toEqual(
      hours.map(() => ({ nearby: false, callOutPence: 1500 })),
    );
    // Romford, 1.5 miles away at 12:00: every window that day is nearby, £5 off.
    expect(
      second!.windows.map(({ start, nearby, callOutPence }) => ({ start, nearby, callOutPence })),
    ).toEqual(hours.map((start) => ({ start, nearby: true, callOutPence: 1000 })));
  });
});

describe('while postcodes.io or OSRM cannot answer', () => {
  const routesStatus = async () =>
    (await request(fixture.app).get('/api/routes/status').set(fixture.staff.headers).expect(200)).body as {
      postcodes: { configured: boolean; lastFailure: string | null };
      osrm: { configured: boolean; lastFailure: string | null; lastSuccessAt: string | null };
    };

  it('places a postcode at its district’s centre, from the postcodes looked up before, and still offers windows', async () => {
    await availability(towns.romford, day1).expect(200);
    stand.postcodes.setDown('503');
    const response = await availability('RM1 4BB', day1).expect(200);
    expect((response.body as Told[])[0]!.windows).toEqual(
      hours.map((start) => expect.objectContaining({ start, callOutPence: 1500, nearby: false })),
    );
    // The district's centre is never kept as the postcode's own place.
    const kept = await fixture.database.db.select({ postcode: postcodePlaces.postcode }).from(postcodePlaces);
    expect(kept.map((row) => row.postcode).sort()).toEqual([towns.romford, towns.basildon].sort());
    expect((await routesStatus()).postcodes).toMatchObject({
      configured: true,
      lastFailure: expect.stringMatching(/^postcodes\.io answered 503/),
    });
  });

  it('takes postcodes.io answering slower than it waits as down', async () => {
    await availability(towns.romford, day1).expect(200);
    stand.postcodes.setDown('slow', { slowMs: 4_500 });
    const response = await availability('RM1 7XY', day1).expect(200);
    expect(startsOf(response.body as Told[])).toEqual({ [day1]: hours });
    expect((await routesStatus()).postcodes.lastFailure).toBe('No answer in time');
  });

  it('answers 503 for a postcode of a district never seen, and sends its booking to the office as an enquiry', async () => {
    await availability(towns.romford, day1).expect(200);
    stand.postcodes.setDown('503');
    const response = await availability('CO1 1AA', day1).expect(503);
    expect(response.body).toMatchObject({
      error: unplacedPostcodeMessage,
      fieldErrors: { postcode: [unplacedPostcodeMessage] },
    });
    const sent = await book(makeBooking({ date: day1, start: '09:00', postcode: 'CO1 1AA' })).expect(202);
    const reference = (sent.body as { enquiry: { reference: string } }).enquiry.reference;
    expect(sent.body).toEqual({ enquiry: { reference }, message: sentAsEnquiryMessage(reference) });
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
    const [enquiry] = await fixture.database.db.select().from(enquiries);
    expect(enquiry).toMatchObject({
      reference,
      service: 'mobile-service',
      postcode: 'CO1 1AA',
      status: 'new',
    });
    expect(enquiry!.message).toContain(unplacedEnquiryNote);
  });

  it('estimates the drives while OSRM is down, and tells staff', async () => {
    stand.osrm.setDown('503');
    const response = await availability(towns.romford, day1).expect(200);
    expect(startsOf(response.body as Told[])).toEqual({ [day1]: hours });
    expect((await routesStatus()).osrm).toMatchObject({
      configured: true,
      lastFailure: expect.stringMatching(/503/),
    });
  });

  it('offers by OSRM’s drives where it answers, by the estimate where it does not', async () => {
    await book(makeBooking({ date: day1, start: '09:00', postcode: towns.southend })).expect(201);
    const offered = async () =>
      startsOf((await availability(towns.romford, day1).expect(200)).body as Told[])[day1];
    // OSRM at 30 mph: Southend to Romford in 58 minutes, so 10:00-11:00 is reached (by 10:43).
    expect(await offered()).toEqual(['10:00', '11:00', '12:00']);
    // OSRM's roads at 10 mph: nearly three hours, Romford by 12:38 at the earliest.
    stand.osrm.road.mph = 10;
    forgetTravelTables();
    expect(await offered()).toEqual(['12:00']);
    // OSRM down: the estimate, at 25 mph, reaches Romford by 10:57.
    stand.osrm.setDown('503');
    forgetTravelTables();
    expect(await offered()).toEqual(['10:00', '11:00', '12:00']);
    expect((await routesStatus()).osrm.lastSuccessAt).not.toBeNull();
  });
});

import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  vehicleLookupOffMessage,
  vehicleLookupUnavailableMessage,
  vehicleNotFoundMessage,
} from '#common/vehicles/vehicle-data.ts';
import { registrationMessage } from '#common/vehicles/registration.ts';
import { useVehicleDataApp } from '#tests/support/vehicle-data-app.ts';
import { serviceChecksOf } from '../db/service-checks.ts';
import { createVehicleLookup, lookupKeptMs, pruneVehicleLookups } from './lookup.ts';
import { vehicleLookups } from '../db/schema.ts';
import { makeBooking } from '#tests/support/bookings.ts';
import { dvlaVehicle } from '#tests/support/vehicle-data-fixtures.ts';

// GET /api/vehicles/lookup against the DVLA's stand-in (tests/support/dvla-stand-in.ts): each of
// the DVLA's answers, the day its answers are kept, and the limit per client.
const { fixture, clock, stand, setVehicles, book } = useVehicleDataApp();
const lookup = (registration: string, client = '203.0.113.9') =>
  request(fixture.app)
    .get(`/api/vehicles/lookup?registration=${encodeURIComponent(registration)}`)
    .set('X-Forwarded-For', client);
const dvlaCheck = async () => (await serviceChecksOf(fixture.database.db, ['dvla']))[0]!;

describe('looking a vehicle up by its registration', () => {
  it('answers the DVLA’s make, colour, year, fuel and MOT expiry as people write them, having sent what the DVLA asks', async () => {
    const answer = await lookup('aa19 aaa').expect(200);
    expect(answer.body).toEqual({
      registration: 'AA19AAA',
      make: 'Ford',
      colour: 'Red',
      yearOfManufacture: 2019,
      fuelType: 'Petrol',
      motExpiryDate: '2027-03-14',
    });
    expect(stand.dvla.mistakes).toEqual([]);
    const [sent] = stand.dvla.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/vehicle-enquiry/v1/vehicles' });
    expect(sent!.headers['x-api-key']).toBe('dvla-test-key-0001');
    expect(JSON.parse(sent!.body)).toEqual({ registrationNumber: 'AA19AAA' });
    expect(await dvlaCheck()).toMatchObject({ lastSuccessAt: expect.any(String), lastFailure: null });
  });

  it('keeps each answer a day, a registration not found too, then asks again', async () => {
    await lookup('AA19AAA').expect(200);
    expect((await lookup('ZZ99ZZZ').expect(404)).body).toEqual({ error: vehicleNotFoundMessage });
    await lookup('AA19AAA').expect(200);
    await lookup('ZZ99ZZZ').expect(404);
    expect(stand.dvla.asked()).toEqual(['AA19AAA', 'ZZ99ZZZ']);
    clock.now = new Date(clock.now.getTime() + 24 * 60 * 60 * 1000 + 1000);
    await lookup('AA19AAA').expect(200);
    expect(stand.dvla.asked()).toEqual(['AA19AAA', 'ZZ99ZZZ', 'AA19AAA']);
  });

  it('forgets after a day the answers for vehicles no booking names, and keeps those of booked vehicles', async () => {
    stand.dvla.vehicles.set('AB12CDE', { ...dvlaVehicle, registrationNumber: 'AB12CDE' });
    await lookup('AA19AAA').expect(200);
    await lookup('AB12CDE').expect(200);
    await book(makeBooking({ registration: 'AB12CDE' })).expect(201);
    const kept = async () =>
      (await fixture.database.db.select().from(vehicleLookups)).map((row) => row.registration).sort();
    await pruneVehicleLookups(fixture.database.db, new Date(clock.now.getTime() + 60_000));
    expect(await kept()).toEqual(['AA19AAA', 'AB12CDE']);
    await pruneVehicleLookups(fixture.database.db, new Date(clock.now.getTime() + lookupKeptMs + 60_000));
    expect(await kept()).toEqual(['AB12CDE']);
  });

  it('refuses a registration not written as one without asking the DVLA', async () => {
    expect((await lookup('NOT-A-PLATE!').expect(400)).body).toEqual({ error: registrationMessage });
    await lookup('').expect(400);
    expect(stand.dvla.requests).toEqual([]);
  });

  it('answers 503 on the DVLA’s 400 and 500, keeps nothing, and notes the failure for staff', async () => {
    for (const status of [400, 500]) {
      stand.dvla.failWith(status);
      const answer = await lookup('AA19AAA').expect(503);
      expect(answer.body).toEqual({ error: vehicleLookupUnavailableMessage });
      expect((await dvlaCheck()).lastFailure).toMatch(new RegExp(`^DVLA answered ${status}`));
    }
    // Nothing kept, and not paused: the next look-up asks again and is answered.
    await lookup('AA19AAA').expect(200);
    expect(stand.dvla.asked()).toEqual(['AA19AAA', 'AA19AAA', 'AA19AAA']);
  });

  it('is off, answering 503, while staff turned the filling off', async () => {
    setVehicles({ fillFromRegistration: false });
    const answer = await lookup('AA19AAA').expect(503);
    expect(answer.body).toEqual({ error: vehicleLookupOffMessage });
    expect(stand.dvla.requests).toEqual([]);
  });

  it('answers 429 past the limit of look-ups from one client, others still answered', async () => {
    for (let count = 0; count < 30; count += 1) await lookup('AA19AAA', '198.51.100.4').expect(200);
    const refused = await lookup('AA19AAA', '198.51.100.4').expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await lookup('AA19AAA', '198.51.100.5').expect(200);
  });

  it('takes no answer in time as the DVLA unavailable, and stops asking it for a minute', async () => {
    const { db } = fixture.database;
    const notes = {
      success: async () => {},
      failure: async (_service: string, reason: string) => void failures.push(reason),
      of: async () => [],
    };
    const failures: string[] = [];
    const slow = createVehicleLookup({
      db,
      logger: pino({ level: 'silent' }),
      clock: () => clock.now,
      dvla: { apiKey: 'dvla-test-key-0001', apiUrl: stand.dvla.origin },
      notes,
      timeoutMs: 100,
    });
    stand.dvla.state.delayMs = 400;
    expect(await slow.lookup('AA19AAA')).toEqual({ kind: 'unavailable', retryAfterSeconds: 60 });
    expect(failures).toEqual(['No answer in time']);
    expect(await slow.lookup('AA19AAA')).toEqual({ kind: 'unavailable', retryAfterSeconds: 60 });
    expect(stand.dvla.requests).toHaveLength(1);
  });

  it('stops asking the DVLA for its Retry-After after a 429, a minute after a 503, and then asks again', async () => {
    stand.dvla.failWith(429, { headers: { 'Retry-After': '120' } });
    expect((await lookup('AA19AAA').expect(503)).headers['retry-after']).toBe('120');
    await lookup('AA19AAA').expect(503);
    expect(stand.dvla.requests).toHaveLength(1);
    clock.now = new Date(clock.now.getTime() + 121_000);
    stand.dvla.failWith(503);
    expect((await lookup('AA19AAA').expect(503)).headers['retry-after']).toBe('60');
    await lookup('AA19AAA').expect(503);
    expect(stand.dvla.requests).toHaveLength(2);
    expect((await dvlaCheck()).lastFailure).toMatch(/^DVLA answered 503/);
    clock.now = new Date(clock.now.getTime() + 61_000);
    await lookup('AA19AAA').expect(200);
    // Left paused for no test after this one: the pause is the app's, and the clock goes back.
  });
});

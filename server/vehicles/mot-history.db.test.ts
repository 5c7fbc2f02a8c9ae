import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import type { VehicleHistory } from '#common/jobs/jobs.ts';
import type { VehicleLookedUpAgain } from '#common/vehicles/vehicles.ts';
import { makeBooking } from '#tests/support/bookings.ts';
import { makeRecord } from '#tests/support/jobs.ts';
import { useVehicleDataApp } from '#tests/support/vehicle-data-app.ts';
import { reminders, vehicles } from '../db/schema.ts';
import { serviceChecksOf } from '../db/service-checks.ts';

// The DVSA's MOT history (its stand-in, tests/support/dvsa-stand-in.ts) read after a booking is
// stored or a job completed: the MOT expiry and its reminders, the latest test's tyre items and
// their reminder, a date staff set kept, the token kept and renewed, and the service down.
const { fixture, clock, stand, book, bookJob, people, as, setVehicles } = useVehicleDataApp();

const vehicleOf = async (registration: string) =>
  (await fixture.database.db.select().from(vehicles).where(eq(vehicles.registration, registration)))[0];
const remindersOf = (registration: string, kind: string) =>
  fixture.database.db
    .select({ step: reminders.step, status: reminders.status, dueAt: reminders.dueAt })
    .from(reminders)
    .where(and(eq(reminders.registration, registration), eq(reminders.kind, kind)));
const dvsaCheck = async () => (await serviceChecksOf(fixture.database.db, ['dvsa']))[0]!;
const bookVehicle = async (registration: string, fields: Record<string, unknown> = {}) =>
  book(makeBooking({ registration, remindersConsent: true, ...fields })).expect(201);

describe('the MOT history read after a booking', () => {
  it('takes the MOT expiry of the latest test, schedules its reminders, and keeps its tyre items with a tyre reminder', async () => {
    await bookVehicle('ab12 cde');
    await vi.waitFor(async () => expect((await vehicleOf('AB12CDE'))?.motExpiry).toBe('2027-10-01'));
    const vehicle = (await vehicleOf('AB12CDE'))!;
    expect(vehicle.motExpirySource).toBe('dvsa');
    expect(vehicle.motCheckedAt).toEqual(clock.now);
    expect(vehicle.motTest).toEqual({
      date: '2026-10-02',
      result: 'passed',
      expiry: '2027-10-01',
      number: '914655760009',
      tyreItems: [
        {
          type: 'advisory',
          text: 'Nearside Rear Tyre worn close to legal limit/worn on edge (5.2.3 (e))',
          dangerous: false,
        },
      ],
    });
    await vi.waitFor(async () => expect(await remindersOf('AB12CDE', 'mot')).toHaveLength(2));
    expect(await remindersOf('AB12CDE', 'tyres')).toEqual([expect.objectContaining({ status: 'scheduled' })]);
    // What was sent: a token by client credentials, then the vehicle with it and the API key.
    expect(stand.dvsa.mistakes).toEqual([]);
    const [asked] = stand.dvsa.apiRequests();
    expect(asked!.path).toBe('/v1/trade/vehicles/registration/AB12CDE');
    expect(asked!.headers.authorization).toBe('Bearer token-1');
    expect(asked!.headers['x-api-key']).toBe('dvsa-test-key-0001');
    expect(await dvsaCheck()).toMatchObject({ lastSuccessAt: expect.any(String), lastFailureAt: null });

    // Shown on the vehicle's history, with where the date came from.
    const history = (await as(fixture.staff).get('/api/vehicles/AB12CDE').expect(200)).body as VehicleHistory;
    expect(history).toMatchObject({
      motExpiry: '2027-10-01',
      motExpirySource: 'dvsa',
      motTest: { date: '2026-10-02', tyreItems: [expect.objectContaining({ type: 'advisory' })] },
    });

    // A second booking within the day reads nothing again; the same test schedules no second reminder.
    await bookVehicle('AB12CDE', { start: '10:00' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stand.dvsa.asked()).toEqual(['AB12CDE']);
  });

  it('never replaces a date staff set by hand, nor one kept before its source was', async () => {
    await request(fixture.app)
      .put('/api/vehicles/AB12CDE')
      .set(fixture.staff.headers)
      .send({ motExpiry: '2027-02-28' })
      .expect(200);
    await bookVehicle('AB12CDE');
    await vi.waitFor(async () => expect((await vehicleOf('AB12CDE'))?.motTest).not.toBeNull());
    expect(await vehicleOf('AB12CDE')).toMatchObject({ motExpiry: '2027-02-28', motExpirySource: 'staff' });

    await fixture.database.db.update(vehicles).set({ motExpirySource: null, motCheckedAt: null });
    await request(fixture.app).post('/api/vehicles/AB12CDE/lookup').set(fixture.staff.headers).expect(200);
    expect(await vehicleOf('AB12CDE')).toMatchObject({ motExpiry: '2027-02-28', motExpirySource: null });
  });

  it('takes a new vehicle’s first MOT due date, and leaves a vehicle the DVSA does not know alone', async () => {
    await bookVehicle('NE24 WCR');
    await vi.waitFor(async () => expect((await vehicleOf('NE24WCR'))?.motExpiry).toBe('2027-04-19'));
    expect(await vehicleOf('NE24WCR')).toMatchObject({ motExpirySource: 'dvsa', motTest: null });
    expect(await remindersOf('NE24WCR', 'tyres')).toEqual([]);

    await bookVehicle('ZZ99 ZZZ');
    await vi.waitFor(() => expect(stand.dvsa.asked()).toContain('ZZ99ZZZ'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await vehicleOf('ZZ99ZZZ')).toBeUndefined();
  });

  it('schedules no tyre reminder where the customer did not agree, or staff turned it off', async () => {
    await bookVehicle('AB12CDE', { remindersConsent: false });
    await vi.waitFor(async () => expect((await vehicleOf('AB12CDE'))?.motTest).not.toBeNull());
    expect(await remindersOf('AB12CDE', 'tyres')).toEqual([]);

    await fixture.database.db.delete(vehicles);
    setVehicles({ tyreAdvisoryReminders: false });
    await bookVehicle('AB12CDE', { start: '10:00' });
    await vi.waitFor(async () => expect((await vehicleOf('AB12CDE'))?.motTest).not.toBeNull());
    expect(await remindersOf('AB12CDE', 'tyres')).toEqual([]);
  });

  it('reads nothing while staff turned the MOT history off', async () => {
    setVehicles({ motFromHistory: false });
    await bookVehicle('AB12CDE');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stand.dvsa.requests).toEqual([]);
    expect(await vehicleOf('AB12CDE')).toBeUndefined();
  });

  it('reads the history afresh when a job on the vehicle is completed', async () => {
    const job = await bookJob({ registration: 'AB12 CDE' });
    await vi.waitFor(() => expect(stand.dvsa.asked()).toEqual(['AB12CDE']));
    await vi.waitFor(async () => expect((await vehicleOf('AB12CDE'))?.motExpiry).toBe('2027-10-01'));
    await as(people.fitter).event(job.id, { type: 'completed', record: makeRecord() }).expect(201);
    await vi.waitFor(() => expect(stand.dvsa.asked()).toEqual(['AB12CDE', 'AB12CDE']));
    // Completed from the diary too.
    const other = await bookJob({ registration: 'AB12 CDE', start: '10:00' });
    await request(fixture.app)
      .put(`/api/bookings/${other.id}`)
      .set(fixture.staff.headers)
      .send({ status: 'completed' })
      .expect(200);
    await vi.waitFor(() => expect(stand.dvsa.asked()).toEqual(['AB12CDE', 'AB12CDE', 'AB12CDE']));
  });

  it('looks a vehicle up again for staff, skipping what is kept, and shows the DVLA’s record on its history', async () => {
    const again = await request(fixture.app)
      .post('/api/vehicles/aa19 aaa/lookup')
      .set(fixture.staff.headers)
      .expect(200);
    expect(again.body).toEqual({
      registration: 'AA19AAA',
      dvla: 'found',
      motHistory: 'not-found',
    } satisfies VehicleLookedUpAgain);
    await request(fixture.app).post('/api/vehicles/AA19AAA/lookup').set(fixture.staff.headers).expect(200);
    expect(stand.dvla.asked()).toEqual(['AA19AAA', 'AA19AAA']);
    const history = (await as(fixture.staff).get('/api/vehicles/AA19AAA').expect(200)).body as VehicleHistory;
    expect(history.registered).toMatchObject({ make: 'Ford', colour: 'Red', yearOfManufacture: 2019 });
    await request(fixture.app).post('/api/vehicles/AA19AAA/lookup').expect(401);
    await request(fixture.app).post('/api/vehicles/AA19AAA/lookup').set(people.fitter.headers).expect(403);
  });
});

describe('the DVSA’s token', () => {
  it('is kept until a minute before it expires, and renewed once when the API refuses it', async () => {
    stand.dvsa.options.tokenSeconds = 600;
    // Past any token kept from the tests before.
    clock.now = new Date(clock.now.getTime() + 2 * 60 * 60 * 1000);
    const again = () =>
      request(fixture.app).post('/api/vehicles/AB12CDE/lookup').set(fixture.staff.headers).expect(200);
    await again();
    const before = stand.dvsa.tokenRequests().length;
    await again();
    expect(stand.dvsa.tokenRequests()).toHaveLength(before);
    // Nine minutes on, the token has a minute left: a new one.
    clock.now = new Date(clock.now.getTime() + 9 * 60 * 1000 + 1000);
    await again();
    expect(stand.dvsa.tokenRequests()).toHaveLength(before + 1);
    // Revoked: refused once, renewed, asked again, answered.
    stand.dvsa.revokeTokens();
    expect((await again()).body.motHistory).toBe('read');
    expect(stand.dvsa.tokenRequests()).toHaveLength(before + 2);
    const last = stand.dvsa.apiRequests().slice(-2);
    expect(last.map((sent) => sent.headers.authorization)).toEqual([
      `Bearer ${stand.dvsa.given.at(-2)}`,
      `Bearer ${stand.dvsa.given.at(-1)}`,
    ]);
    expect(stand.dvsa.mistakes).toEqual([]);
  });
});

describe('the DVSA down', () => {
  it('never fails a booking: the failure is noted for staff, and the DVSA is left alone a while after a 503', async () => {
    stand.dvsa.failWith(503, { times: 5 });
    const created = await bookVehicle('AB12CDE');
    expect(created.body.reference).toMatch(/^BK-/);
    await vi.waitFor(async () => expect((await dvsaCheck()).lastFailure).toMatch(/^DVSA answered 503/));
    expect(await vehicleOf('AB12CDE')).toBeUndefined();
    const again = await request(fixture.app)
      .post('/api/vehicles/AB12CDE/lookup')
      .set(fixture.staff.headers)
      .expect(200);
    expect(again.body.motHistory).toBe('unavailable');
    expect(stand.dvsa.asked()).toEqual(['AB12CDE']);
  });
});

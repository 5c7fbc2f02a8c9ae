import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import type { PersonalDataExport } from '#common/privacy/privacy.ts';
import { makeBooking } from '#tests/support/bookings.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { dvlaVehicle } from '#tests/support/vehicle-data-fixtures.ts';
import { useVehicleDataApp } from '#tests/support/vehicle-data-app.ts';
import { vehicleLookups, vehicles } from '../db/schema.ts';

// What the DVLA and the DVSA said of a customer's vehicle is theirs: in their data export, and
// forgotten with their bookings when no other booking names the vehicle.
const { fixture, stand, book } = useVehicleDataApp();

describe('a customer’s vehicle data', () => {
  it('is exported with the rest of their data, and forgotten when they are erased', async () => {
    stand.dvla.vehicles.set('AB12CDE', { ...dvlaVehicle, registrationNumber: 'AB12CDE' });
    await book(
      makeBooking({ email: 'keeper@example.com', registration: 'AB12CDE', remindersConsent: true }),
    ).expect(201);
    await request(fixture.app).get('/api/vehicles/lookup?registration=AB12CDE').expect(200);
    await vi.waitFor(async () =>
      expect((await fixture.database.db.select().from(vehicles))[0]?.motTest).toBeTruthy(),
    );
    const dpo = await signedInStaff(fixture.database.db, 'dpo-vehicles', undefined, 'owner');
    const exported = (
      await request(fixture.app)
        .get('/api/privacy/export?email=keeper@example.com')
        .set(dpo.headers)
        .expect(200)
    ).body as PersonalDataExport;
    expect(exported.vehicles).toEqual([
      {
        registration: 'AB12CDE',
        motExpiry: '2027-10-01',
        motExpirySource: 'dvsa',
        motTest: expect.objectContaining({
          date: '2026-10-02',
          tyreItems: [expect.objectContaining({ type: 'advisory' })],
        }),
        motCheckedAt: expect.any(String),
        registered: expect.objectContaining({ make: 'Ford', colour: 'Red' }),
      },
    ]);

    await request(fixture.app)
      .post('/api/privacy/erase')
      .set(dpo.headers)
      .send({ email: 'keeper@example.com' })
      .expect(200);
    expect(await fixture.database.db.select().from(vehicles)).toEqual([]);
    expect(await fixture.database.db.select().from(vehicleLookups)).toEqual([]);
  });
});

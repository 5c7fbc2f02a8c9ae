import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { officeOnlyMessage } from '#common/accounts/accounts.ts';
import type { VehicleHistory } from '#common/jobs/jobs.ts';
import { registrationMessage } from '#common/vehicles/registration.ts';
import { makeRecord, useJobsApp } from '#tests/support/jobs.ts';
import { hashSessionToken } from '../auth/sessions.ts';
import { vehicles } from '../db/schema.ts';

// The app as the server runs it: vehicles' histories kept in memory, forgotten at each change the
// database announces (db/staff-data.ts), and answered ahead of the middleware for a kept session
// (routes.ts, keptVehicleReads).
const { fixture, people, bookJob, as, clock } = useJobsApp({ watchStaffData: true });

const memories = () => fixture.staffMemories!;
const historyOf = async (registration: string) =>
  (await as(fixture.staff).get(`/api/vehicles/${registration}`).expect(200)).body as VehicleHistory;

afterAll(async () => {
  await fixture.database.db.delete(vehicles);
});

describe('a vehicle’s history, kept', () => {
  it('is read once until one of its jobs or its MOT expiry changes, here or in another process', async () => {
    const job = await bookJob({ registration: 'KE12 EPT' });
    await vi.waitFor(async () => {
      await as(fixture.staff).get('/api/vehicles/KE12EPT').expect(200);
      const token = fixture.staff.cookie.split('=')[1]!;
      expect(memories().sessions.find(hashSessionToken(token), clock.now)).toBeDefined();
      expect(await memories().vehicles.history('KE12EPT')).toBe(await memories().vehicles.history('KE12EPT'));
    });

    // A change through this process shows in the very next answer.
    await as(people.fitter).event(job.id, { type: 'completed', record: makeRecord() }).expect(201);
    expect((await historyOf('KE12EPT')).jobs.map((entry) => entry.status)).toEqual(['completed']);
    await request(fixture.app)
      .put('/api/vehicles/KE12EPT')
      .set(fixture.staff.headers)
      .send({ motExpiry: '2027-05-01' })
      .expect(200);
    expect((await historyOf('KE12EPT')).motExpiry).toBe('2027-05-01');

    // Another process (here, a statement of the test's own) changes the MOT expiry: the database
    // announces it and the next read is new.
    await fixture.database.db
      .update(vehicles)
      .set({ motExpiry: '2027-06-01' })
      .where(eq(vehicles.registration, 'KE12EPT'));
    await vi.waitFor(async () => expect((await historyOf('KE12EPT')).motExpiry).toBe('2027-06-01'));
  });

  it('answers ahead of the middleware as the router does, and leaves mistakes to it', async () => {
    const job = await bookJob({ registration: 'AB12 CDE' });
    await as(people.fitter).event(job.id, { type: 'completed', record: makeRecord() }).expect(201);
    const refused = await as(people.fitter).get('/api/vehicles/AB12CDE').expect(403);
    expect(refused.body.error).toBe(officeOnlyMessage);
    await request(fixture.app).get('/api/vehicles/AB12CDE').expect(401);

    // By its registration as people write it.
    const kept = await as(fixture.staff).get('/api/vehicles/AB12CDE').expect(200);
    expect(kept.headers).toMatchObject({
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
    });
    const history = (await as(fixture.staff).get('/api/vehicles/ab12%20cde').expect(200))
      .body as VehicleHistory;
    expect(history.registration).toBe('AB12CDE');
    expect(history.jobs.map((entry) => [entry.id, entry.invoices.length])).toEqual([[job.id, 1]]);
    expect((await as(fixture.staff).get('/api/vehicles/not-a-plate!').expect(400)).body.error).toBe(
      registrationMessage,
    );
  });
});

import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import type { VehicleHistory } from '#common/jobs/jobs.ts';
import { makeRecord, useJobsApp } from '#tests/support/jobs.ts';
import { bookings, vehicles } from '../db/schema.ts';

// GET /api/vehicles/{registration}: every job on a vehicle, newest first, with what was fitted,
// measured and invoiced (history.ts), and its MOT expiry (mot-expiry.ts).
const { fixture, people, bookJob, as } = useJobsApp();

afterAll(async () => {
  await fixture.database.db.delete(vehicles);
});

describe('a vehicle’s history', () => {
  it('lists every job on the registration, newest first, with what was fitted, measured and invoiced', async () => {
    const first = await bookJob({ registration: 'AB12 CDE' });
    await as(people.fitter).event(first.id, { type: 'completed', record: makeRecord() }).expect(201);
    const second = await bookJob({ registration: 'ab12cde', start: '10:00' });
    await as(people.fitter).event(second.id, { type: 'not-completed', reason: 'No one there' }).expect(201);
    await bookJob({ registration: 'XY99 ZZZ' });
    const history = (await as(fixture.staff).get('/api/vehicles/ab12%20cde').expect(200))
      .body as VehicleHistory;
    expect(history.registration).toBe('AB12CDE');
    expect(history.jobs.map((job) => job.id)).toEqual([second.id, first.id]);
    expect(history.jobs[1]).toMatchObject({
      status: 'completed',
      fitter: 'frank',
      record: {
        removedTreadMm: { nsf: 2.1, osf: 1.6 },
        advisories: 'Rear tyres at 3 mm: replace within 2 months.',
      },
      invoices: [{ number: 'INV-000001', kind: 'invoice', total: 2500 }],
    });
    expect(history.jobs[0]).toMatchObject({
      status: 'not-completed',
      notCompletedReason: 'No one there',
      record: null,
      invoices: [],
    });
    await as(fixture.staff).get('/api/vehicles/not-a-plate!').expect(400);
    const none = (await as(fixture.staff).get('/api/vehicles/ZZ11ZZZ').expect(200)).body as VehicleHistory;
    expect(none.jobs).toEqual([]);
  });

  it('shows a no-show as the office marked it, leaves cancelled bookings out, and has the MOT expiry', async () => {
    const { db } = fixture.database;
    const missed = await bookJob({ registration: 'NS12 HOW' });
    await db.update(bookings).set({ status: 'no-show' }).where(eq(bookings.id, missed.id));
    const cancelled = await bookJob({ registration: 'NS12HOW', start: '10:00' });
    await db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled.id));
    await request(fixture.app)
      .put('/api/vehicles/ns12 how')
      .set(fixture.staff.headers)
      .send({ motExpiry: '2027-03-31' })
      .expect(200, { registration: 'NS12HOW', motExpiry: '2027-03-31' });
    const history = (await as(fixture.staff).get('/api/vehicles/NS12HOW').expect(200)).body as VehicleHistory;
    expect(history).toMatchObject({
      registration: 'NS12HOW',
      vehicle: 'Vauxhall Corsa',
      motExpiry: '2027-03-31',
    });
    expect(history.jobs).toEqual([
      expect.objectContaining({ id: missed.id, status: 'not-completed', notCompletedReason: 'No-show' }),
    ]);
  });
});

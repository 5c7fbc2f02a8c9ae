import request from 'supertest';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Fitter } from '#common/accounts/accounts.ts';
import type { Booking } from '#common/bookings/booking.ts';
import type { Job, Takings, VehicleHistory } from '#common/jobs/jobs.ts';
import { tomorrow } from '#tests/support/bookings.ts';
import { useJobsApp } from '#tests/support/jobs.ts';
import { users } from '../db/schema.ts';

const { fixture, people, bookJob, as } = useJobsApp();

/** How the diary, the jobs, the fitter list and a vehicle's visits name the booking's fitter. */
async function fitterNames(id: number) {
  const diary = (
    await request(fixture.app).get(`/api/bookings?from=${tomorrow}&to=${tomorrow}`).set(fixture.staff.headers)
  ).body as Booking[];
  const jobs = (await as(people.owner).get(`/api/jobs?date=${tomorrow}`)).body as Job[];
  const fitters = (await as(people.owner).get('/api/fitters')).body as Fitter[];
  const vehicle = (await as(people.owner).get('/api/vehicles/AB12CDE')).body as VehicleHistory;
  return {
    diary: diary.find((booking) => booking.id === id)?.fitter?.name,
    jobs: jobs.find((job) => job.id === id)?.fitter?.name,
    fitters: fitters.find((fitter) => fitter.id === people.fitter.userId)?.name,
    vehicle: vehicle.jobs.find((job) => job.id === id)?.fitter,
  };
}

describe('the fitter of a booking', () => {
  it('is named by display name in the diary, the jobs, the fitter list and the vehicle history, else by username', async () => {
    const { db } = fixture.database;
    const job = await bookJob();
    expect(await fitterNames(job.id)).toEqual({
      diary: 'frank',
      jobs: 'frank',
      fitters: 'frank',
      vehicle: 'frank',
    });
    await db.update(users).set({ displayName: 'Frank Miller' }).where(eq(users.id, people.fitter.userId));
    try {
      const named = 'Frank Miller';
      expect(await fitterNames(job.id)).toEqual({
        diary: named,
        jobs: named,
        fitters: named,
        vehicle: named,
      });
    } finally {
      await db.update(users).set({ displayName: null }).where(eq(users.id, people.fitter.userId));
    }
  });

  it('is named by display name in the takings of the day, else by the name kept with the payment', async () => {
    const { db } = fixture.database;
    const job = await bookJob();
    await as(people.fitter).pay(job.id, { method: 'card', amount: 2000 }).expect(201);
    const takenBy = async () =>
      ((await as(people.owner).get('/api/takings?date=2026-11-24')).body as Takings).fitters.map(
        (entry) => entry.fitter?.name,
      );
    expect(await takenBy()).toEqual(['frank']);
    await db.update(users).set({ displayName: 'Frank Miller' }).where(eq(users.id, people.fitter.userId));
    try {
      expect(await takenBy()).toEqual(['Frank Miller']);
    } finally {
      await db.update(users).set({ displayName: null }).where(eq(users.id, people.fitter.userId));
    }
  });

  it('who cancelled a booking is kept by the name colleagues read at the time', async () => {
    const { db } = fixture.database;
    await db.update(users).set({ displayName: 'Olivia Brown' }).where(eq(users.id, people.owner.userId));
    try {
      const job = await bookJob();
      const cancelled = await request(fixture.app)
        .put(`/api/bookings/${job.id}`)
        .set(people.owner.headers)
        .send({ status: 'cancelled', reason: 'Van off the road' })
        .expect(200);
      expect(cancelled.body).toMatchObject({ cancelledBy: 'Olivia Brown' });
    } finally {
      await db.update(users).set({ displayName: null }).where(eq(users.id, people.owner.userId));
    }
  });
});

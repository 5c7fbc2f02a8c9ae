import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { officeOnlyMessage } from '#common/accounts/accounts.ts';
import type { Booking } from '#common/bookings/booking.ts';
import type { Job, NextJobDay } from '#common/jobs/jobs.ts';
import { tomorrow } from '#tests/support/bookings.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { useJobsApp } from '#tests/support/jobs.ts';
import { notAFitterMessage } from '../bookings/staff-changes.ts';

const { fixture, people, bookJob, as } = useJobsApp();

describe('a fitter', () => {
  it('sees their own jobs of a day only, in window order, with what the kerb needs', async () => {
    const late = await bookJob({ start: '10:00', notes: 'Blue gate.' });
    const early = await bookJob({ start: '08:00', addressLine: '7 Straight Road', town: 'Romford' });
    await bookJob({ start: '08:00' }, people.otherFitter);
    await bookJob({ start: '08:00' }, null);
    const jobs = (await as(people.fitter).get(`/api/jobs?date=${tomorrow}`).expect(200)).body as Job[];
    expect(jobs.map((job) => job.id)).toEqual([early.id, late.id]);
    expect(jobs[0]).toMatchObject({
      reference: early.reference,
      window: { start: '08:00', end: '10:00' },
      status: 'scheduled',
      fitter: { id: people.fitter.userId, name: 'frank' },
      customer: { phone: '07700 900456', address: '7 Straight Road, Romford', postcode: 'RM3 0AB' },
      vehicle: 'Vauxhall Corsa',
      registration: 'AB12CDE',
      service: 'Puncture Repair',
      tyres: null,
      lines: [{ description: 'Puncture Repair', quantity: 1 }],
      paid: 0,
      invoice: null,
    });
    expect(jobs[1]!.notes).toBe('Blue gate.');
    // Asking for someone else's is refused; the office sees all, or one fitter's.
    await as(people.fitter).get(`/api/jobs?date=${tomorrow}&fitter=${people.otherFitter.userId}`).expect(403);
    const all = (await as(fixture.staff).get(`/api/jobs?date=${tomorrow}`).expect(200)).body as Job[];
    expect(all).toHaveLength(4);
    const fiona = await as(people.owner).get(
      `/api/jobs?date=${tomorrow}&fitter=${people.otherFitter.userId}`,
    );
    expect(fiona.body).toHaveLength(1);
  });

  it('finds the next day with a job of their own, after the day they are looking at', async () => {
    const later = '2026-11-27';
    await bookJob({ date: later });
    await bookJob({}, people.otherFitter);
    const next = async (query: string, person = people.fitter) =>
      (await as(person).get(`/api/jobs/next?${query}`).expect(200)).body as NextJobDay;
    expect(await next('')).toEqual({ date: later });
    expect(await next(`after=${tomorrow}`)).toEqual({ date: later });
    expect(await next(`after=${later}`)).toEqual({ date: null });
    expect(await next(`fitter=${people.otherFitter.userId}`, people.owner)).toEqual({ date: tomorrow });
    await as(people.fitter).get(`/api/jobs/next?fitter=${people.otherFitter.userId}`).expect(403);
    await as(people.fitter).get('/api/jobs/next?after=27-11-2026').expect(400);
  });

  it('gets 403 from every other staff endpoint, and keeps their own account', async () => {
    for (const path of [
      '/api/enquiries',
      `/api/bookings?from=${tomorrow}`,
      '/api/users',
      '/api/activity',
      '/api/analytics/stats',
      '/api/takings',
      '/api/vehicles/AB12CDE',
      '/api/privacy/search?email=a@example.com',
    ]) {
      const answer = await as(people.fitter).get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    }
    const refused = await request(fixture.app)
      .put('/api/site-content')
      .set(people.fitter.headers)
      .send({})
      .expect(403);
    expect(refused.body.error).toBe(officeOnlyMessage);
    await as(people.fitter).get('/api/user/sessions').expect(200);
    // Whether card payments are set up: My jobs offers the card payment link only then.
    await as(people.fitter).get('/api/payments/status').expect(200);
    expect((await as(people.fitter).get('/api/user').expect(200)).body).toMatchObject({ role: 'fitter' });
  });

  it('cannot act on another fitter’s job, which answers as if it did not exist', async () => {
    const theirs = await bookJob({}, people.otherFitter);
    await as(people.fitter).event(theirs.id, { type: 'arrived' }).expect(404);
    await as(people.fitter).pay(theirs.id, { amount: 100 }).expect(404);
    await as(people.fitter).get(`/api/jobs/${theirs.id}/photos`).expect(404);
    await as(people.otherFitter).event(theirs.id, { type: 'arrived' }).expect(201);
  });
});

describe('the office', () => {
  it('gives a booking to a fitter, takes it back, and refuses anyone who is not a fitter', async () => {
    const job = await bookJob({}, null);
    const given = await request(fixture.app)
      .put(`/api/bookings/${job.id}`)
      .set(fixture.staff.headers)
      .send({ fitterId: people.otherFitter.userId })
      .expect(200);
    expect((given.body as Booking).fitter).toEqual({ id: people.otherFitter.userId, name: 'fiona' });
    const notFitter = await request(fixture.app)
      .put(`/api/bookings/${job.id}`)
      .set(fixture.staff.headers)
      .send({ fitterId: people.owner.userId })
      .expect(400);
    expect(notFitter.body.fieldErrors).toEqual({ fitterId: [notAFitterMessage] });
    const taken = await request(fixture.app)
      .put(`/api/bookings/${job.id}`)
      .set(fixture.staff.headers)
      .send({ fitterId: null })
      .expect(200);
    expect((taken.body as Booking).fitter).toBeNull();
    // A fitter cannot give jobs out.
    await request(fixture.app)
      .put(`/api/bookings/${job.id}`)
      .set(people.fitter.headers)
      .send({ fitterId: people.fitter.userId })
      .expect(403);
  });

  it('gives a job that could not be completed to a fitter again, and it starts afresh', async () => {
    const job = await bookJob();
    const failed = await as(people.fitter).event(job.id, { type: 'not-completed', reason: 'No one there' });
    expect(failed.status).toBe(201);
    expect((failed.body as Job).status).toBe('not-completed');
    const diary = await as(fixture.staff).get(`/api/bookings?from=${tomorrow}&to=${tomorrow}`).expect(200);
    expect((diary.body as Booking[])[0]!.job).toEqual({
      status: 'not-completed',
      notCompletedReason: 'No one there',
      priceHeld: false,
      linesReason: null,
    });
    await as(people.fitter).event(job.id, { type: 'arrived' }).expect(409);
    await request(fixture.app)
      .put(`/api/bookings/${job.id}`)
      .set(fixture.staff.headers)
      .send({ fitterId: people.otherFitter.userId })
      .expect(200);
    await as(people.otherFitter).event(job.id, { type: 'arrived' }).expect(201);
  });

  it('sends the same fitter back to a job they could not complete, started afresh', async () => {
    const job = await bookJob();
    await as(people.fitter).event(job.id, { type: 'not-completed', reason: 'No one there' }).expect(201);
    const given = await request(fixture.app)
      .put(`/api/bookings/${job.id}`)
      .set(fixture.staff.headers)
      .send({ fitterId: people.fitter.userId })
      .expect(200);
    expect((given.body as Booking).job).toEqual({
      status: 'scheduled',
      notCompletedReason: null,
      priceHeld: false,
      linesReason: null,
    });
    await as(people.fitter).event(job.id, { type: 'arrived' }).expect(201);
  });

  it('adds fitter accounts', async () => {
    const owner = await signedInStaff(fixture.database.db, 'owen', undefined, 'owner');
    const created = await request(fixture.app)
      .post('/api/users')
      .set(owner.headers)
      .send({ username: 'new.fitter', role: 'fitter' })
      .expect(201);
    expect(created.body).toMatchObject({ username: 'new.fitter', role: 'fitter' });
  });
});

describe('the fitters the office can give jobs to', () => {
  it('are the enabled fitter accounts, for owners and staff', async () => {
    const listed = await as(fixture.staff).get('/api/fitters').expect(200);
    // By name; owners and staff are not among them (new.fitter was added by an earlier test).
    expect((listed.body as { name: string }[]).map((fitter) => fitter.name)).toEqual([
      'fiona',
      'frank',
      'new.fitter',
    ]);
    expect(listed.body[1]).toEqual({ id: people.fitter.userId, name: 'frank' });
    await as(people.fitter).get('/api/fitters').expect(403);
    await request(fixture.app).get('/api/fitters').expect(401);
  });
});

import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeRecord, useJobsApp } from '#tests/support/jobs.ts';
import { erasedVehicleTarget } from '../activity/service.ts';
import { activityLog, reminders, vehicles } from '../db/schema.ts';

// A registration identifies its keeper: the activity log names a vehicle by it (a changed MOT
// expiry) until its keeper's data is erased.
const { fixture, people, bookJob, as } = useJobsApp();

beforeEach(async () => {
  await fixture.database.db.delete(reminders);
  await fixture.database.db.delete(vehicles);
  await fixture.database.db.delete(activityLog);
});

/** A job booked by `email` for `registration`, done by the fitter. */
async function jobDoneFor(email: string, registration: string) {
  const job = await bookJob({ email, registration });
  await as(people.fitter)
    .event(job.id, { type: 'completed', record: makeRecord({ advisories: '' }) })
    .expect(201);
}

const setExpiry = (registration: string) =>
  request(fixture.app)
    .put(`/api/vehicles/${registration}`)
    .set(fixture.staff.headers)
    .send({ motExpiry: '2027-12-01' })
    .expect(200);

const logged = async () =>
  (await fixture.database.db.select().from(activityLog).orderBy(activityLog.id)).map(
    ({ kind, target, detail }) => ({
      kind,
      target,
      detail,
    }),
  );

describe('a customer’s erasure', () => {
  it('takes their vehicles’ registrations out of the activity log, and leaves other vehicles’ entries alone', async () => {
    await jobDoneFor('erase.me@example.com', 'ER71 ASE');
    await jobDoneFor('keep.me@example.com', 'KE71 EPS');
    await setExpiry('ER71ASE');
    await setExpiry('er71 ase');
    await setExpiry('KE71EPS');
    expect((await logged()).filter((entry) => entry.kind === 'vehicle-changed')).toEqual([
      { kind: 'vehicle-changed', target: 'vehicle ER71ASE', detail: { motExpiry: '2027-12-01' } },
      { kind: 'vehicle-changed', target: 'vehicle ER71ASE', detail: { motExpiry: '2027-12-01' } },
      { kind: 'vehicle-changed', target: 'vehicle KE71EPS', detail: { motExpiry: '2027-12-01' } },
    ]);

    await request(fixture.app)
      .post('/api/privacy/erase')
      .set(fixture.staff.headers)
      .send({ email: 'erase.me@example.com' })
      .expect(200);

    const after = await logged();
    expect(JSON.stringify(after)).not.toMatch(/ER71 ?ASE/i);
    // What was done, and by whom, is kept.
    expect(after.filter((entry) => entry.kind === 'vehicle-changed')).toEqual([
      { kind: 'vehicle-changed', target: erasedVehicleTarget, detail: { motExpiry: '2027-12-01' } },
      { kind: 'vehicle-changed', target: erasedVehicleTarget, detail: { motExpiry: '2027-12-01' } },
      { kind: 'vehicle-changed', target: 'vehicle KE71EPS', detail: { motExpiry: '2027-12-01' } },
    ]);
    expect(after.map((entry) => entry.kind)).toContain('privacy-erased');
  });
});

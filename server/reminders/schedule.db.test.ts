import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Job, VehicleHistory } from '#common/jobs/jobs.ts';
import { tomorrow } from '#tests/support/bookings.ts';
import { type Reminder } from '#common/reminders/reminders.ts';
import { motExpiryMessage } from '#common/vehicles/vehicles.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { makeRecord, motAtHaroldHill, useJobsApp } from '#tests/support/jobs.ts';
import { outbox, reminders, vehicles } from '../db/schema.ts';
import { defaultReminderSettings } from '#common/reminders/settings.ts';
import { sendDueReminders } from './send.ts';

// Completing an MOT records the vehicle's MOT expiry a year on and schedules its two reminders
// (28 and 7 days before), where the customer agreed; staff can move the expiry. A job noting worn
// tyres or an advisory schedules a tyre reminder 8 weeks on.
const { fixture, people, bookJob, as, clock } = useJobsApp();

beforeEach(async () => {
  await fixture.database.db.delete(reminders);
  await fixture.database.db.delete(vehicles);
});

/** An MOT at the Harold Hill branch, given to the fitter. */
const motJob = (overrides: Record<string, unknown> = {}) => bookJob({ ...motAtHaroldHill, ...overrides });

/** The fitter completes a job: two new tyres at the front and, unless given, no advisory. */
const complete = (id: number, record = makeRecord({ advisories: '' })) =>
  as(people.fitter).event(id, { type: 'completed', record }).expect(201);
const remindersOf = async (query = '') =>
  (await as(fixture.staff).get(`/api/reminders${query}`).expect(200)).body as Reminder[];
const motExpiryOf = async (registration: string) =>
  ((await as(fixture.staff).get(`/api/vehicles/${registration}`).expect(200)).body as VehicleHistory)
    .motExpiry;
const setExpiry = (registration: string, body: object, person = fixture.staff) =>
  request(fixture.app).put(`/api/vehicles/${registration}`).set(person.headers).send(body);

describe('an MOT completed', () => {
  it('records the expiry a year on and schedules two reminders where the customer agreed', async () => {
    const job = await motJob({ registration: 'MO71 TST', remindersConsent: true, name: 'Priya Shah' });
    await complete(job.id);
    // Completed on Tuesday 24 November 2026 (the tests' clock). The first reminder is due at
    // 09:00 in London on 27 October 2027, still summer time (08:00 UTC); the second in winter.
    expect(await motExpiryOf('MO71TST')).toBe('2027-11-24');
    const scheduled = await remindersOf('?kind=mot&status=scheduled');
    expect(
      scheduled.map(({ due, step, registration, status }) => ({ due, step, registration, status })),
    ).toEqual([
      { due: '2027-10-27T08:00:00.000Z', step: 1, registration: 'MO71TST', status: 'scheduled' },
      { due: '2027-11-17T09:00:00.000Z', step: 2, registration: 'MO71TST', status: 'scheduled' },
    ]);
    expect(scheduled[0]!.customer).toEqual({
      name: 'Priya Shah',
      email: expect.stringMatching(/@example\.com$/),
    });
  });

  it('schedules nothing without the customer’s agreement, and another service records no expiry', async () => {
    await complete((await motJob({ registration: 'NO71 ASK' })).id);
    expect(await motExpiryOf('NO71ASK')).toBe('2027-11-24');
    await complete((await bookJob({ registration: 'PU71 NCT', remindersConsent: true })).id);
    expect(await motExpiryOf('PU71NCT')).toBeNull();
    expect(await remindersOf('?kind=mot')).toEqual([]);
  });

  it('through the diary, as through the fitter’s phone', async () => {
    const job = await motJob({ registration: 'DI71 ARY', remindersConsent: true });
    await request(fixture.app)
      .put(`/api/bookings/${job.id}`)
      .set(fixture.staff.headers)
      .send({ status: 'completed' })
      .expect(200);
    expect(await motExpiryOf('DI71ARY')).toBe('2027-11-24');
    expect(await remindersOf('?kind=mot')).toHaveLength(2);
  });
});

describe('staff moving a vehicle’s MOT expiry', () => {
  it('schedule its reminders afresh: a reminder whose day has passed goes at once', async () => {
    const job = await motJob({ registration: 'MO71 TST', remindersConsent: true });
    await complete(job.id);
    const moved = await setExpiry('mo71 tst', { motExpiry: '2026-12-14' }).expect(200);
    expect(moved.body).toEqual({ registration: 'MO71TST', motExpiry: '2026-12-14' });
    expect(await motExpiryOf('MO71TST')).toBe('2026-12-14');
    // 20 days ahead: the first (16 November) is overdue and goes now; the second on 7 December.
    expect(
      (await remindersOf('?kind=mot&status=scheduled')).map((reminder) => [reminder.step, reminder.due]),
    ).toEqual([
      [1, clock.now.toISOString()],
      [2, '2026-12-07T09:00:00.000Z'],
    ]);
    const cancelled = await remindersOf('?kind=mot&status=cancelled');
    expect(cancelled.map((reminder) => reminder.cancelledReason)).toEqual([
      'expiry-changed',
      'expiry-changed',
    ]);

    // Within the last week only the second goes, at once; none once it has run out.
    await setExpiry('MO71TST', { motExpiry: '2026-11-27' }).expect(200);
    expect((await remindersOf('?kind=mot&status=scheduled')).map((reminder) => reminder.step)).toEqual([2]);
    await setExpiry('MO71TST', { motExpiry: '2026-11-20' }).expect(200);
    expect(await remindersOf('?kind=mot&status=scheduled')).toEqual([]);
  });

  it('refuse a date that is not one, a plate that is not one, fitters and strangers', async () => {
    const refused = await setExpiry('MO71TST', { motExpiry: '2026-02-30' }).expect(400);
    expect(refused.body.fieldErrors).toEqual({ motExpiry: [motExpiryMessage] });
    await setExpiry('MO71TST', {}).expect(400);
    await setExpiry('not-a-plate!', { motExpiry: '2027-01-01' }).expect(400);
    await setExpiry('MO71TST', { motExpiry: '2027-01-01' }, people.fitter).expect(403);
    await request(fixture.app).put('/api/vehicles/MO71TST').send({ motExpiry: '2027-01-01' }).expect(401);
    await as(people.fitter).get('/api/reminders').expect(403);
    await as(fixture.staff).get('/api/reminders?kind=oil').expect(400);
    expect(await fixture.database.db.select().from(vehicles)).toEqual([]);
  });

  it('leave no reminder behind a customer’s erasure', async () => {
    const job = await motJob({
      registration: 'ER71 ASE',
      remindersConsent: true,
      email: 'erase.me@example.com',
    });
    await complete(job.id);
    expect((await remindersOf()).map((reminder) => reminder.kind)).toEqual(['review', 'mot', 'mot']);
    // The review request is on its way: in the outbox.
    const reviewLink = 'https://g.page/r/anytown-tyres/review';
    const { db } = fixture.database;
    const at = new Date('2026-11-25T10:00:00Z');
    expect(await sendDueReminders(db, at, { ...defaultReminderSettings, reviewLink })).toBe(1);
    const queuedReminders = () => db.select().from(outbox).where(eq(outbox.kind, 'reminder'));
    expect(await queuedReminders()).toHaveLength(1);
    await request(fixture.app)
      .post('/api/privacy/erase')
      .set(fixture.staff.headers)
      .send({ email: 'erase.me@example.com' })
      .expect(200);
    expect(await remindersOf()).toEqual([]);
    expect(await queuedReminders()).toEqual([]);
    // The vehicle's MOT expiry goes too: no booking names the vehicle any more.
    expect(await db.select().from(vehicles)).toEqual([]);
  });
});

describe('the list of reminders', () => {
  it('refuses a kind or status it does not know, naming the parameter; an empty one is no filter', async () => {
    for (const [query, name, message] of [
      ['?kind=oil', 'kind', 'kind must be one of mot, tyres, review.'],
      ['?status=lost', 'status', 'status must be one of scheduled, sent, cancelled.'],
      ['?kind=mot&kind=tyres', 'kind', 'kind must be one of mot, tyres, review.'],
    ] as const) {
      const refused = await as(fixture.staff).get(`/api/reminders${query}`).expect(400);
      expect(refused.body).toEqual({ error: invalidFieldsMessage, fieldErrors: { [name]: [message] } });
    }
    expect(await remindersOf('?kind=&status=')).toEqual([]);
  });
});

describe('a job noting worn tyres or an advisory', () => {
  it('schedules one tyre reminder 8 weeks on, where the customer agreed', async () => {
    const advised = await bookJob({ registration: 'TY71 RES', remindersConsent: true });
    await complete(advised.id, makeRecord({ advisories: 'Rear tyres at 3 mm: replace within 2 months.' }));
    expect(
      (await remindersOf('?kind=tyres')).map(({ due, registration, status }) => ({
        due,
        registration,
        status,
      })),
    ).toEqual([{ due: '2027-01-19T09:00:00.000Z', registration: 'TY71RES', status: 'scheduled' }]);

    // A rear tyre measured at 2.5 mm and left on.
    const worn = await bookJob({ registration: 'WO71 RNT', remindersConsent: true, start: '10:00' });
    await complete(worn.id, makeRecord({ advisories: '', removedTreadMm: { nsf: 1.6, nsr: 2.5 } }));
    // Nothing worth a reminder: the two worn tyres were replaced, no advisory.
    await complete((await bookJob({ registration: 'CL71 EAN', remindersConsent: true })).id);
    // Worth one, but the customer did not agree.
    await complete((await bookJob({ registration: 'NO71 ASK', start: '10:00' })).id, makeRecord());
    expect((await remindersOf('?kind=tyres')).map((reminder) => reminder.registration)).toEqual([
      'TY71RES',
      'WO71RNT',
    ]);
  });
});

describe('review requests', () => {
  it('ask every customer the day after at 10:00, one address at most once in 12 months', async () => {
    const first = await bookJob({ email: 'Sam.Review@example.com' });
    await complete(first.id);
    const asked = await remindersOf('?kind=review');
    expect(asked.map(({ due, customer }) => ({ due, email: customer.email }))).toEqual([
      { due: '2026-11-25T10:00:00.000Z', email: 'Sam.Review@example.com' },
    ]);
    // Another job for the same address, however written, and agreement or not: not asked again.
    await complete((await bookJob({ email: 'sam.review@example.com', remindersConsent: true })).id);
    expect(await remindersOf('?kind=review')).toHaveLength(1);

    // Thirteen months on, asked again.
    const yearAgo = new Date(clock.now);
    yearAgo.setUTCMonth(yearAgo.getUTCMonth() - 13);
    await fixture.database.db.update(reminders).set({ dueAt: yearAgo, status: 'sent' });
    await complete((await bookJob({ email: 'sam.review@example.com', start: '10:00' })).id);
    expect((await remindersOf('?kind=review&status=scheduled')).map((reminder) => reminder.due)).toEqual([
      '2026-11-25T10:00:00.000Z',
    ]);
  });

  it('are not made for a job staff untick, before or after it is done, and are made again when ticked', async () => {
    const untick = (id: number, reviewRequest: unknown, person = fixture.staff) =>
      request(fixture.app).put(`/api/jobs/${id}/review-request`).set(person.headers).send({ reviewRequest });
    const before = await bookJob({ email: 'unticked.before@example.com' });
    expect((await untick(before.id, false).expect(200)).body).toEqual({
      id: before.id,
      reviewRequest: false,
    });
    const day = (await as(fixture.staff).get(`/api/jobs?date=${tomorrow}`).expect(200)).body as Job[];
    expect(day.find((job) => job.id === before.id)!.reviewRequest).toBe(false);
    await complete(before.id);
    expect(await remindersOf('?kind=review')).toEqual([]);

    const after = await bookJob({ email: 'unticked.after@example.com', start: '10:00' });
    await complete(after.id);
    await untick(after.id, false).expect(200);
    expect((await remindersOf('?kind=review')).map((r) => [r.status, r.cancelledReason])).toEqual([
      ['cancelled', 'unticked'],
    ]);
    // Ticked again, a completed job's customer is asked after all.
    await untick(after.id, true).expect(200);
    expect((await remindersOf('?kind=review&status=scheduled')).map((r) => r.customer.email)).toEqual([
      'unticked.after@example.com',
    ]);

    // Refusals: a fitter, a body that is not a yes or no, a job that does not exist.
    await untick(after.id, false, people.fitter).expect(403);
    expect((await untick(after.id, 'no').expect(400)).body.fieldErrors).toEqual({
      reviewRequest: ['reviewRequest must be true or false'],
    });
    await untick(999_999, false).expect(404);
    await request(fixture.app)
      .put(`/api/jobs/${after.id}/review-request`)
      .send({ reviewRequest: false })
      .expect(401);
    expect(await remindersOf('?kind=review&status=scheduled')).toHaveLength(1);
  });
});

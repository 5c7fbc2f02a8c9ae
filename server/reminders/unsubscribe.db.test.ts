import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PersonalDataExport } from '#common/privacy/privacy.ts';
import type { Reminder } from '#common/reminders/reminders.ts';
import { makeRecord, useJobsApp } from '#tests/support/jobs.ts';
import { reminders, reminderUnsubscribes, vehicles } from '../db/schema.ts';
import { isUnsubscribed, resubscribe, unsubscribe, unsubscribeToken } from './unsubscribe.ts';

// Unsubscribing from reminders by a reminder's signed link: at once, everything scheduled for
// the address cancelled, nothing scheduled again until the person subscribes again.
const { fixture, people, bookJob, as, clock } = useJobsApp();

beforeEach(async () => {
  await fixture.database.db.delete(reminders);
  await fixture.database.db.delete(reminderUnsubscribes);
  await fixture.database.db.delete(vehicles);
});

const email = 'Jo.Unsubscribe@example.com';
const complete = (id: number) =>
  as(people.fitter).event(id, { type: 'completed', record: makeRecord() }).expect(201);
const remindersOf = async (query = '') =>
  (await as(fixture.staff).get(`/api/reminders${query}`).expect(200)).body as Reminder[];

describe('unsubscribing', () => {
  it('cancels what was scheduled for the address, however written, and schedules nothing more', async () => {
    await complete((await bookJob({ email, remindersConsent: true })).id);
    const [first] = await remindersOf('?status=scheduled');
    expect((await remindersOf('?status=scheduled')).map((reminder) => reminder.kind)).toEqual([
      'review',
      'tyres',
    ]);
    const token = await unsubscribeToken(fixture.database.db, first!.id);

    expect(await unsubscribe(fixture.database.db, token, clock.now)).toEqual({ email });
    expect(await remindersOf('?status=scheduled')).toEqual([]);
    expect((await remindersOf('?status=cancelled')).map((reminder) => reminder.cancelledReason)).toEqual([
      'unsubscribed',
      'unsubscribed',
    ]);
    expect(await isUnsubscribed(fixture.database.db, 'jo.unsubscribe@EXAMPLE.com')).toBe(true);
    // Twice is the same as once.
    expect(await unsubscribe(fixture.database.db, token, clock.now)).toEqual({ email });

    // A later job of the same address: no review request, no tyre reminder.
    await complete(
      (await bookJob({ email: email.toLowerCase(), remindersConsent: true, start: '10:00' })).id,
    );
    expect(await remindersOf('?status=scheduled')).toEqual([]);

    // The export says so; subscribing again lets the next job's reminders through.
    const exported = (
      await as(fixture.staff)
        .get(`/api/privacy/export?email=${encodeURIComponent(email)}`)
        .expect(200)
    ).body as PersonalDataExport;
    expect(exported.remindersUnsubscribedAt).toBe(clock.now.toISOString());
    expect(await resubscribe(fixture.database.db, token)).toEqual({ email });
    expect(await isUnsubscribed(fixture.database.db, email)).toBe(false);
  });

  it('refuses a token that is not signed here or names no reminder', async () => {
    await complete((await bookJob({ email, remindersConsent: true })).id);
    const [reminder] = await remindersOf();
    const token = await unsubscribeToken(fixture.database.db, reminder!.id);
    const forged = `${reminder!.id + 1}.${token.split('.')[1]}`;
    for (const bad of [forged, 'nonsense', `${reminder!.id}.`, `${token}x`]) {
      expect(await unsubscribe(fixture.database.db, bad, clock.now), bad).toBeNull();
    }
    expect(await isUnsubscribed(fixture.database.db, email)).toBe(false);
    // A signed token whose reminder went (its booking erased).
    await request(fixture.app)
      .post('/api/privacy/erase')
      .set(fixture.staff.headers)
      .send({ email })
      .expect(200);
    expect(await unsubscribe(fixture.database.db, token, clock.now)).toBeNull();
  });

  it('goes with the person’s data when it is erased', async () => {
    await complete((await bookJob({ email, remindersConsent: true })).id);
    const [reminder] = await remindersOf();
    await unsubscribe(
      fixture.database.db,
      await unsubscribeToken(fixture.database.db, reminder!.id),
      clock.now,
    );
    await request(fixture.app)
      .post('/api/privacy/erase')
      .set(fixture.staff.headers)
      .send({ email })
      .expect(200);
    expect(await isUnsubscribed(fixture.database.db, email)).toBe(false);
  });
});

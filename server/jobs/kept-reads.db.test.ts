import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '#common/jobs/jobs.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { tomorrow } from '#tests/support/bookings.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { makeRecord, useJobsApp } from '#tests/support/jobs.ts';
import { hashSessionToken } from '../auth/sessions.ts';
import { bookings, sessions, users } from '../db/schema.ts';

// The app as the server runs it: live sessions and the jobs' reads kept in memory, forgotten at
// each change the database announces (db/staff-data.ts), and the day's jobs answered ahead of the
// middleware for a kept session (routes.ts, keptJobReads). Vehicles' histories: vehicles/.
const { fixture, people, bookJob, as, clock } = useJobsApp({ watchStaffData: true });

const memories = () => fixture.staffMemories!;
const tokenOf = (person: { cookie: string }) => person.cookie.split('=')[1]!;
const dayOf = async (person: Parameters<typeof as>[0]) =>
  (await as(person).get(`/api/jobs?date=${tomorrow}`).expect(200)).body as Job[];

/**
 * Reads until the session is kept. Creating an account or changing a session is announced, and
 * PostgreSQL delivers the announcement a moment later; a session read before it arrives is
 * forgotten when it does.
 */
async function keptAfterAnnouncements(person: Parameters<typeof as>[0] & { cookie: string }): Promise<void> {
  await vi.waitFor(async () => {
    await as(person).get(`/api/jobs?date=${tomorrow}`).expect(200);
    expect(memories().sessions.find(hashSessionToken(tokenOf(person)), clock.now)).toBeDefined();
  });
}

describe('the day’s jobs, kept', () => {
  it('are read once until a job changes, here or in another process', async () => {
    const first = await bookJob({ start: '08:00' });
    await bookJob({ start: '10:00' });
    await bookJob({ start: '08:00' }, people.otherFitter);
    expect((await dayOf(people.fitter)).map((job) => job.id)[0]).toBe(first.id);
    expect(await dayOf(fixture.staff)).toHaveLength(3);

    // Kept: the same answer, not read again (once the bookings' announcements have arrived).
    await vi.waitFor(async () => {
      expect(await memories().jobs.day(tomorrow)).toBe(await memories().jobs.day(tomorrow));
      expect(await memories().jobs.day(tomorrow, people.fitter.userId)).toBe(
        await memories().jobs.day(tomorrow, people.fitter.userId),
      );
    });

    // Another process (here, a statement of the test's own) changes a booking: the database
    // announces it and the next read is new.
    await fixture.database.db
      .update(bookings)
      .set({ notes: 'Gate code 1234.' })
      .where(eq(bookings.id, first.id));
    await vi.waitFor(async () => expect((await dayOf(people.fitter))[0]!.notes).toBe('Gate code 1234.'));

    // A change through this process shows in the very next answer.
    await as(people.fitter).pay(first.id, { amount: 1000 }).expect(201);
    expect((await dayOf(people.fitter))[0]!.paid).toBe(1000);
    expect((await dayOf(fixture.staff)).find((job) => job.id === first.id)!.paid).toBe(1000);
  });

  it('answer ahead of the middleware as the router does, and leave mistakes to it', async () => {
    const job = await bookJob({ start: '08:00' });
    await as(people.fitter).event(job.id, { type: 'completed', record: makeRecord() }).expect(201);
    await keptAfterAnnouncements(people.fitter);

    const kept = await as(people.fitter).get(`/api/jobs?date=${tomorrow}`).expect(200);
    expect(kept.headers).toMatchObject({
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
    });
    expect(kept.headers['content-security-policy']).toBeDefined();
    expect(kept.headers['x-request-id']).toBeDefined();
    // The phone's next look costs nothing when nothing changed.
    await as(people.fitter)
      .get(`/api/jobs?date=${tomorrow}`)
      .set('If-None-Match', kept.headers.etag!)
      .expect(304);

    // Mistakes and refusals: the router's answers.
    const badDate = await as(people.fitter).get('/api/jobs?date=2026-13-40').expect(400);
    expect(badDate.body).toEqual({
      error: invalidFieldsMessage,
      fieldErrors: { date: ['date must be a date, YYYY-MM-DD.'] },
    });
    const badFitter = await as(people.owner).get(`/api/jobs?date=${tomorrow}&fitter=frank`).expect(400);
    expect(badFitter.body.fieldErrors).toEqual({ fitter: ['fitter must be a fitter’s account id.'] });
    await as(people.fitter).get(`/api/jobs?date=${tomorrow}&fitter=${people.otherFitter.userId}`).expect(403);
    await request(fixture.app).get(`/api/jobs?date=${tomorrow}`).expect(401);
  });
});

describe('sessions, kept', () => {
  it('end at once: signed out in another process, disabled, or past their expiry', async () => {
    const fitter = await signedInStaff(fixture.database.db, 'kept-fitter', clock.now, 'fitter');
    const hash = hashSessionToken(tokenOf(fitter));
    await keptAfterAnnouncements(fitter);
    expect(memories().sessions.find(hash, clock.now)).toMatchObject({ username: 'kept-fitter' });

    // Another process signs them out: refused as soon as the database says so.
    await fixture.database.db.delete(sessions).where(eq(sessions.tokenHash, hash));
    await vi.waitFor(() => expect(memories().sessions.find(hash, clock.now)).toBeUndefined());
    await as(fitter).get(`/api/jobs?date=${tomorrow}`).expect(401);

    // An owner disables an account here: its very next request is refused.
    const other = await signedInStaff(fixture.database.db, 'kept-fitter-2', clock.now, 'fitter');
    await as(other).get(`/api/jobs?date=${tomorrow}`).expect(200);
    await request(fixture.app)
      .patch(`/api/users/${other.userId}`)
      .set(people.owner.headers)
      .send({ disabled: true })
      .expect(200);
    await as(other).get(`/api/jobs?date=${tomorrow}`).expect(401);

    // A kept session lasts no longer than the session itself: here, 10 s more of its 7 days.
    const third = await signedInStaff(fixture.database.db, 'kept-fitter-3', clock.now, 'fitter');
    await fixture.database.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now.getTime() + 10_000) })
      .where(eq(sessions.tokenHash, hashSessionToken(tokenOf(third))));
    await keptAfterAnnouncements(third);
    clock.now = new Date(clock.now.getTime() + 15_000);
    await as(third).get(`/api/jobs?date=${tomorrow}`).expect(401);
  });

  it('follow a change of role made elsewhere, and the owners’ two-factor rule', async () => {
    const person = await signedInStaff(fixture.database.db, 'kept-office', clock.now, 'staff');
    await as(person).get('/api/vehicles/AB12CDE').expect(200);
    await fixture.database.db.update(users).set({ role: 'fitter' }).where(eq(users.id, person.userId));
    await vi.waitFor(async () => {
      expect((await as(person).get('/api/vehicles/AB12CDE')).status).toBe(403);
    });

    await fixture.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, person.userId));
    await vi.waitFor(async () => {
      expect((await as(person).get('/api/vehicles/AB12CDE')).status).toBe(200);
    });
    // Owners require two-factor sign-in (another process's change of the settings).
    await fixture.database.db.execute(
      sql`insert into app_meta (key, value) values ('security', '{"requireTwoFactor": true}')
        on conflict (key) do update set value = excluded.value`,
    );
    try {
      await vi.waitFor(async () => {
        expect((await as(person).get('/api/vehicles/AB12CDE')).status).toBe(403);
      });
    } finally {
      await fixture.database.db.execute(sql`delete from app_meta where key = 'security'`);
    }
  });
});

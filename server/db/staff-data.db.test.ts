import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '#tests/support/database.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { hashSessionToken } from '../auth/sessions.ts';
import type { DatabaseHandle } from './client.ts';
import type { Subscription } from './listener.ts';
import { addTyre, clearTyres } from '#tests/support/tyres.ts';
import { sessions, tyres, users } from './schema.ts';
import { keptState, watchStaffData, type KeptMemory } from './staff-data.ts';

/** A memory that notes what it was told, in order. */
function notingMemory(name: string, told: string[]): KeptMemory {
  return {
    forget: (detail) => told.push(detail ? `${name} forget ${detail}` : `${name} forget`),
    suspend: () => told.push(`${name} suspend`),
    resume: () => told.push(`${name} resume`),
  };
}

let database: DatabaseHandle;
let watch: Subscription;
const told: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  watch = await watchStaffData(database, {
    sessions: notingMemory('sessions', told),
    jobs: notingMemory('jobs', told),
    vehicles: notingMemory('vehicles', told),
    tyres: notingMemory('tyres', told),
  });
});

afterAll(async () => {
  await watch.close();
  await database.close();
});

/** What the memories are told from now until each of `awaited` is, in order. */
async function toldUntil(awaited: string | string[], change: () => Promise<unknown>): Promise<string[]> {
  told.length = 0;
  await change();
  await vi.waitFor(() => expect(told).toEqual(expect.arrayContaining([awaited].flat())));
  return [...told];
}

describe('the database’s announcements of changed staff data', () => {
  it('start with the memories resumed', async () => {
    const fresh: string[] = [];
    const subscription = await watchStaffData(database, {
      sessions: notingMemory('sessions', fresh),
      jobs: notingMemory('jobs', fresh),
      vehicles: notingMemory('vehicles', fresh),
      tyres: notingMemory('tyres', fresh),
    });
    expect(fresh).toEqual(['sessions resume', 'jobs resume', 'vehicles resume', 'tyres resume']);
    await subscription.close();
    expect(fresh.slice(4)).toEqual(['sessions suspend', 'jobs suspend', 'vehicles suspend', 'tyres suspend']);
  });

  it('name what changed: a session ended, an account or the security settings changed', async () => {
    const { db } = database;
    const person = await signedInStaff(db, 'announced', new Date(), 'fitter');
    const hash = hashSessionToken(person.cookie.split('=')[1]!);
    // A session used (its last-seen time moving on) is not announced: the next change is the
    // first thing told.
    expect(
      await toldUntil('sessions forget', async () => {
        await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.tokenHash, hash));
        await db.delete(sessions).where(eq(sessions.tokenHash, hash));
      }),
    ).toEqual(['sessions forget']);
    expect(
      await toldUntil('sessions forget', () =>
        db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, person.userId)),
      ),
    ).toEqual(['sessions forget']);
    // A new name shows on the fitter's jobs too.
    const renamed = await toldUntil(['sessions forget', 'jobs forget', 'vehicles forget'], () =>
      db.update(users).set({ username: 'announced-2' }).where(eq(users.id, person.userId)),
    );
    expect(renamed.sort()).toEqual(['jobs forget', 'sessions forget', 'vehicles forget']);
    expect(
      await toldUntil('sessions forget', () =>
        db.execute(sql`insert into app_meta (key, value) values ('security', '{"requireTwoFactor": false}')
          on conflict (key) do update set value = excluded.value`),
      ),
    ).toEqual(['sessions forget']);
  });

  it('name the jobs, and so the vehicles’ histories, when a booking, a job, a payment, a photo, an invoice or a vehicle changes', async () => {
    const { db } = database;
    for (const table of ['bookings', 'jobs', 'payments', 'job_files', 'invoices', 'vehicles']) {
      // Deleting nothing is still a statement on the table: announced once.
      expect(
        await toldUntil(['jobs forget', 'vehicles forget'], () =>
          db.execute(sql`delete from ${sql.identifier(table)} where false`),
        ),
        table,
      ).toEqual(['jobs forget', 'vehicles forget']);
    }
  });

  it('name the sizes of the tyres a statement changes, or every size past what a payload holds', async () => {
    const { db } = database;
    let added: Awaited<ReturnType<typeof addTyre>>[] = [];
    await toldUntil(['tyres forget 205/55/16', 'tyres forget 195/65/15'], async () => {
      added = await Promise.all([
        addTyre(db, { width: 205, profile: 55, rim: 16 }, { unannounced: true }),
        addTyre(db, { width: 195, profile: 65, rim: 15 }, { unannounced: true }),
      ]);
    });
    const [first, second] = added;
    // A statement that changes no tyre is not announced: the stock change is the first thing told.
    expect(
      await toldUntil('tyres forget 205/55/16', async () => {
        await db.delete(tyres).where(sql`false`);
        await db.update(tyres).set({ stock: 7 }).where(eq(tyres.id, first!.id));
      }),
    ).toEqual(['tyres forget 205/55/16']);
    // Both sizes, old and new, when a tyre's size is corrected.
    expect(
      await toldUntil('tyres forget 195/65/15 225/45/17', () =>
        db.update(tyres).set({ width: 225, profile: 45, rim: 17 }).where(eq(tyres.id, second!.id)),
      ),
    ).toEqual(['tyres forget 195/65/15 225/45/17']);
    expect(await toldUntil('tyres forget 205/55/16 225/45/17', () => db.delete(tyres))).toEqual([
      'tyres forget 205/55/16 225/45/17',
    ]);
    // A thousand sizes in one statement (an import's batch) are more than a payload holds.
    const many = Array.from({ length: 1_000 }, (_, n) => ({
      width: 125 + 10 * Math.floor(n / 70),
      profile: 25 + (n % 70),
      rim: 16,
    }));
    expect(
      await toldUntil('tyres forget', () =>
        db.insert(tyres).values(
          many.map((size, n) => ({
            ...size,
            brand: 'Hankook',
            pattern: `Many ${n}`,
            loadIndex: 91,
            speedRating: 'V',
            costPence: 4_000,
            matchKey: `many-${n}`,
          })),
        ),
      ),
    ).toEqual(['tyres forget']);
    // Their removal is announced too: heard here, before the next test listens.
    expect(await toldUntil('tyres forget', () => clearTyres(db))).toEqual(['tyres forget']);
  });

  it('forget everything for a payload they do not know', async () => {
    expect(
      await toldUntil(['sessions forget', 'jobs forget', 'vehicles forget', 'tyres forget'], () =>
        database.db.execute(sql`select pg_notify('staff_data_changed', 'other')`),
      ),
    ).toEqual(['sessions forget', 'jobs forget', 'vehicles forget', 'tyres forget']);
  });
});

describe('a kept state', () => {
  it('keeps nothing until resumed, and moves its generation on at each change', () => {
    const forgotten: number[] = [];
    const state = keptState(() => forgotten.push(state.generation));
    expect(state.heard).toBe(false);
    state.resume();
    expect(state.heard).toBe(true);
    const before = state.generation;
    state.forget();
    expect(state.generation).toBe(before + 1);
    state.suspend();
    expect(state.heard).toBe(false);
    expect(forgotten).toEqual([1, 2, 3]);
  });
});

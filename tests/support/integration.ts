import type express from 'express';
import { afterAll, beforeAll } from 'vitest';
import type { StaffRole } from '#common/accounts/accounts.ts';
import type { AppDependencies } from '#server/app.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestApp, testConfig } from './app.ts';
import { createTestDatabase } from './database.ts';
import { signedInStaff } from './factories.ts';

type SignedInStaff = Awaited<ReturnType<typeof signedInStaff>>;

export type TestAppOptions = {
  /** The configuration, as read from these environment variables (see testConfig). */
  env?: Record<string, string>;
  /** More of the app's dependencies, made once the database exists. */
  dependencies?: (
    database: DatabaseHandle,
  ) =>
    | Partial<Omit<AppDependencies, 'database' | 'config'>>
    | Promise<Partial<Omit<AppDependencies, 'database' | 'config'>>>;
  /**
   * The member of staff signed in: an owner with a generated username, whose session starts
   * now, unless given.
   */
  staff?: { username?: string; role?: StaffRole; at?: Date };
};

export type TestApp = {
  /** The test file's own migrated database. */
  readonly database: DatabaseHandle;
  /** The real Express app on it. */
  readonly app: express.Express;
  /** A member of staff with a live session: `headers` sign a request in as them. */
  readonly staff: SignedInStaff;
};

/**
 * What an integration test file starts from: before its tests, a test database of its own, the
 * real app on it and a signed-in member of staff; after them, the database closed (and, on a
 * PostgreSQL server, dropped). Read them from the returned object inside hooks and tests.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let state: TestApp | undefined;

  beforeAll(async () => {
    const database = await createTestDatabase();
    try {
      const dependencies = (await options.dependencies?.(database)) ?? {};
      const app = createTestApp(database, { config: testConfig(options.env), ...dependencies });
      const staff = await signedInStaff(
        database.db,
        options.staff?.username,
        options.staff?.at,
        options.staff?.role,
      );
      state = { database, app, staff };
    } catch (error) {
      await database.close();
      throw error;
    }
  });

  afterAll(async () => {
    await state?.database.close();
    state = undefined;
  });

  const current = (): TestApp => {
    if (!state) throw new Error('The test app exists only from beforeAll to afterAll');
    return state;
  };
  return {
    get database() {
      return current().database;
    },
    get app() {
      return current().app;
    },
    get staff() {
      return current().staff;
    },
  };
}

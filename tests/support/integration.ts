import type express from 'express';
import { afterAll, beforeAll } from 'vitest';
import type { StaffRole } from '#common/accounts/accounts.ts';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { createStaffMemories } from '#server/app-parts.ts';
import type { AppDependencies } from '#server/app.ts';
import type { Subscription } from '#server/db/listener.ts';
import { watchStaffData } from '#server/db/staff-data.ts';
import { createSiteContentStore } from '#server/site-content/store.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestApp, testConfig } from './app.ts';
import { createTestDatabase } from './database.ts';
import { signedInStaff } from './factories.ts';

type SignedInStaff = Awaited<ReturnType<typeof signedInStaff>>;

type TestAppOptions = {
  /** The configuration, as read from these environment variables (see testConfig). */
  env?: Record<string, string> | (() => Record<string, string>);
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
  /**
   * Whether the app keeps live sessions and the jobs' reads in memory, watched as the server
   * watches them (server/db/staff-data.ts); otherwise each is a query.
   */
  watchStaffData?: boolean;
};

type TestApp = {
  /** The test file's own migrated database. */
  readonly database: DatabaseHandle;
  /** The real Express app on it. */
  readonly app: express.Express;
  /** A member of staff with a live session: `headers` sign a request in as them. */
  readonly staff: SignedInStaff;
  /** What the app keeps in memory, when it watches the staff's data (`watchStaffData`). */
  readonly staffMemories: StaffMemories | undefined;
};

type StaffMemories = ReturnType<typeof createStaffMemories>;

/**
 * What an integration test file starts from: before its tests, a test database of its own, the
 * real app on it and a signed-in member of staff; after them, the database closed (and, on a
 * PostgreSQL server, dropped). Read them from the returned object inside hooks and tests.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let state: TestApp | undefined;
  let watch: Subscription | undefined;

  beforeAll(async () => {
    const database = await createTestDatabase();
    try {
      const config = testConfig(typeof options.env === 'function' ? options.env() : options.env);
      const dependencies = (await options.dependencies?.(database)) ?? {};
      let staffMemories: StaffMemories | undefined;
      if (options.watchStaffData) {
        dependencies.siteContent ??= createSiteContentStore(database.db, () => seedSiteContent(config.site));
        staffMemories = createStaffMemories(database.db, dependencies.siteContent);
        watch = await watchStaffData(database, staffMemories);
      }
      const app = createTestApp(database, { config, ...dependencies, staffMemories });
      const staff = await signedInStaff(
        database.db,
        options.staff?.username,
        options.staff?.at,
        options.staff?.role,
      );
      state = { database, app, staff, staffMemories };
    } catch (error) {
      await watch?.close();
      await database.close();
      throw error;
    }
  });

  afterAll(async () => {
    await watch?.close();
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
    get staffMemories() {
      return current().staffMemories;
    },
    get staff() {
      return current().staff;
    },
  };
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { pgliteExtensions } from '#server/db/pglite-settings.ts';
import { migrationsDir } from '#server/paths.ts';
import { migrationsVersion, pgliteVersion } from './created-database.ts';
import { createServerDatabase, queryOnce } from './server-database.ts';

/**
 * The files of a new, migrated embedded database, made once per version of the migrations and of
 * PGlite and kept in the system's temporary folder: a test file's database starts from them in
 * about 0.4 s, where creating one (initdb) takes about 3 s.
 */
async function migratedDatabaseFiles(): Promise<Blob> {
  const snapshot = path.join(os.tmpdir(), `test-database-${migrationsVersion(pgliteVersion())}.tar`);
  if (!fs.existsSync(snapshot)) {
    const database = new PGlite({ extensions: pgliteExtensions });
    await migrate(drizzle(database), { migrationsFolder: migrationsDir });
    const files = await database.dumpDataDir('none');
    await database.close();
    // Test files start in parallel: each writes its own copy and moves it into place whole.
    const partial = `${snapshot}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, new Uint8Array(await files.arrayBuffer()));
    fs.renameSync(partial, snapshot);
  }
  return new Blob([new Uint8Array(fs.readFileSync(snapshot))]);
}

/**
 * A migrated, empty database on the PostgreSQL server at `serverUrl`, made once per version of the
 * migrations, that the test databases are copied from: a copy takes a fraction of the time the
 * migrations take. Test files start in parallel: each that finds none migrates one of its own and
 * renames it into place; the others' are dropped.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `test_template_${migrationsVersion()}`;
  const exists = async () =>
    (await queryOnce(serverUrl, `select 1 from pg_database where datname = '${name}'`)).length > 0;
  if (await exists()) return name;
  const made = await createServerDatabase(serverUrl, 'test_template_new');
  try {
    const handle = await openDatabase({ databaseUrl: made.url, poolMax: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    await queryOnce(serverUrl, `alter database "${new URL(made.url).pathname.slice(1)}" rename to "${name}"`);
  } catch (error) {
    await made.drop();
    if (!(await exists())) throw error;
  }
  return name;
}

/**
 * A migrated, empty database for one test file: PGlite in memory by default, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server (a copy of its migrated
 * template), dropped again at close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  // The database project (vitest.config.ts), which CI also runs on PostgreSQL, finds by name the
  // test files that use a test database.
  const testFile = expect.getState().testPath;
  if (testFile && !/\.db\.test\.tsx?$/.test(testFile)) {
    throw new Error(`${path.basename(testFile)} uses the test database: name it *.db.test.ts`);
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: 'memory', initialFiles: await migratedDatabaseFiles() });
    await handle.migrate();
    return handle;
  }

  const database = await createServerDatabase(serverUrl, 'test', await migratedTemplate(serverUrl));
  const handle = await openDatabase({ databaseUrl: database.url, poolMax: 4 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { pgliteExtensions } from '#server/db/pglite-settings.ts';
import { migrationsDir, projectRoot } from '#server/paths.ts';

/**
 * The files of a new, migrated embedded database, made once per version of the migrations and of
 * PGlite and kept in the system's temporary folder: a test file's database starts from them in
 * about 0.4 s, where creating one (initdb) takes about 3 s.
 */
async function migratedDatabaseFiles(): Promise<Blob> {
  const hash = crypto.createHash('sha256');
  const pgliteVersion = JSON.parse(
    fs.readFileSync(
      path.join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
      'utf8',
    ),
  ).version;
  hash.update(pgliteVersion);
  for (const file of fs.readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsDir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const snapshot = path.join(os.tmpdir(), `test-database-${hash.digest('hex').slice(0, 16)}.tar`);
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
 * A migrated, empty database for one test file: PGlite in memory by default, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server, dropped again at close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: 'memory', initialFiles: await migratedDatabaseFiles() });
    await handle.migrate();
    return handle;
  }

  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

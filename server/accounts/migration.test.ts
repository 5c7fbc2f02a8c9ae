import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { pgliteExtensions } from '../db/pglite-settings.ts';
import { migrationsDir } from '../paths.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'roles-migration-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** The migrations folder as it was before `name`, for a database made before it. */
function migrationsBefore(name: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'));
  const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === name);
  const earlier = journal.entries.slice(0, index);
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: earlier }),
  );
  for (const entry of earlier) {
    fs.copyFileSync(path.join(migrationsDir, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

it('makes the accounts there were before roles owners, and later ones staff unless said', async () => {
  const client = new PGlite({ extensions: pgliteExtensions });
  const db = drizzle(client);
  try {
    await migrate(db, { migrationsFolder: migrationsBefore('0013_staff_accounts') });
    await db.execute(sql`insert into users (username, password_hash) values ('first', 'x'), ('second', 'y')`);
    await migrate(db, { migrationsFolder: migrationsDir });
    await db.execute(sql`insert into users (username, password_hash) values ('later', 'z')`);
    const { rows } = await db.execute(sql`select username, role from users order by id`);
    expect(rows).toEqual([
      { username: 'first', role: 'owner' },
      { username: 'second', role: 'owner' },
      { username: 'later', role: 'staff' },
    ]);
  } finally {
    await client.close();
  }
});

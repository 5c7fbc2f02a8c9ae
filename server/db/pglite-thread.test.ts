import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withCreatedDatabase } from '#tests/support/created-database.ts';
import { openDatabase, selectRows, type DatabaseHandle } from './client.ts';
import { enquiries, images } from './schema.ts';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];

/** The database in `dir`, opened and migrated: by default a new one (made from a created database's files). */
async function openOnDisk(
  dir = withCreatedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'))),
) {
  dirs.push(dir);
  const handle = await openDatabase({ dataDir: dir });
  handles.push(handle);
  await handle.migrate();
  return { handle, dir };
}

afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const enquiry = (name: string) => ({ name, email: 'a@example.com', message: '' });

describe('the embedded database in its own thread', () => {
  it('runs queries, keeps dates as the ORM expects and keeps the data after a restart', async () => {
    const { handle, dir } = await openOnDisk();
    const [row] = await handle.db.insert(enquiries).values(enquiry('Sarah')).returning();
    expect(row!.createdAt).toBeInstanceOf(Date);
    await handle.close();
    handles.pop();

    const reopened = (await openOnDisk(dir)).handle;
    const rows = await reopened.db.select().from(enquiries);
    expect(rows.map((stored) => stored.name)).toEqual(['Sarah']);
  });
});

describe('the embedded database in its own thread, opened once for these', () => {
  let handle: DatabaseHandle;
  let dir: string;

  beforeAll(async () => {
    dir = withCreatedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-')));
    handle = await openDatabase({ dataDir: dir });
    await handle.migrate();
  });

  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('commits a transaction, and rolls one back when its callback fails', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.insert(enquiries).values(enquiry('Kept'));
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(enquiries).values(enquiry('Dropped'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await handle.db
      .select({ name: enquiries.name })
      .from(enquiries)
      .where(inArray(enquiries.name, ['Kept', 'Dropped']));
    expect(rows).toEqual([{ name: 'Kept' }]);
  });

  it('reports a failed statement with its message and keeps working', async () => {
    await expect(selectRows(handle.db, sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
    await handle.db.insert(enquiries).values(enquiry('After'));
    expect(await handle.db.select().from(enquiries).where(eq(enquiries.name, 'After'))).toHaveLength(1);
  });

  it('keeps concurrent transactions apart', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        handle.db.transaction(async (tx) => {
          await tx.insert(enquiries).values(enquiry(`Customer ${index}`));
          await tx.insert(enquiries).values(enquiry(`Customer ${index} again`));
        }),
      ),
    );
    const rows = await handle.db
      .select({ name: enquiries.name })
      .from(enquiries)
      .where(like(enquiries.name, 'Customer %'));
    expect(rows).toHaveLength(40);
  });

  it('passes on notifications, before the answer to the statement that committed them', async () => {
    let heard = 0;
    const subscription = await handle.listen('site_content_changed', { notify: () => (heard += 1) });
    await handle.db.insert(images).values({ name: 'about-image', altText: 'Our van' });
    expect(heard).toBe(1);
    await subscription.close();
  });
});

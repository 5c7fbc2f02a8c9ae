import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { defaultSiteSettings } from '#common/site-content/site-settings.ts';
import { createTestDatabase } from '#tests/support/database.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { siteContentRevisions } from '../db/schema.ts';
import { createSiteContentStore } from './store.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** The database, counting the queries made through it. */
function countingQueries(db: Database) {
  const counter = { selects: 0, inserts: 0 };
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'select' || property === 'insert') {
        counter[property === 'select' ? 'selects' : 'inserts'] += 1;
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: counted, counter };
}

const seed = () => seedSiteContent(defaultSiteSettings);

describe('the site content store', () => {
  it('seeds a new database once, even when several processes start together', async () => {
    await database.db.delete(siteContentRevisions);
    const stores = Array.from({ length: 4 }, () => createSiteContentStore(database.db, seed));
    const documents = await Promise.all(stores.map((store) => store.published()));
    expect(new Set(documents.map((document) => document.version))).toEqual(new Set([1]));
    expect(await database.db.select().from(siteContentRevisions)).toHaveLength(1);
  });

  it('reads the database once, however many pages ask, until told of a change', async () => {
    const { db, counter } = countingQueries(database.db);
    const store = createSiteContentStore(db, seed);
    await Promise.all(Array.from({ length: 50 }, () => store.published()));
    for (let page = 0; page < 1000; page += 1) await store.published();
    expect(counter.selects).toBe(1);
    await store.reload();
    expect(counter.selects).toBe(2);
  });

  it('never goes back to an older version, and forgets a failed read', async () => {
    const store = createSiteContentStore(database.db, seed);
    const first = await store.published();
    store.accept({ ...first, version: first.version + 5 });
    await store.reload();
    expect((await store.published()).version).toBe(first.version + 5);

    let fail = true;
    const flaky = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'select' && fail) throw new Error('connection lost');
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const other = createSiteContentStore(flaky, seed);
    await expect(other.published()).rejects.toThrow('connection lost');
    fail = false;
    expect((await other.published()).version).toBe(first.version);
  });
});

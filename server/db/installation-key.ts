import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { appMeta } from './schema.ts';

const keys = new WeakMap<Database, Map<string, Promise<Buffer>>>();

/**
 * A secret key of this installation, made at its first use and kept in `app_meta`, so that every
 * server process on the database uses the same one (the first to write it wins; the others read
 * it). Kept in memory once read.
 */
export function installationKey(db: Database, name: string): Promise<Buffer> {
  let ofDatabase = keys.get(db);
  if (!ofDatabase) keys.set(db, (ofDatabase = new Map()));
  let key = ofDatabase.get(name);
  if (!key) {
    key = (async () => {
      await db
        .insert(appMeta)
        .values({ key: name, value: crypto.randomBytes(32).toString('base64') })
        .onConflictDoNothing();
      const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, name));
      return Buffer.from(String(row!.value), 'base64');
    })();
    // A failed read (the database away) is tried again next time.
    key.catch(() => ofDatabase.delete(name));
    ofDatabase.set(name, key);
  }
  return key;
}

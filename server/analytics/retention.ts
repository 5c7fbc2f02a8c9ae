import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { pageViews } from '../db/schema.ts';
import { addDays } from './london.ts';

/** An arbitrary fixed key: the advisory lock held while one process purges old page views. */
export const rawPageViewsPurgeLockKey = 727_016;

/**
 * Deletes the single page views of London days more than `days` before `today`. The dashboard
 * reads only the daily totals, which stay, so its figures do not change. With several server
 * processes the one that holds the advisory lock does it and the others skip (null).
 */
export async function purgeRawPageViews(
  db: Database,
  { today, days }: { today: string; days: number },
): Promise<number | null> {
  const oldestKept = addDays(today, -days);
  return db.transaction(async (tx) => {
    // Both drivers answer with an object holding `rows`.
    const { rows } = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${rawPageViewsPurgeLockKey}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!rows[0]?.locked) return null;
    const deleted = await tx
      .delete(pageViews)
      .where(lt(pageViews.day, oldestKept))
      .returning({ id: pageViews.id });
    return deleted.length;
  });
}

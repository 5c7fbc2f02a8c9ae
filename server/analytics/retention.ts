import { lt } from 'drizzle-orm';
import { inTransactionHoldingLock, type Database } from '../db/client.ts';
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
  return inTransactionHoldingLock(db, rawPageViewsPurgeLockKey, async (tx) => {
    const deleted = await tx
      .delete(pageViews)
      .where(lt(pageViews.day, oldestKept))
      .returning({ id: pageViews.id });
    return deleted.length;
  });
}

import { lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { pageViews } from '../db/schema.ts';
import { addDays } from './london.ts';

/**
 * Deletes the single page views of London days more than `days` before `today`. The dashboard
 * reads only the daily totals, which stay, so its figures do not change. The background task
 * `page-view-retention` does it daily, in one process at a time. Answers how many went.
 */
export async function purgeRawPageViews(
  db: Database,
  { today, days }: { today: string; days: number },
): Promise<number> {
  const oldestKept = addDays(today, -days);
  const deleted = await db
    .delete(pageViews)
    .where(lt(pageViews.day, oldestKept))
    .returning({ id: pageViews.id });
  return deleted.length;
}

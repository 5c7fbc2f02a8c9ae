import { lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { enquiries, outbox } from '../db/schema.ts';

/** `months` calendar months before `now`. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Deletes the enquiries older than the retention period, with their notes and status changes
 * (which go with them), and the notifications about them (which carry their fields), in one
 * transaction. The background task `enquiry-retention` does it daily, in one process at a time;
 * running it again deletes nothing more.
 */
export async function purgeExpiredEnquiries(
  db: Database,
  { now, months }: { now: Date; months: number },
): Promise<{ enquiries: number; notifications: number }> {
  const cutoff = retentionCutoff(now, months);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(enquiries)
      .where(lt(enquiries.createdAt, cutoff))
      .returning({ id: enquiries.id });
    const notifications = await tx
      .delete(outbox)
      .where(lt(outbox.createdAt, cutoff))
      .returning({ id: outbox.id });
    return { enquiries: deleted.length, notifications: notifications.length };
  });
}

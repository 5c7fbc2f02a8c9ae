import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

/**
 * A job that could not be completed starts afresh when the office gives it to a fitter again:
 * what was recorded of the failed visit stays in its events.
 */
export async function restartJob(tx: Database, bookingId: number) {
  await tx
    .update(jobs)
    .set({
      status: 'scheduled',
      eta: null,
      onTheWayAt: null,
      arrivedAt: null,
      notCompletedReason: null,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.bookingId, bookingId), eq(jobs.status, 'not-completed')));
}

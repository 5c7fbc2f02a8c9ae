import { sql, type SQL } from 'drizzle-orm';
import type { Refund } from '#common/payments/payments.ts';
import { isoTime, selectRows, type Database } from './client.ts';
import { refunds } from './schema.ts';

// Refunds as the API shows them: read by the payments (server/payments) and by the takings
// (server/jobs/payments.ts), which the payments' domain uses, so here rather than in either.

/** A refund in the API's shape, as JSON built by the statement that reads it. */
const refundJson = sql`json_build_object('id', ${refunds.id}, 'bookingId', ${refunds.bookingId},
  'reference', ${refunds.reference}, 'amountPence', ${refunds.amountPence}, 'status', ${refunds.status},
  'failure', ${refunds.failure}, 'stripeRefundId', ${refunds.stripeRefundId},
  'paymentIntent', ${refunds.paymentIntent}, 'requestedBy', ${refunds.requestedBy},
  'requestedAt', ${isoTime(refunds.requestedAt)}, 'settledAt', ${isoTime(refunds.settledAt)})`;

/** The refunds meeting `condition`, oldest first. */
export async function selectRefunds(db: Database, condition: SQL): Promise<Refund[]> {
  const rows = await selectRows<{ refund: Refund | string }>(
    db,
    sql`select ${refundJson} as refund from ${refunds} where ${condition} order by ${refunds.id}`,
  );
  return rows.map((row) =>
    typeof row.refund === 'string' ? (JSON.parse(row.refund) as Refund) : row.refund,
  );
}

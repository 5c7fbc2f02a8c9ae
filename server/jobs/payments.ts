import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { paymentMethods, type JobPayment, type PaymentMethod } from '#common/jobs/invoice.ts';
import type { Takings } from '#common/jobs/jobs.ts';
import { addDays } from '#common/time/week.ts';
import { londonInstant } from '#common/time/london.ts';
import { formatPence } from '#common/util/money.ts';
import type { Database } from '../db/client.ts';
import { selectRefunds } from '../db/refunds.ts';
import { bookings, checkoutSessions, payments, refunds, users } from '../db/schema.ts';
import type { CheckoutPurpose, OnlineTakings } from '#common/payments/payments.ts';
import { lockBooking } from '../bookings/records.ts';
import { idempotencyConflictMessage, requestHash, sameRequest } from '../http/idempotency.ts';
import type { JobActor, JobsDependencies } from './dependencies.ts';
import { findJobRow, jobOf } from './list.ts';

type PaymentResult =
  | { status: 200 | 201; payment: JobPayment }
  | { status: 404 }
  | { status: 409; error: string }
  | { status: 400; error: string; fieldErrors: Record<string, string[]> };

const paymentColumns = {
  id: payments.id,
  method: payments.method,
  amount: payments.amountPence,
  takenAt: payments.takenAt,
  takenBy: payments.takenByName,
};

const paymentOf = (row: {
  id: number;
  method: string;
  amount: number;
  takenAt: Date;
  takenBy: string | null;
}) => ({
  ...row,
  method: row.method as PaymentMethod,
  takenAt: row.takenAt.toISOString(),
});

/**
 * Records a payment taken for a job, once per idempotency key (a repeat is answered with the
 * payment first recorded; another payment under the same key is refused). Part payments add up;
 * more than is still due is refused. A job whose invoice waits for the office's approval of its
 * price takes payments all the same: the invoice, once issued, shows them.
 */
export async function recordPayment(
  deps: JobsDependencies,
  id: number,
  input: { method: PaymentMethod; amount: number; idempotencyKey: string },
  actor: JobActor,
): Promise<PaymentResult> {
  const content = await deps.content();
  const hash = requestHash(input);
  return deps.db.transaction(async (tx): Promise<PaymentResult> => {
    const booking = await lockBooking(tx, eq(bookings.id, id));
    if (!booking || (actor.role === 'fitter' && booking.fitter?.id !== actor.id)) return { status: 404 };
    const [earlier] = await tx
      .select({ ...paymentColumns, requestHash: payments.requestHash })
      .from(payments)
      .where(and(eq(payments.bookingId, id), eq(payments.idempotencyKey, input.idempotencyKey)));
    if (earlier) {
      const { requestHash: stored, ...payment } = earlier;
      return sameRequest(stored, hash)
        ? { status: 200, payment: paymentOf(payment) }
        : { status: 409, error: idempotencyConflictMessage(input.idempotencyKey) };
    }
    if (booking.status === 'cancelled') return { status: 409, error: 'This booking was cancelled.' };
    const job = jobOf((await findJobRow(tx, id))!, content);
    const due = job.total - job.paid;
    if (input.amount > due) {
      const message =
        due <= 0 ? 'Nothing is due on this job.' : `That is more than the ${formatPence(due)} still due.`;
      return { status: 400, error: invalidFieldsMessage, fieldErrors: { amount: [message] } };
    }
    const [stored] = await tx
      .insert(payments)
      .values({
        bookingId: id,
        method: input.method,
        amountPence: input.amount,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        takenById: actor.id,
        takenByName: actor.username,
        takenAt: deps.clock(),
      })
      .returning(paymentColumns);
    return { status: 201, payment: paymentOf(stored!) };
  });
}

const noMethods = (): Record<PaymentMethod, number> =>
  Object.fromEntries(paymentMethods.map((method) => [method, 0])) as Record<PaymentMethod, number>;

/** What was taken on a London day, by fitter and method (for cashing up). */
export async function takingsOf(db: Database, date: string): Promise<Takings> {
  const from = londonInstant(date, '00:00');
  const to = londonInstant(addDays(date, 1), '00:00');
  const rows = await db
    .select({
      takenById: payments.takenById,
      // The display name as it is now, else the name kept with the payment (a deleted account's).
      takenBy: sql<string | null>`coalesce(${users.displayName}, ${payments.takenByName})`,
      method: payments.method,
      amount: sql<number>`sum(${payments.amountPence})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.takenById))
    .where(and(gte(payments.takenAt, from), lt(payments.takenAt, to)))
    .groupBy(payments.takenById, payments.takenByName, users.displayName, payments.method)
    .orderBy(sql`coalesce(${users.displayName}, ${payments.takenByName})`, payments.method);
  const byMethod = noMethods();
  const people = new Map<string, Takings['fitters'][number]>();
  for (const row of rows) {
    const method = row.method as PaymentMethod;
    byMethod[method] += row.amount;
    const key = `${row.takenById}:${row.takenBy}`;
    const person = people.get(key) ?? {
      fitter: row.takenBy === null ? null : { id: row.takenById, name: row.takenBy },
      total: 0,
      payments: 0,
      byMethod: noMethods(),
    };
    person.total += row.amount;
    person.payments += row.count;
    person.byMethod[method] += row.amount;
    people.set(key, person);
  }
  return {
    date,
    total: Object.values(byMethod).reduce((sum, amount) => sum + amount, 0),
    byMethod,
    fitters: [...people.values()],
    online: await onlineTakingsOf(db, from, to),
  };
}

/**
 * The day's payments online, with Stripe's ids, and its refunds: those Stripe made that day
 * (money out of the day) and those asked that day not yet made (pending, or refused for staff to
 * try again).
 */
async function onlineTakingsOf(db: Database, from: Date, to: Date): Promise<OnlineTakings> {
  const paid = await db
    .select({
      id: payments.id,
      bookingId: payments.bookingId,
      reference: bookings.reference,
      amountPence: payments.amountPence,
      takenAt: payments.takenAt,
      paymentIntent: payments.paymentIntent,
      purpose: sql<CheckoutPurpose>`coalesce(${checkoutSessions.purpose}, 'balance')`,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(checkoutSessions, eq(checkoutSessions.id, payments.checkoutSessionId))
    .where(and(eq(payments.method, 'online'), gte(payments.takenAt, from), lt(payments.takenAt, to)))
    .orderBy(payments.takenAt, payments.id);
  const dayRefunds = await selectRefunds(
    db,
    sql`(${refunds.settledAt} >= ${from} and ${refunds.settledAt} < ${to})
      or (${refunds.settledAt} is null and ${refunds.requestedAt} >= ${from} and ${refunds.requestedAt} < ${to})`,
  );
  return {
    payments: paid.map((payment) => ({ ...payment, takenAt: payment.takenAt.toISOString() })),
    refunds: dayRefunds,
    refunded: dayRefunds
      .filter((refund) => refund.status === 'succeeded')
      .reduce((sum, refund) => sum + refund.amountPence, 0),
  };
}

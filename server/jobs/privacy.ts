import { asc, inArray, sql } from 'drizzle-orm';
import type { SubjectJob } from '#common/jobs/jobs.ts';
import type { PaymentMethod } from '#common/jobs/invoice.ts';
import type { Database } from '../db/client.ts';
import { invoices, jobFiles, jobs, payments } from '../db/schema.ts';

/** The jobs of the given bookings, with their photos (as base64), payments and invoices. */
export async function jobsOfBookings(db: Database, bookingIds: number[]): Promise<SubjectJob[]> {
  if (bookingIds.length === 0) return [];
  const [jobRows, files, taken, issued] = await Promise.all([
    db.select().from(jobs).where(inArray(jobs.bookingId, bookingIds)),
    db
      .select({
        bookingId: jobFiles.bookingId,
        kind: jobFiles.kind,
        contentType: jobFiles.contentType,
        width: jobFiles.width,
        height: jobFiles.height,
        bytes: jobFiles.bytes,
      })
      .from(jobFiles)
      .where(inArray(jobFiles.bookingId, bookingIds))
      .orderBy(asc(jobFiles.id)),
    db.select().from(payments).where(inArray(payments.bookingId, bookingIds)).orderBy(asc(payments.id)),
    db.select().from(invoices).where(inArray(invoices.bookingId, bookingIds)).orderBy(asc(invoices.id)),
  ]);
  const ids = [...new Set([...jobRows.map((row) => row.bookingId), ...taken.map((row) => row.bookingId!)])];
  return ids.map((bookingId) => {
    const job = jobRows.find((row) => row.bookingId === bookingId);
    return {
      bookingId,
      status: job?.status ?? 'scheduled',
      record: job?.record ?? null,
      completedAt: job?.completedAt?.toISOString() ?? null,
      notCompletedReason: job?.notCompletedReason ?? null,
      photos: files
        .filter((file) => file.bookingId === bookingId)
        .map(({ bytes, bookingId: _booking, ...file }) => ({ ...file, base64: bytes.toString('base64') })),
      payments: taken
        .filter((payment) => payment.bookingId === bookingId)
        .map((payment) => ({
          method: payment.method as PaymentMethod,
          amount: payment.amountPence,
          takenAt: payment.takenAt.toISOString(),
        })),
      invoices: issued
        .filter((invoice) => invoice.bookingId === bookingId)
        .map((invoice) => invoice.document),
    };
  });
}

/**
 * An erasure's part in the accounts: invoices and credit notes must be kept for six years (HMRC),
 * so they stay, numbered and dated with their lines, VAT and totals, without the customer's name,
 * address, e-mail and phone or the vehicle. Their jobs, records and photos go with the bookings.
 */
export async function anonymiseInvoicesOf(tx: Database, bookingIds: number[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const changed = await tx
    .update(invoices)
    .set({
      document: sql`${invoices.document}
        || jsonb_build_object('customer', jsonb_build_object('name', 'Erased on request', 'address', '[]'::jsonb,
          'email', '', 'phone', ''))
        || jsonb_build_object('job', (${invoices.document} -> 'job')
          || jsonb_build_object('registration', '', 'vehicle', ''))`,
      erasedAt: sql`now()`,
    })
    .where(inArray(invoices.bookingId, bookingIds))
    .returning({ id: invoices.id });
  return changed.length;
}

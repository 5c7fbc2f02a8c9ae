import { and, asc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SubjectJob } from '#common/jobs/jobs.ts';
import type { InvoiceDocument, PaymentMethod } from '#common/jobs/invoice.ts';
import { londonDate } from '#common/time/london.ts';
import type { Database } from '../db/client.ts';
import { invoices, jobFiles, jobs, payments } from '../db/schema.ts';

/** The jobs of the given bookings, with their photos (as base64) and payments. */
export async function jobsOfBookings(db: Database, bookingIds: number[]): Promise<SubjectJob[]> {
  if (bookingIds.length === 0) return [];
  const [jobRows, files, taken] = await Promise.all([
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
  ]);
  const ids = [...new Set([...jobRows.map((row) => row.bookingId), ...taken.map((row) => row.bookingId!)])];
  return ids.map((bookingId) => {
    const job = jobRows.find((row) => row.bookingId === bookingId);
    return {
      bookingId,
      status: job?.status ?? 'scheduled',
      eta: job?.eta ?? null,
      record: job?.record ?? null,
      completedAt: job?.completedAt?.toISOString() ?? null,
      notCompletedReason: job?.notCompletedReason ?? null,
      lines: job?.lines ?? null,
      linesReason: job?.linesReason ?? null,
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
    };
  });
}

/**
 * How long an invoice keeps its customer's details: VAT records are kept six years from their
 * date (HMRC), and as accounting records a legal obligation keeps them from erasure (UK GDPR
 * article 17(3)(b)) until then.
 */
const invoiceRetentionYears = 6;

/** The instant before which invoices are past their six years. */
function invoiceRetentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - invoiceRetentionYears);
  return cutoff;
}

/** The invoices and credit notes of one person: issued to their address, or for their bookings. */
const invoicesOfPerson = (email: string, bookingIds: number[]) =>
  or(
    eq(invoices.customerEmail, email.toLowerCase()),
    bookingIds.length > 0 ? inArray(invoices.bookingId, bookingIds) : undefined,
  );

/** A person's invoices and credit notes as issued (or as kept, past six years), oldest first. */
export async function invoicesOf(
  db: Database,
  email: string,
  bookingIds: number[],
): Promise<InvoiceDocument[]> {
  const rows = await db
    .select({ document: invoices.document })
    .from(invoices)
    .where(invoicesOfPerson(email, bookingIds))
    .orderBy(asc(invoices.id));
  return rows.map((row) => row.document);
}

/**
 * Removes the customer's name, address, e-mail and phone and the vehicle from the invoices
 * `which` selects, keeping their numbers, dates, lines, VAT and totals for the accounts.
 */
async function clearCustomerDetails(tx: Database, which: SQL | undefined, name: string, now: Date) {
  const cleared = await tx
    .update(invoices)
    .set({
      document: sql`${invoices.document}
        || jsonb_build_object('customer', jsonb_build_object('name', ${name}::text, 'address', '[]'::jsonb,
          'email', '', 'phone', ''))
        || jsonb_build_object('job', (${invoices.document} -> 'job')
          || jsonb_build_object('registration', '', 'vehicle', ''))`,
      customerEmail: null,
      erasedAt: now,
    })
    .where(and(isNull(invoices.erasedAt), which))
    .returning({ id: invoices.id });
  return cleared.length;
}

/**
 * An erasure's part in the accounts. An invoice or credit note within its six years is an
 * accounting record the business must keep as issued, so it stays whole (and the answer says
 * until when); past six years its customer's details go, as the retention job would take them.
 * Jobs, records and photos go with the bookings.
 */
export async function eraseInvoicesOf(
  tx: Database,
  email: string,
  bookingIds: number[],
  now: Date,
): Promise<{ invoices: number; invoicesKeptUntil: string | null; invoicesCleared: number }> {
  const cutoff = invoiceRetentionCutoff(now);
  const mine = invoicesOfPerson(email, bookingIds);
  const invoicesCleared = await clearCustomerDetails(
    tx,
    and(mine, lt(invoices.issuedAt, cutoff)),
    erasedName,
    now,
  );
  const kept = await tx
    .select({ issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(and(mine, isNull(invoices.erasedAt), gte(invoices.issuedAt, cutoff)));
  const last = kept.length > 0 ? new Date(Math.max(...kept.map((row) => row.issuedAt.getTime()))) : null;
  if (last) last.setUTCFullYear(last.getUTCFullYear() + invoiceRetentionYears);
  return { invoices: kept.length, invoicesKeptUntil: last && londonDate(last), invoicesCleared };
}

/** What a cleared invoice names as its customer. */
const erasedName = 'Erased on request';
const expiredName = 'Removed after six years';

/**
 * The daily retention of invoices: those issued more than six years before `now` lose their
 * customer's details and keep their figures. Running it again changes nothing more.
 */
export const clearExpiredInvoiceDetails = (db: Database, now: Date) =>
  clearCustomerDetails(db, lt(invoices.issuedAt, invoiceRetentionCutoff(now)), expiredName, now);

import { and, desc, eq } from 'drizzle-orm';
import type { CustomerJobReport } from '#common/jobs/customer-report.ts';
import { bookingOfToken } from '#server/bookings/customer-link.ts';
import type { Database } from '../db/client.ts';
import { invoices, jobs } from '../db/schema.ts';
import { invoiceForPdf } from './invoices.ts';
import { renderInvoicePdf, type InvoiceLogo } from './invoice-pdf.ts';

/**
 * The customer's side of a completed job, reached through their booking's manage link only: the
 * job report and the VAT invoice, as the job report e-mail gave them.
 */

/** The job report of the booking a manage link names, once the job is completed; else null. */
export async function jobReportOfToken(db: Database, token: string): Promise<CustomerJobReport | null> {
  const booking = await bookingOfToken(db, token);
  if (!booking || booking.status !== 'completed') return null;
  const [job] = await db
    .select({ record: jobs.record, completedAt: jobs.completedAt })
    .from(jobs)
    .where(and(eq(jobs.bookingId, booking.id), eq(jobs.status, 'completed')));
  if (!job?.record || !job.completedAt) return null;
  const [invoice] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.bookingId, booking.id), eq(invoices.kind, 'invoice')))
    .orderBy(desc(invoices.id))
    .limit(1);
  return {
    record: job.record,
    completedAt: job.completedAt.toISOString(),
    invoiceNumber: invoice?.number ?? null,
  };
}

/** The VAT invoice of the booking a manage link names, as a PDF (what has been paid shown); else null. */
export async function invoicePdfOfToken(
  db: Database,
  token: string,
  logo?: () => Promise<InvoiceLogo | null>,
): Promise<{ filename: string; content: Buffer } | null> {
  const booking = await bookingOfToken(db, token);
  if (!booking) return null;
  const invoice = await invoiceForPdf(db, { bookingId: booking.id });
  if (!invoice) return null;
  return {
    filename: `${invoice.document.number}.pdf`,
    content: await renderInvoicePdf(invoice.document, invoice.paid, { logo: await logo?.() }),
  };
}

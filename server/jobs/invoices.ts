import { and, asc, eq, sql } from 'drizzle-orm';
import {
  formatInvoiceNumber,
  invoiceLines,
  paidStatus,
  type ChargedLine,
  type InvoiceDocument,
  type InvoiceKind,
  type PaidStatus,
  type PaymentMethod,
} from '#common/jobs/invoice.ts';
import { londonDate } from '#common/time/london.ts';
import type { InvoicingSettings } from '#common/jobs/invoicing-settings.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { formatPence } from '#common/util/money.ts';
import { selectRows, type Database } from '../db/client.ts';
import { bookings, invoices, payments, refunds } from '../db/schema.ts';
import { lockBooking } from '../bookings/records.ts';
import type { JobsDependencies } from './dependencies.ts';
import { renderInvoicePdf, type InvoiceLogo } from './invoice-pdf.ts';
import { findJobRow, type JobRow } from './list.ts';

/** The next number of a series, taken by the issuing transaction: no gaps, no duplicates. */
async function nextNumber(tx: Database, kind: InvoiceKind): Promise<string> {
  const [row] = await selectRows<{ last: number }>(
    tx,
    sql`insert into invoice_counters (kind, last) values (${kind}, 1)
      on conflict (kind) do update set last = invoice_counters.last + 1
      returning last`,
  );
  return formatInvoiceNumber(kind, row!.last);
}

/** The seller as invoices state it: the published business details and the invoicing settings. */
export function sellerOf(content: SiteContent, invoicing: InvoicingSettings): InvoiceDocument['seller'] {
  return {
    name: content.business.companyName,
    address: invoicing.address,
    vatNumber: invoicing.vatNumber,
    email: content.business.email,
    phone: content.business.formattedPhone,
  };
}

/** The customer as the invoice states them: where the work was done for mobile fitting. */
const customerOf = (row: JobRow): InvoiceDocument['customer'] => ({
  name: row.name,
  address: [row.addressLine, row.town, row.postcode].filter((line): line is string => Boolean(line)),
  email: row.email,
  phone: row.phone,
});

/** Issues an invoice or credit note in `tx`, numbered in its series; answers it as stored. */
export async function issueInvoice(
  tx: Database,
  {
    kind,
    row,
    lines,
    seller,
    vatRatePercent,
    now,
    supplied = now,
    credits = null,
  }: {
    kind: InvoiceKind;
    row: JobRow;
    lines: readonly ChargedLine[];
    seller: InvoiceDocument['seller'];
    /** The invoicing settings' rate; a credit note's is its invoice's. */
    vatRatePercent: number;
    now: Date;
    /** When the work was done, when earlier than the issue (an invoice held for approval). */
    supplied?: Date;
    credits?: { id: number; number: string; reason: string } | null;
  },
) {
  const number = await nextNumber(tx, kind);
  const { lines: invoiced, totals } = invoiceLines(lines, vatRatePercent);
  const document: InvoiceDocument = {
    kind,
    number,
    issuedAt: now.toISOString(),
    // The work is done, or the credit given, on the day the document is issued, unless the
    // invoice waited for the office's approval of its price.
    supplyDate: londonDate(supplied),
    credits: credits && { number: credits.number, reason: credits.reason },
    seller,
    customer: customerOf(row),
    job: {
      reference: row.reference,
      registration: row.registration,
      vehicle: row.vehicle,
      service: row.serviceTitle,
    },
    lines: invoiced,
    totals,
    vatRatePercent,
  };
  const [stored] = await tx
    .insert(invoices)
    .values({
      kind,
      number,
      bookingId: row.id,
      creditsId: credits?.id ?? null,
      document,
      grossPence: totals.grossPence,
      issuedAt: now,
      customerEmail: row.email.toLowerCase(),
    })
    .returning({ id: invoices.id });
  return { id: stored!.id, number, document };
}

/** An issued document and, for an invoice, what has been paid against it now. */
export async function invoiceForPdf(
  db: Database,
  condition: { id: number } | { bookingId: number; number?: string },
): Promise<{ document: InvoiceDocument; paid: PaidStatus } | null> {
  const [invoice] = await db
    .select({ document: invoices.document, bookingId: invoices.bookingId })
    .from(invoices)
    .where(
      'id' in condition
        ? eq(invoices.id, condition.id)
        : and(
            eq(invoices.bookingId, condition.bookingId),
            condition.number ? eq(invoices.number, condition.number) : eq(invoices.kind, 'invoice'),
          ),
    )
    .orderBy(sql`${invoices.id} desc`)
    .limit(1);
  if (!invoice) return null;
  const taken =
    invoice.bookingId === null
      ? []
      : await db
          .select({ method: payments.method, amount: payments.amountPence, takenAt: payments.takenAt })
          .from(payments)
          .where(eq(payments.bookingId, invoice.bookingId))
          .orderBy(asc(payments.id));
  const givenBack =
    invoice.bookingId === null
      ? []
      : await db
          .select({ amount: refunds.amountPence, at: refunds.settledAt })
          .from(refunds)
          .where(and(eq(refunds.bookingId, invoice.bookingId), eq(refunds.status, 'succeeded')))
          .orderBy(asc(refunds.id));
  return {
    document: invoice.document,
    paid: paidStatus(
      invoice.document.totals.grossPence,
      taken.map((payment) => ({
        method: payment.method as PaymentMethod,
        amount: payment.amount,
        takenAt: payment.takenAt.toISOString(),
      })),
      givenBack.map((refund) => ({ amount: refund.amount, at: (refund.at ?? new Date(0)).toISOString() })),
    ),
  };
}

type CreditNoteResult =
  | { status: 201; number: string; total: number }
  | { status: 404 }
  | { status: 409; error: string }
  | { status: 400; error: string; fieldErrors: Record<string, string[]> };

/**
 * A credit note against a job's invoice: in full (the invoice's own lines) unless `amount` says
 * less, and never more than what earlier credit notes left of it. The invoice itself never changes.
 */
export async function creditInvoice(
  deps: JobsDependencies,
  bookingId: number,
  { reason, amount }: { reason: string; amount?: number },
): Promise<CreditNoteResult> {
  const [content, settings] = await Promise.all([deps.content(), deps.settings()]);
  const now = deps.clock();
  return deps.db.transaction(async (tx): Promise<CreditNoteResult> => {
    const booking = await lockBooking(tx, eq(bookings.id, bookingId));
    if (!booking) return { status: 404 };
    const [invoice] = await tx
      .select({ id: invoices.id, number: invoices.number, document: invoices.document })
      .from(invoices)
      .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'invoice')))
      .orderBy(sql`${invoices.id} desc`)
      .limit(1);
    if (!invoice) return { status: 409, error: 'This job has no invoice to credit yet.' };
    const [credited] = await selectRows<{ total: number }>(
      tx,
      sql`select coalesce(sum(${invoices.grossPence}), 0)::int as total from ${invoices}
        where ${invoices.creditsId} = ${invoice.id}`,
    );
    const left = invoice.document.totals.grossPence - credited!.total;
    if (left <= 0) return { status: 409, error: `Invoice ${invoice.number} has been credited in full.` };
    const credit = amount ?? left;
    if (credit > left) {
      return {
        status: 400,
        error: invalidFieldsMessage,
        fieldErrors: { amount: [`At most ${formatPence(left)} is left to credit on ${invoice.number}.`] },
      };
    }
    const lines: ChargedLine[] =
      credit === invoice.document.totals.grossPence
        ? invoice.document.lines.map(({ description, quantity, unitPence }) => ({
            description,
            quantity,
            unitPence,
          }))
        : [{ description: `Credit: ${reason}`, quantity: 1, unitPence: credit }];
    const row = (await findJobRow(tx, bookingId))!;
    const note = await issueInvoice(tx, {
      kind: 'credit-note',
      row,
      lines,
      seller: sellerOf(content, settings.invoicing),
      vatRatePercent: invoice.document.vatRatePercent,
      now,
      credits: { id: invoice.id, number: invoice.number, reason },
    });
    return { status: 201, number: note.number, total: note.document.totals.grossPence };
  });
}

/** An issued invoice's PDF, named by its number, as the job report attaches it. */
export async function invoicePdfFile(
  db: Database,
  invoiceId: number,
  logo?: () => Promise<InvoiceLogo | null>,
) {
  const invoice = await invoiceForPdf(db, { id: invoiceId });
  if (!invoice) return null;
  return {
    filename: `${invoice.document.number}.pdf`,
    content: await renderInvoicePdf(invoice.document, invoice.paid, { logo: await logo?.() }),
  };
}

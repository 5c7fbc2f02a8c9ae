/**
 * VAT invoices and credit notes: their shapes and the one way VAT is worked out.
 *
 * Every price the business quotes includes VAT at the rate of the invoicing settings. An invoice shows each line's
 * VAT, worked out from that line's amount and rounded to the penny (half a penny up); the
 * invoice's VAT is the sum of its lines' VAT and its net total the gross total less that VAT.
 * HMRC accepts either per-line or per-invoice rounding as long as one is used consistently:
 * per line lets every line show its own VAT and keeps a credit note of some lines exact.
 */

/**
 * The VAT inside an amount that includes it at `ratePercent` (the invoicing settings' rate),
 * rounded to the penny (half up): 1/6 at 20%.
 */
export function vatIncluded(grossPence: number, ratePercent: number): number {
  return Math.round((grossPence * ratePercent) / (100 + ratePercent));
}

/** One line as an invoice shows it. Amounts in pence, VAT included unless named net. */
export type InvoiceLine = {
  description: string;
  quantity: number;
  /** The price of one, VAT included. */
  unitPence: number;
  /** quantity × unitPence. */
  grossPence: number;
  /** The VAT inside grossPence (vatIncluded). */
  vatPence: number;
  /** grossPence − vatPence. */
  netPence: number;
};

export type InvoiceTotals = { netPence: number; vatPence: number; grossPence: number };

/** A line as charged (description, quantity, price of one with VAT): what the fitter can adjust. */
export type ChargedLine = { description: string; quantity: number; unitPence: number };

/** An invoice's lines with their VAT, and its totals. */
export function invoiceLines(
  lines: readonly ChargedLine[],
  vatRatePercent: number,
): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const invoiced = lines.map((line): InvoiceLine => {
    const grossPence = line.quantity * line.unitPence;
    const vatPence = vatIncluded(grossPence, vatRatePercent);
    return { ...line, grossPence, vatPence, netPence: grossPence - vatPence };
  });
  const grossPence = invoiced.reduce((sum, line) => sum + line.grossPence, 0);
  const vatPence = invoiced.reduce((sum, line) => sum + line.vatPence, 0);
  return { lines: invoiced, totals: { netPence: grossPence - vatPence, vatPence, grossPence } };
}

export const invoiceKinds = ['invoice', 'credit-note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/** INV-000042 and CN-000007: each kind numbered in its own series, from 1, without gaps. */
const invoiceNumberPrefixes: Record<InvoiceKind, string> = { invoice: 'INV', 'credit-note': 'CN' };

export const formatInvoiceNumber = (kind: InvoiceKind, sequence: number) =>
  `${invoiceNumberPrefixes[kind]}-${String(sequence).padStart(6, '0')}`;

/**
 * An issued invoice or credit note exactly as issued: stored once and never changed (a
 * correction is a credit note). Amounts of a credit note are positive: the amount credited.
 */
export type InvoiceDocument = {
  kind: InvoiceKind;
  number: string;
  /** When it was issued (ISO 8601 instant); its London date is the invoice date. */
  issuedAt: string;
  /** The date of supply (the tax point), YYYY-MM-DD: the day the work was done. */
  supplyDate: string;
  /** For a credit note: the number of the invoice it corrects, and why. */
  credits: { number: string; reason: string } | null;
  seller: {
    name: string;
    /** Postal address, one line each. */
    address: string[];
    /** Null when issued before an owner set the business's number (see vat-number.ts). */
    vatNumber: string | null;
    email: string;
    phone: string;
  };
  customer: {
    name: string;
    /** Where the work was done or the customer's address, one line each (may be empty). */
    address: string[];
    email: string;
    phone: string;
  };
  /** The booking's reference (BK-YYMM-NNNN, or ENQ- for older ones), the vehicle and its registration. */
  job: { reference: string; registration: string; vehicle: string; service: string };
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  vatRatePercent: number;
};

/** Every way a job is paid: in person (`takenMethods`), or online through Stripe by the customer. */
export const paymentMethods = ['card', 'cash', 'bank-transfer', 'account', 'online'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The ways staff record a payment they took (POST /api/jobs/{id}/payments). */
export const takenMethods = ['card', 'cash', 'bank-transfer', 'account'] as const;
export type TakenMethod = (typeof takenMethods)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  card: 'Card',
  cash: 'Cash',
  'bank-transfer': 'Bank transfer',
  account: 'On account',
  online: 'Online',
};

/** One payment taken against a job. */
export type JobPayment = {
  id: number;
  method: PaymentMethod;
  amount: number;
  takenAt: string;
  takenBy: string | null;
};

/**
 * What has been paid against an invoice when it is shown: not part of the issued invoice (which
 * never changes), stated beside it.
 */
export type PaidStatus = {
  status: 'paid' | 'part-paid' | 'unpaid';
  paidPence: number;
  duePence: number;
  payments: Pick<JobPayment, 'method' | 'amount' | 'takenAt'>[];
  /** Card payments online refunded (money given back), each with when Stripe made it. */
  refunds: { amount: number; at: string }[];
};

/** Whether an amount is paid in full, in part or not at all, and what is still due of it. */
export function paidStateOf(grossPence: number, paidPence: number): Omit<PaidStatus, 'payments' | 'refunds'> {
  const duePence = Math.max(0, grossPence - paidPence);
  const status = paidPence <= 0 ? 'unpaid' : duePence === 0 ? 'paid' : 'part-paid';
  return { status, paidPence, duePence };
}

/** The paid status of an amount, from the payments taken against it less the refunds made. */
export function paidStatus(
  grossPence: number,
  payments: PaidStatus['payments'],
  refunds: PaidStatus['refunds'] = [],
): PaidStatus {
  const paidPence =
    payments.reduce((sum, payment) => sum + payment.amount, 0) -
    refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return { ...paidStateOf(grossPence, paidPence), payments, refunds };
}

/** How every paid amount reads, on the invoice and the job cards alike. */
export const paidInFullText = 'Paid in full';

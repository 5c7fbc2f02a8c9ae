/**
 * An issued invoice or credit note as a PDF: what the customer is sent and staff print.
 *
 * Laid out by hand rather than with pdfkit's own flowing text: every block is measured before it
 * is drawn, so a table row or the totals never split across pages and the table's header is
 * drawn again at the top of each page it continues on. Text is set in the Noto fonts, which
 * have the letters of every script a customer's name or address may be in (pdf-fonts.ts). The
 * page and its drawing primitives are in invoice-pdf-layout.ts, the table of lines in
 * invoice-pdf-lines.ts; the blocks around the table are here.
 */
import PDFDocument from 'pdfkit';
import { formatRegistration } from '#common/vehicles/registration.ts';
import {
  type InvoiceDocument,
  type PaidStatus,
  paidInFullText,
  paymentMethodLabels,
} from '#common/jobs/invoice.ts';
import { vatNumberLine } from '#common/jobs/vat-number.ts';
import { formatPence } from '#common/util/money.ts';
import {
  colours,
  contentRight,
  contentWidth,
  dateText,
  drawAccentBar,
  londonDateText,
  makeRoom,
  measure,
  rule,
  sheet,
  styles,
  titleOf,
  write,
  writeLines,
  type Canvas,
  type TextStyle,
} from './invoice-pdf-layout.ts';
import { drawLines } from './invoice-pdf-lines.ts';

/** The business's logo drawn as a PNG (server/images/brand-logo.ts), to head the document. */
export type InvoiceLogo = { png: Buffer; width: number; height: number };

/** The logo's room at the top left: its height, unless that would make it wider than this. */
const logoBox = { width: 220, height: 40 };

export async function renderInvoicePdf(
  document: InvoiceDocument,
  paid: PaidStatus,
  { logo = null }: { logo?: InvoiceLogo | null } = {},
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: sheet.top, bottom: sheet.bottom, left: sheet.left, right: sheet.right },
    // Kept until the end so that each page's footer can say how many pages there are.
    bufferPages: true,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: `${titleOf(document)} ${document.number}`,
      Author: document.seller.name,
      // pdfkit stamps the time of rendering otherwise, and derives the file's ID from this: the
      // issue time makes the same document render to the same bytes every time.
      CreationDate: new Date(document.issuedAt),
    },
  });
  const bytes = collect(pdf);
  const canvas: Canvas = { pdf, invoice: document, y: sheet.top };
  drawAccentBar(canvas);
  drawHeader(canvas, logo);
  if (document.credits) drawCredits(canvas, document.credits);
  drawParties(canvas);
  drawLines(canvas);
  drawSummary(canvas, paid);
  drawFooters(canvas);
  pdf.end();
  return bytes;
}

function collect(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

/** The logo, when there is one, above the seller's name: its height. */
function drawLogo(pdf: PDFKit.PDFDocument, logo: InvoiceLogo, y: number): number {
  const scale = Math.min(logoBox.width / logo.width, logoBox.height / logo.height);
  const size = { width: logo.width * scale, height: logo.height * scale };
  pdf.image(logo.png, sheet.left, y, size);
  return size.height;
}

/** The logo and the seller on the left; the title, number and dates on the right. */
function drawHeader(canvas: Canvas, logo: InvoiceLogo | null) {
  const { pdf, invoice } = canvas;
  const { seller } = invoice;
  const top = canvas.y;
  const sellerTop = logo ? top + drawLogo(pdf, logo, top) + 12 : top;
  const sellerLines = [
    { text: seller.name, style: { size: 15, font: 'bold', colour: colours.heading } as TextStyle },
    ...[...seller.address, seller.phone, seller.email]
      .filter(Boolean)
      .map((text) => ({ text, style: styles.muted })),
    { text: vatNumberLine(seller.vatNumber), style: styles.muted },
  ];
  const sellerHeight = writeLines(pdf, sellerLines, { x: sheet.left, y: sellerTop, width: 250 });

  const titleHeight = write(
    pdf,
    titleOf(invoice),
    { x: contentRight - 240, y: top - 2, width: 240 },
    { size: 22, font: 'bold', colour: colours.heading, align: 'right' },
  );
  const kind = invoice.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const facts = [
    [`${kind} number`, invoice.number],
    [`${kind} date`, londonDateText(invoice.issuedAt)],
    ['Date of supply', dateText(invoice.supplyDate)],
  ] as const;
  let y = top + titleHeight + 6;
  for (const [label, value] of facts) y += drawFact(pdf, label, value, y);
  canvas.y = Math.max(sellerTop + sellerHeight, y) + 16;
  rule(pdf, canvas.y, colours.rule);
  canvas.y += 16;
}

/** A label and its value on one line of the header's right-hand block. */
function drawFact(pdf: PDFKit.PDFDocument, label: string, value: string, y: number): number {
  const width = 220;
  const x = contentRight - width;
  write(pdf, label, { x, y, width: 100 }, styles.muted);
  return (
    write(pdf, value, { x: x + 100, y, width: width - 100 }, { size: 9, font: 'bold', align: 'right' }) + 2
  );
}

/** Which invoice a credit note corrects, and why, set apart above everything else. */
function drawCredits(canvas: Canvas, credits: NonNullable<InvoiceDocument['credits']>) {
  const { pdf } = canvas;
  const padding = 10;
  const width = contentWidth - 2 * padding - 4;
  const lines = [
    { text: `Credit for invoice ${credits.number}`, style: styles.heading },
    { text: `Reason: ${credits.reason}`, style: styles.body },
  ];
  const height =
    lines.reduce((sum, line) => sum + measure(pdf, line.text, width, line.style), 0) + 2 * padding;
  pdf.rect(sheet.left, canvas.y, contentWidth, height).fill(colours.band);
  pdf.rect(sheet.left, canvas.y, 4, height).fill(colours.accent);
  writeLines(pdf, lines, { x: sheet.left + 4 + padding, y: canvas.y + padding, width });
  canvas.y += height + 18;
}

/** The customer on the left, the job on the right. */
function drawParties(canvas: Canvas) {
  const { pdf, invoice } = canvas;
  const { customer, job } = invoice;
  const columnWidth = (contentWidth - 30) / 2;
  const top = canvas.y;
  const customerLines = [
    { text: 'Bill to', style: styles.heading },
    { text: customer.name, style: { ...styles.body, font: 'bold' } as TextStyle },
    ...[...customer.address, customer.email, customer.phone]
      .filter(Boolean)
      .map((text) => ({ text, style: styles.body })),
  ];
  const customerHeight = writeLines(pdf, customerLines, { x: sheet.left, y: top, width: columnWidth });

  const jobX = sheet.left + columnWidth + 30;
  let y = top + write(pdf, 'Job', { x: jobX, y: top, width: columnWidth }, styles.heading);
  const facts = [
    ['Reference', job.reference],
    ['Vehicle', job.vehicle],
    ['Registration', formatRegistration(job.registration)],
    ['Service', job.service],
  ] as const;
  for (const [label, value] of facts) {
    write(pdf, label, { x: jobX, y, width: 70 }, styles.muted);
    y += write(pdf, value, { x: jobX + 72, y, width: columnWidth - 72 }, styles.body);
  }
  canvas.y = Math.max(top + customerHeight, y) + 24;
}

/** What has been paid (or what is credited) on the left, the totals on the right, kept together. */
function drawSummary(canvas: Canvas, paid: PaidStatus) {
  const { pdf, invoice } = canvas;
  const statusWidth = 250;
  const statusLines = invoice.kind === 'invoice' ? paidLines(paid) : creditedLines(invoice);
  const statusHeight = statusLines.reduce(
    (sum, line) => sum + measure(pdf, line.text, statusWidth, line.style),
    0,
  );
  makeRoom(canvas, Math.max(statusHeight + 20, 96));
  const top = canvas.y;
  const totalsHeight = drawTotals(canvas, top);
  const statusTop = top + 2;
  pdf.rect(sheet.left, statusTop, 3, statusHeight + 12).fill(colours.accent);
  writeLines(pdf, statusLines, { x: sheet.left + 12, y: statusTop + 6, width: statusWidth });
  canvas.y = top + Math.max(totalsHeight, statusHeight + 14);
}

function drawTotals(canvas: Canvas, top: number): number {
  const { pdf, invoice } = canvas;
  const { totals } = invoice;
  const width = 210;
  const x = contentRight - width;
  const rows = [
    ['Net', formatPence(totals.netPence)],
    [`VAT at ${invoice.vatRatePercent}%`, formatPence(totals.vatPence)],
  ] as const;
  let y = top;
  for (const [label, value] of rows) {
    write(pdf, label, { x, y, width: 110 }, styles.body);
    y += write(pdf, value, { x: x + 110, y, width: width - 110 }, { ...styles.body, align: 'right' }) + 4;
  }
  y += 2;
  rule(pdf, y, colours.heading, 1, x);
  y += 7;
  const total: TextStyle = { size: 12, font: 'bold', colour: colours.heading };
  write(pdf, 'Total', { x, y, width: 110 }, total);
  y += write(
    pdf,
    formatPence(totals.grossPence),
    { x: x + 110, y, width: width - 110 },
    { ...total, align: 'right' },
  );
  return y - top;
}

type StatusLine = { text: string; style: TextStyle };

function paidLines(paid: PaidStatus): StatusLine[] {
  const headline = {
    paid: paidInFullText,
    'part-paid': `Part paid: ${formatPence(paid.paidPence)} received, ${formatPence(paid.duePence)} due`,
    unpaid: `Amount due: ${formatPence(paid.duePence)}`,
  }[paid.status];
  const payments = paid.payments.map((payment) => ({
    text: `${paymentMethodLabels[payment.method]} payment of ${formatPence(payment.amount)} on ${londonDateText(payment.takenAt)}`,
    style: styles.muted,
  }));
  const refunds = paid.refunds.map((refund) => ({
    text: `Refund to card of ${formatPence(refund.amount)} on ${londonDateText(refund.at)}`,
    style: styles.muted,
  }));
  return [{ text: headline, style: { ...styles.heading, size: 11 } }, ...payments, ...refunds];
}

function creditedLines(invoice: InvoiceDocument): StatusLine[] {
  return [
    {
      text: `Amount credited: ${formatPence(invoice.totals.grossPence)}`,
      style: { ...styles.heading, size: 11 },
    },
  ];
}

/** Each page's footer: the VAT note and where the page falls. */
function drawFooters(canvas: Canvas) {
  const { pdf, invoice } = canvas;
  const range = pdf.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    pdf.switchToPage(index);
    // The footer sits in the bottom margin, where pdfkit would otherwise start a new page.
    pdf.page.margins.bottom = 0;
    const y = sheet.height - sheet.bottom + 24;
    rule(pdf, y - 8, colours.faint, 0.5);
    const note = `Prices include VAT at ${invoice.vatRatePercent}%.`;
    write(pdf, note, { x: sheet.left, y, width: contentWidth / 2 }, { size: 8, colour: colours.muted });
    const where = `${invoice.number} · Page ${index + 1} of ${range.count}`;
    write(
      pdf,
      where,
      { x: sheet.left + contentWidth / 2, y, width: contentWidth / 2 },
      {
        size: 8,
        colour: colours.muted,
        align: 'right',
      },
    );
    pdf.page.margins.bottom = sheet.bottom;
  }
}

/**
 * The invoice PDF's page: the sheet, colours and text styles, and the few drawing primitives the
 * rest of the layout is built from. Every block is measured (`measure`) before it is drawn
 * (`write`), so that a caller can keep it whole on one page (`makeRoom`).
 */
import { dayText } from '#common/bookings/booking.ts';
import type { InvoiceDocument } from '#common/jobs/invoice.ts';
import { londonDate } from '#common/time/london.ts';
import { drawTextLines, layoutText, lineHeightOf, type Face } from './pdf-fonts.ts';

export const colours = {
  heading: '#1E293B',
  accent: '#8DC63F',
  text: '#1E293B',
  muted: '#64748B',
  rule: '#CBD5E1',
  faint: '#E2E8F0',
  band: '#F1F5F9',
};

export type TextStyle = {
  size: number;
  font?: Face;
  colour?: string;
  align?: 'left' | 'right';
};

/** A4 in points, with the room kept clear around the content. */
export const sheet = { width: 595.28, height: 841.89, left: 50, right: 50, top: 48, bottom: 64 };
export const contentWidth = sheet.width - sheet.left - sheet.right;
export const contentRight = sheet.width - sheet.right;
/** Where content stops: below it is the footer. */
const contentBottom = sheet.height - sheet.bottom;
const lineGap = 1.5;

export const styles = {
  body: { size: 9.5 },
  muted: { size: 9, colour: colours.muted },
  heading: { size: 10, font: 'bold', colour: colours.heading },
} satisfies Record<string, TextStyle>;

/** The document being drawn and how far down the current page it has got. */
export type Canvas = { pdf: PDFKit.PDFDocument; invoice: InvoiceDocument; y: number };

export const titleOf = (document: InvoiceDocument) =>
  document.kind === 'invoice' ? 'VAT invoice' : 'Credit note';

/** "28 November 2026": a calendar date as the invoice states it, without the day of the week. */
export const dateText = (date: string) => dayText(date).replace(/^\S+ /, '');
export const londonDateText = (instant: string) => dateText(londonDate(new Date(instant)));

function faceOf(style: TextStyle) {
  return { size: style.size, face: style.font ?? 'regular' } as const;
}

export function measure(pdf: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): number {
  return layoutText(pdf, text, width, faceOf(style)).length * lineHeightOf(style.size, lineGap);
}

/** Draws `text` wrapped to `width` with its top at `y`; returns its height. */
export function write(
  pdf: PDFKit.PDFDocument,
  text: string,
  at: { x: number; y: number; width: number },
  style: TextStyle,
): number {
  const lines = layoutText(pdf, text, at.width, faceOf(style));
  pdf.fillColor(style.colour ?? colours.text);
  drawTextLines(pdf, lines, { ...at, align: style.align ?? 'left', lineGap }, faceOf(style));
  return lines.length * lineHeightOf(style.size, lineGap);
}

/** Lines of text one under another; returns the height they took. */
export function writeLines(
  pdf: PDFKit.PDFDocument,
  lines: readonly { text: string; style: TextStyle }[],
  at: { x: number; y: number; width: number },
): number {
  let y = at.y;
  for (const line of lines) y += write(pdf, line.text, { ...at, y }, line.style);
  return y - at.y;
}

export function rule(
  pdf: PDFKit.PDFDocument,
  y: number,
  colour: string,
  thickness = 0.75,
  from = sheet.left,
) {
  pdf.moveTo(from, y).lineTo(contentRight, y).lineWidth(thickness).strokeColor(colour).stroke();
}

export function drawAccentBar(canvas: Canvas) {
  canvas.pdf.rect(0, 0, sheet.width, 6).fill(colours.accent);
}

function newPage(canvas: Canvas) {
  canvas.pdf.addPage();
  drawAccentBar(canvas);
  canvas.y = sheet.top;
  const { invoice } = canvas;
  canvas.y += write(
    canvas.pdf,
    `${titleOf(invoice)} ${invoice.number} (continued)`,
    { x: sheet.left, y: canvas.y, width: contentWidth },
    { size: 9, font: 'bold', colour: colours.muted },
  );
  canvas.y += 12;
}

/** Starts a new page unless `height` more fits on this one. */
export function makeRoom(canvas: Canvas, height: number): boolean {
  if (canvas.y + height <= contentBottom) return false;
  newPage(canvas);
  return true;
}

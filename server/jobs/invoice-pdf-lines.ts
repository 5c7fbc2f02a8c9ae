/**
 * The invoice PDF's table of lines: a row is never split across pages, and the table's header is
 * drawn again at the top of each page it continues on.
 */
import type { InvoiceDocument, InvoiceLine } from '#common/jobs/invoice.ts';
import { formatPence } from '#common/util/money.ts';
import {
  colours,
  contentWidth,
  makeRoom,
  measure,
  rule,
  sheet,
  styles,
  write,
  type Canvas,
  type TextStyle,
} from './invoice-pdf-layout.ts';

type Column = { title: string; width: number; align: 'left' | 'right'; cell: (line: InvoiceLine) => string };

/** The table's columns; the description takes what the figures leave. */
function columnsOf(invoice: InvoiceDocument): { x: number; column: Column }[] {
  const figures: Column[] = [
    { title: 'Qty', width: 30, align: 'right', cell: (line) => String(line.quantity) },
    {
      title: 'Unit price\n(incl. VAT)',
      width: 72,
      align: 'right',
      cell: (line) => formatPence(line.unitPence),
    },
    {
      title: `VAT\n(${invoice.vatRatePercent}%)`,
      width: 60,
      align: 'right',
      cell: (line) => formatPence(line.vatPence),
    },
    { title: 'Amount\n(incl. VAT)', width: 76, align: 'right', cell: (line) => formatPence(line.grossPence) },
  ];
  const gap = 10;
  const descriptionWidth = contentWidth - figures.reduce((sum, column) => sum + column.width + gap, 0);
  const columns: Column[] = [
    { title: 'Description', width: descriptionWidth, align: 'left', cell: (line) => line.description },
    ...figures,
  ];
  let x = sheet.left;
  return columns.map((column) => {
    const placed = { x, column };
    x += column.width + gap;
    return placed;
  });
}

const cellPadding = 6;

function drawTableHeader(canvas: Canvas, columns: ReturnType<typeof columnsOf>) {
  const { pdf } = canvas;
  const style: TextStyle = { size: 8.5, font: 'bold', colour: colours.heading };
  const textHeight = Math.max(
    ...columns.map(({ column }) => measure(pdf, column.title, column.width, style)),
  );
  const height = textHeight + 2 * cellPadding;
  pdf.rect(sheet.left, canvas.y, contentWidth, height).fill(colours.band);
  for (const { x, column } of columns) {
    // Single-line titles sit on the lower line of the two-line ones, next to the figures.
    const offset = textHeight - measure(pdf, column.title, column.width, style);
    write(
      pdf,
      column.title,
      { x, y: canvas.y + cellPadding + offset, width: column.width },
      { ...style, align: column.align },
    );
  }
  canvas.y += height;
  rule(pdf, canvas.y, colours.accent, 1.5);
  canvas.y += 1;
}

export function drawLines(canvas: Canvas) {
  const { pdf, invoice } = canvas;
  const columns = columnsOf(invoice);
  const headerHeight = 2 * measure(pdf, 'X', 100, { size: 8.5 }) + 2 * cellPadding;
  // A header is never left at the foot of a page without a line under it.
  const firstRow = invoice.lines[0] ? rowHeight(pdf, columns, invoice.lines[0]) : 0;
  makeRoom(canvas, headerHeight + firstRow);
  drawTableHeader(canvas, columns);
  for (const line of invoice.lines) {
    const height = rowHeight(pdf, columns, line);
    if (makeRoom(canvas, height)) drawTableHeader(canvas, columns);
    for (const { x, column } of columns) {
      write(
        pdf,
        column.cell(line),
        { x, y: canvas.y + cellPadding, width: column.width },
        {
          ...styles.body,
          align: column.align,
        },
      );
    }
    canvas.y += height;
    rule(pdf, canvas.y, colours.faint, 0.5);
  }
  canvas.y += 16;
}

function rowHeight(
  pdf: PDFKit.PDFDocument,
  columns: ReturnType<typeof columnsOf>,
  line: InvoiceLine,
): number {
  const heights = columns.map(({ column }) => measure(pdf, column.cell(line), column.width, styles.body));
  return Math.max(...heights) + 2 * cellPadding;
}

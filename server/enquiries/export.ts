import { once } from 'node:events';
import type { Response } from 'express';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { enquiryServiceName } from '#common/enquiries/options.ts';
import { enquiryStatusLabels } from '#common/enquiries/status.ts';
import { stripBidiControls } from '#common/util/bidi.ts';
import type { Database } from '../db/client.ts';
import { listEnquiries, type EnquiryQuery } from './read.ts';
import { formatSortableDateTime } from '#common/time/formats.ts';

/**
 * A spreadsheet cell, without the characters that reverse how text reads (stripBidiControls). One
 * that a spreadsheet would read as a formula (it begins with =, +, -, @, a tab or a carriage
 * return, once those characters are gone) is prefixed with an apostrophe, so that a customer's
 * text can never run as a formula (OWASP, CSV injection); then it is quoted as RFC 4180 asks.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = stripBidiControls(value === null || value === undefined ? '' : String(value));
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const enquiryCsvHeader = [
  'Reference',
  'Received',
  'Name',
  'Email',
  'Phone',
  'Vehicle',
  'Service',
  'Postcode',
  'Outside area',
  'Message',
  'Status',
  'Contacted',
  'Notes',
];

function enquiryCsvRow(enquiry: Enquiry): string {
  const notes = enquiry.notes
    .map((note) => `${formatSortableDateTime(note.createdAt)} ${note.author ?? 'Staff'}: ${note.text}`)
    .join('\n');
  return [
    enquiry.reference,
    formatSortableDateTime(enquiry.createdAt),
    enquiry.name,
    enquiry.email,
    enquiry.phone,
    enquiry.vehicle,
    enquiryServiceName(enquiry) ?? '',
    enquiry.postcode,
    enquiry.outsideArea ? 'Yes' : 'No',
    enquiry.message,
    enquiryStatusLabels[enquiry.status],
    enquiry.contacted ? 'Yes' : 'No',
    notes,
  ]
    .map(csvCell)
    .join(',');
}

/** Rows are read from the database this many at a time, so the export never holds them all. */
const exportPageSize = 500;

/**
 * Streams the enquiries of `filter` (newest first) as a UTF-8 CSV with a byte-order mark, which
 * Excel needs to read anything beyond ASCII. A page is read only once the previous one has been
 * taken by the connection.
 */
export async function streamEnquiriesCsv(
  db: Database,
  filter: Omit<EnquiryQuery, 'before' | 'limit'>,
  res: Response,
): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  const day = formatSortableDateTime(new Date().toISOString()).slice(0, 10);
  res.setHeader('Content-Disposition', `attachment; filename="enquiries-${day}.csv"`);
  const write = async (text: string) => {
    if (!res.write(text)) await once(res, 'drain');
  };
  await write(`\uFEFF${enquiryCsvHeader.join(',')}\r\n`);
  let before: number | undefined;
  for (;;) {
    const page = await listEnquiries(db, { ...filter, before, limit: exportPageSize });
    if (page.length > 0) await write(page.map((enquiry) => `${enquiryCsvRow(enquiry)}\r\n`).join(''));
    if (page.length < exportPageSize || res.destroyed) break;
    before = page[page.length - 1]!.id;
  }
  res.end();
}

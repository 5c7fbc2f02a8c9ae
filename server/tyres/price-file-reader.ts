import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  fixedValue,
  headerKey,
  missingColumns,
  ownColumns,
  seasonNeededMessage,
  separatorOf,
  type ColumnMapping,
  type ColumnSource,
  type MappableColumn,
} from '#common/tyres/price-file.ts';

/**
 * Reading a supplier's price file for its import (import.ts): its records one at a time as they
 * stream in, and which of its columns give each of ours.
 */

/** A file that cannot be read as a price file at all: the import fails with this message. */
export class PriceFileError extends Error {}

/** How the file is read: each column it provides by its index in the header row, and the values given for the whole file. */
export type FileColumns = { indexes: Map<MappableColumn, number>; fixed: Map<MappableColumn, string> };

export function fileColumns(headers: string[], mapping: ColumnMapping | null): FileColumns {
  const chosen = mapping ?? ownColumns(headers);
  const missing = missingColumns(chosen);
  if (missing.includes('season')) throw new PriceFileError(seasonNeededMessage);
  if (missing.length > 0) {
    throw new PriceFileError(
      mapping
        ? `The mapping does not name the columns ${missing.join(', ')}.`
        : `The file does not have our columns ${missing.join(', ')}: map its columns to ours first.`,
    );
  }
  const byKey = new Map(headers.map((header, index) => [headerKey(header), index]));
  const indexes = new Map<MappableColumn, number>();
  const fixed = new Map<MappableColumn, string>();
  for (const [column, source] of Object.entries(chosen) as [MappableColumn, ColumnSource][]) {
    const value = fixedValue(source);
    if (value !== undefined) {
      fixed.set(column, value);
      continue;
    }
    const index = byKey.get(headerKey(source as string));
    if (index === undefined)
      throw new PriceFileError(
        `The file has no column “${source as string}”, which the mapping reads for ${column}.`,
      );
    indexes.set(column, index);
  }
  return { indexes, fixed };
}

/**
 * The file's records with the line each ends on. The separator (comma or semicolon) is found
 * from the first line; a byte-order mark is skipped.
 */
export async function* priceFileRecords(
  input: Readable,
): AsyncGenerator<{ record: string[]; info: { lines: number } }> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const head: Buffer[] = [];
  let text = '';
  while (!text.includes('\n') && text.length < 64 * 1024) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(Buffer.from(next.value));
    text = Buffer.concat(head).toString('utf8');
  }
  async function* whole() {
    yield* head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  const parser = parse({
    bom: true,
    delimiter: separatorOf(text.split('\n', 1)[0] ?? ''),
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
  });
  pipeline(Readable.from(whole()), parser, () => {});
  yield* parser;
}

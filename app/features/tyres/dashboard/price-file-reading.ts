import { separatorOf } from '#common/tyres/price-file.ts';

/**
 * What the dashboard reads of a price file before sending it: its headers, to map another
 * supplier's columns onto ours, and how many rows it has, to show an import's progress. The
 * server reads the whole file again (server/tyres/import.ts); nothing here decides what is stored.
 */

/** The cells of a CSV file's header line: separated by commas or semicolons, quotes allowed. */
export function splitHeaderLine(line: string): string[] {
  const text = line.replace(/^\uFEFF/, '').replace(/\r$/, '');
  const separator = separatorOf(text);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += character;
  }
  cells.push(cell.trim());
  return cells.filter((header, index) => header !== '' || index < cells.length - 1);
}

/** The headers of `file`, from its first line (read from its first 64 kB only). */
export async function headersOf(file: Blob): Promise<string[]> {
  const start = await file.slice(0, 64 * 1024).text();
  const firstLine = start.split('\n', 1)[0] ?? '';
  return firstLine.trim() === '' ? [] : splitHeaderLine(firstLine);
}

const newline = 10;

/**
 * The rows below the header line, counted as the file streams past (a supplier's whole range
 * runs to tens of megabytes; it is never held whole). A last line without a newline counts too.
 */
export async function rowCountOf(file: Blob): Promise<number> {
  let lines = 0;
  let last = newline;
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const byte of value) if (byte === newline) lines += 1;
    if (value.length > 0) last = value[value.length - 1]!;
  }
  if (last !== newline) lines += 1;
  return Math.max(0, lines - 1);
}

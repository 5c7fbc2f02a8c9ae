import { describe, expect, it } from 'vitest';
import { headersOf, rowCountOf, splitHeaderLine } from './price-file-reading.ts';

describe('splitHeaderLine', () => {
  it('splits on commas, or on semicolons where a line has more of those, trimming each header', () => {
    expect(splitHeaderLine('ean, brand ,pattern')).toEqual(['ean', 'brand', 'pattern']);
    expect(splitHeaderLine('EAN;Marke;Profil, Name;Preis')).toEqual([
      'EAN',
      'Marke',
      'Profil, Name',
      'Preis',
    ]);
  });

  it('reads quoted headers, doubled quotes inside them, and leaves out a byte-order mark and a CR', () => {
    expect(splitHeaderLine('\uFEFF"Size, full","Say ""hi""",Cost\r')).toEqual([
      'Size, full',
      'Say "hi"',
      'Cost',
    ]);
  });

  it('drops the empty cell a trailing separator leaves, but not an empty one between headers', () => {
    expect(splitHeaderLine('a,,b,')).toEqual(['a', '', 'b']);
  });
});

describe('reading a file', () => {
  it('finds the headers on the first line and counts the rows below, with or without a last newline', async () => {
    const file = new Blob(['\uFEFFean;brand;cost\r\n1;A;10\r\n2;B;20\r\n']);
    expect(await headersOf(file)).toEqual(['ean', 'brand', 'cost']);
    expect(await rowCountOf(file)).toBe(2);
    expect(await rowCountOf(new Blob(['h\n1\n2\n3']))).toBe(3);
    expect(await rowCountOf(new Blob(['only a header\n']))).toBe(0);
    expect(await headersOf(new Blob(['']))).toEqual([]);
  });

  it('counts rows across the chunks of a large file', async () => {
    const rows = Array.from({ length: 30_000 }, (_, index) => `${index},Brand ${index},${index * 3}`);
    const file = new Blob([`ean,brand,cost\n${rows.join('\n')}\n`]);
    expect(file.size).toBeGreaterThan(64 * 1024 * 4);
    expect(await rowCountOf(file)).toBe(30_000);
  });
});

import { describe, expect, it } from 'vitest';
import {
  missingColumns,
  ownColumns,
  parseLoadIndex,
  parseNumber,
  readPriceRow,
  separatorOf,
} from './price-file.ts';

const row = {
  brand: ' Michelin ',
  pattern: 'Primacy  4+',
  width: '205',
  profile: '55',
  rim: '16',
  load_index: '91',
  speed_rating: 'v',
  season: 'summer',
  cost: '£62.40',
};

describe('reading a row', () => {
  it('reads our columns, with defaults for those left empty', () => {
    expect(readPriceRow(row)).toEqual({
      ok: true,
      tyre: {
        ean: null,
        brand: 'Michelin',
        pattern: 'Primacy 4+',
        width: 205,
        profile: 55,
        rim: 16,
        loadIndex: 91,
        speedRating: 'V',
        season: 'summer',
        runFlat: false,
        extraLoad: false,
        fuel: null,
        wet: null,
        noiseDb: null,
        noiseClass: null,
        snow: false,
        ice: false,
        costPence: 6_240,
        stock: 0,
        supplierStock: 0,
        leadDays: 1,
        partNumber: null,
        loadIndexDual: null,
        matchKey: 'michelin|primacy4|205/55R16|91|V',
      },
    });
  });

  it('understands the usual ways of writing yes, a season and an amount', () => {
    const read = readPriceRow({
      ...row,
      run_flat: 'RFT',
      extra_load: 'XL',
      snow: 'Y',
      season: 'All Season',
      cost: '62,4',
    });
    expect(read).toMatchObject({
      ok: true,
      tyre: { runFlat: true, extraLoad: true, snow: true, season: 'all-season', costPence: 6_240 },
    });
  });

  it('takes the size, load index and speed rating from one column', () => {
    expect(
      readPriceRow({
        ...row,
        width: undefined,
        profile: undefined,
        rim: undefined,
        load_index: undefined,
        speed_rating: undefined,
        size: '225/45ZR17 94Y XL',
      }),
    ).toMatchObject({
      ok: true,
      tyre: { width: 225, profile: 45, rim: 17, loadIndex: 94, speedRating: 'Y' },
    });
  });

  it.each([
    [{ brand: '' }, 'brand: missing'],
    [{ ean: '12-34' }, 'ean: “12-34” is not 8 to 14 digits'],
    [{ rim: '30' }, 'rim: 30 is not between 10 and 24'],
    [{ load_index: '89/91' }, 'load_index: “89/91” is not a load index (91, or 104/102 for a van tyre)'],
    [{ load_index: '91.5' }, 'load_index: “91.5” is not a load index (91, or 104/102 for a van tyre)'],
    [{ season: 'spring' }, 'season: “spring” is not summer, winter or all-season'],
    [{ season: '' }, 'season: missing (summer, winter or all-season)'],
    [{ stock: '18.5' }, 'stock: “18.5” is not a whole number'],
    [{ cost: '45.1255' }, 'cost: “45.1255” is not an amount in pounds, for example 45.20'],
    [{ cost: '1.234,567' }, 'cost: “1.234,567” is not an amount in pounds, for example 45.20'],
    [{ run_flat: 'maybe' }, 'run_flat: “maybe” is not yes or no'],
    [{ noise_class: 'D' }, 'noise_class: “D” is not one of A, B, C'],
    [{ cost: '0' }, 'cost: must be more than £0'],
    [{ cost: '' }, 'cost: “” is not an amount in pounds, for example 45.20'],
    [{ stock: '-2' }, 'stock: “-2” is not a whole number'],
  ])('refuses %j: %s', (change, reason) => {
    expect(readPriceRow({ ...row, ...change })).toEqual({ ok: false, reason });
  });
});

describe('what real price files carry', () => {
  it('reads a van tyre’s dual load index, from its column or the whole size', () => {
    expect(readPriceRow({ ...row, load_index: '104/102', speed_rating: 'R' })).toMatchObject({
      ok: true,
      tyre: { loadIndex: 104, loadIndexDual: 102, matchKey: 'michelin|primacy4|205/55R16|104|R' },
    });
    expect(
      readPriceRow({
        ...row,
        width: undefined,
        profile: undefined,
        rim: undefined,
        load_index: undefined,
        speed_rating: undefined,
        size: '215/65 R16C 109/107T',
      }),
    ).toMatchObject({
      ok: true,
      tyre: { width: 215, profile: 65, rim: 16, loadIndex: 109, loadIndexDual: 107, speedRating: 'T' },
    });
  });

  it('reads stock written with a decimal, amounts written the European and the British way, and the part number', () => {
    expect(
      readPriceRow({
        ...row,
        stock: '18.0',
        supplier_stock: '1.200',
        cost: '1.234,56',
        part_number: ' MI-2055516 ',
      }),
    ).toMatchObject({
      ok: true,
      tyre: { stock: 18, supplierStock: 1_200, costPence: 123_456, partNumber: 'MI-2055516' },
    });
    expect(readPriceRow({ ...row, cost: '1,234.56' })).toMatchObject({
      ok: true,
      tyre: { costPence: 123_456 },
    });
  });
});

describe('numbers as price files write them', () => {
  it.each([
    ['45.20', 45.2],
    ['45,20', 45.2],
    ['62,4', 62.4],
    ['£62.40', 62.4],
    ['18.0', 18],
    ['18,0', 18],
    ['18', 18],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1 234,56', 1234.56],
    ['12.345.678,9', 12_345_678.9],
    ['12,345,678.9', 12_345_678.9],
    ['1,234', 1234],
    ['1.234', 1234],
    ['1.234.567', 1_234_567],
  ])('reads %s as %d', (text, number) => {
    expect(parseNumber(text)).toBe(number);
  });

  it.each(['', 'x', '-2', '1,2,3', '1.2.3', '12,34.5', '1.234,5,6', '45.', ',5', '1e3'])(
    'refuses %j',
    (text) => {
      expect(parseNumber(text)).toBeNull();
    },
  );

  it('reads a load index, or a dual one whose second is the lower', () => {
    expect(parseLoadIndex('91')).toEqual({ loadIndex: 91, loadIndexDual: null });
    expect(parseLoadIndex('104/102')).toEqual({ loadIndex: 104, loadIndexDual: 102 });
    expect(parseLoadIndex('104 / 102')).toEqual({ loadIndex: 104, loadIndexDual: 102 });
    expect(parseLoadIndex('102/104')).toBeNull();
    expect(parseLoadIndex('200')).toBeNull();
  });
});

describe('columns and separators', () => {
  it('finds our columns whatever their case and spacing, and says which are missing', () => {
    const mapping = ownColumns([
      'EAN',
      'Brand',
      'Pattern',
      'Load Index',
      'speed-rating',
      'Cost',
      'Width',
      'Rim',
    ]);
    expect(mapping).toMatchObject({ ean: 'EAN', load_index: 'Load Index', speed_rating: 'speed-rating' });
    expect(missingColumns(mapping)).toEqual(['season', 'profile']);
    expect(missingColumns({ brand: 'Make', pattern: 'Tread', cost: 'Net', size: 'Size' })).toEqual([
      'season',
    ]);
    expect(
      missingColumns({
        brand: 'Make',
        pattern: 'Tread',
        cost: 'Net',
        size: 'Size',
        season: { value: 'winter' },
      }),
    ).toEqual([]);
    expect(
      missingColumns({ brand: 'Make', pattern: 'Tread', cost: 'Net', size: 'Size', season: { value: ' ' } }),
    ).toEqual(['season']);
  });

  it('takes a semicolon only where the header has more of them than commas', () => {
    expect(separatorOf('ean;brand;pattern')).toBe(';');
    expect(separatorOf('ean,brand,"Pattern; name"')).toBe(',');
  });
});

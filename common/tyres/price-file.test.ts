import { describe, expect, it } from 'vitest';
import { missingColumns, ownColumns, readPriceRow, separatorOf } from './price-file.ts';

const row = {
  brand: ' Michelin ',
  pattern: 'Primacy  4+',
  width: '205',
  profile: '55',
  rim: '16',
  load_index: '91',
  speed_rating: 'v',
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
    [{ load_index: '91/89' }, 'load_index: “91/89” is not a whole number'],
    [{ season: 'spring' }, 'season: “spring” is not summer, winter or all-season'],
    [{ run_flat: 'maybe' }, 'run_flat: “maybe” is not yes or no'],
    [{ noise_class: 'D' }, 'noise_class: “D” is not one of A, B, C'],
    [{ cost: '0' }, 'cost: must be more than £0'],
    [{ cost: '' }, 'cost: “” is not an amount in pounds, for example 45.20'],
    [{ stock: '-2' }, 'stock: “-2” is not a whole number'],
  ])('refuses %j: %s', (change, reason) => {
    expect(readPriceRow({ ...row, ...change })).toEqual({ ok: false, reason });
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
    expect(missingColumns(mapping)).toEqual(['profile']);
    expect(missingColumns({ brand: 'Make', pattern: 'Tread', cost: 'Net', size: 'Size' })).toEqual([]);
  });

  it('takes a semicolon only where the header has more of them than commas', () => {
    expect(separatorOf('ean;brand;pattern')).toBe(';');
    expect(separatorOf('ean,brand,"Pattern; name"')).toBe(',');
  });
});

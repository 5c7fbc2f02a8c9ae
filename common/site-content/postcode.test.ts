import { describe, expect, it } from 'vitest';
import { coverageOf, isPostcode, normaliseDistrict, normalisePostcode, outwardCode } from './postcode.ts';

describe('UK postcodes', () => {
  it.each([
    'RM3 0AB',
    'rm30ab',
    ' cm12  9xy ',
    'SS14 1AB',
    'SW1A 1AA',
    'W1A 0AX',
    'EC1A 1BB',
    'M1 1AE',
    'B33 8TH',
    'GIR 0AA',
  ])('accepts %j', (value) => expect(isPostcode(value)).toBe(true));

  it.each([
    '',
    'RM3',
    'RM3 0A',
    'RM3 0ABC',
    '123 4AB',
    'R 0AB',
    'RM3-0AB',
    'ABC1 0AB',
    'RM3 OAB',
    '<script>',
  ])('refuses %j', (value) => expect(isPostcode(value)).toBe(false));

  it('writes a postcode in capitals with one space before the inward code', () => {
    expect(normalisePostcode('rm30ab')).toBe('RM3 0AB');
    expect(normalisePostcode('  cm12   9xy ')).toBe('CM12 9XY');
    expect(outwardCode('sw1a1aa')).toBe('SW1A');
    expect(normaliseDistrict(' rm 3 ')).toBe('RM3');
  });
});

describe('coverage', () => {
  const covered = ['RM3', 'CM12', 'SS', 'W1'];

  it('is inside for a listed district, whatever the case and spacing', () => {
    expect(coverageOf('rm3 0ab', covered)).toEqual({ verdict: 'inside', district: 'RM3' });
    expect(coverageOf('CM129XY', covered)).toEqual({ verdict: 'inside', district: 'CM12' });
  });

  it('does not take one district for another that starts the same', () => {
    expect(coverageOf('RM14 2AB', covered)).toEqual({ verdict: 'outside', district: 'RM14' });
    expect(coverageOf('CM1 1AB', covered)).toEqual({ verdict: 'outside', district: 'CM1' });
  });

  it('covers every district of a listed area, and the sub-districts of a listed district', () => {
    expect(coverageOf('SS14 1AB', covered).verdict).toBe('inside');
    expect(coverageOf('SS0 7AA', covered).verdict).toBe('inside');
    expect(coverageOf('W1A 0AX', covered).verdict).toBe('inside');
    expect(coverageOf('SW1A 1AA', covered).verdict).toBe('outside');
  });

  it('has nothing to say about an incomplete postcode or an empty list', () => {
    expect(coverageOf('RM3', covered)).toEqual({ verdict: 'unknown' });
    expect(coverageOf('RM3 0AB', [])).toEqual({ verdict: 'unknown' });
  });

  it('reads listed districts as staff may type them', () => {
    expect(coverageOf('RM3 0AB', [' rm3 ']).verdict).toBe('inside');
  });
});

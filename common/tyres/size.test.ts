import { describe, expect, it } from 'vitest';
import {
  loadIndexText,
  loadAtLeast,
  loadCapacityKg,
  overallDiameter,
  parseTyreSize,
  sizeFromSlug,
  sizeLabel,
  sizeSlug,
  sizeText,
  speedAtLeast,
  withinDiameter,
} from './size.ts';

describe('parseTyreSize', () => {
  const plain = { width: 205, profile: 55, rim: 16, loadIndex: null, speedRating: null };

  it.each(['205/55R16', '205/55 R16', '205 55 16', '205/55/16', '205-55-r16', '2055516', ' 205 / 55 r 16 '])(
    'reads %j',
    (text) => {
      expect(parseTyreSize(text)).toEqual(plain);
    },
  );

  it('reads the load index and speed rating after the size', () => {
    expect(parseTyreSize('205/55 ZR16 91W')).toEqual({ ...plain, loadIndex: 91, speedRating: 'W' });
    expect(parseTyreSize('225/45R17 94Y')).toEqual({
      width: 225,
      profile: 45,
      rim: 17,
      loadIndex: 94,
      speedRating: 'Y',
    });
    expect(parseTyreSize('205/55 R16 91 v')).toEqual({ ...plain, loadIndex: 91, speedRating: 'V' });
    expect(parseTyreSize('205/55VR16')).toEqual(plain);
    expect(parseTyreSize('205/55R16 94V XL')).toEqual({ ...plain, loadIndex: 94, speedRating: 'V' });
    expect(parseTyreSize('225/45 R17 94Y RFT XL')).toMatchObject({
      width: 225,
      loadIndex: 94,
      speedRating: 'Y',
    });
  });

  it('reads a van tyre’s dual load index: the single-wheel one, then the dual fitment one', () => {
    expect(parseTyreSize('215/65R16C 109/107T')).toEqual({
      width: 215,
      profile: 65,
      rim: 16,
      loadIndex: 109,
      loadIndexDual: 107,
      speedRating: 'T',
    });
    expect(parseTyreSize('215/65 R16C')).toMatchObject({ width: 215, profile: 65, rim: 16, loadIndex: null });
    expect(parseTyreSize('215/65R16C 107/109T')).toBeNull();
    expect(loadIndexText({ loadIndex: 109, loadIndexDual: 107 })).toBe('109/107');
    expect(loadIndexText({ loadIndex: 91, loadIndexDual: null })).toBe('91');
  });

  it.each([
    '',
    'tyres',
    '205/55',
    '205/55R',
    '999/55R16',
    '205/10R16',
    '205/55R40',
    '205/55R16 91X',
    '205/55R16 20V',
  ])('refuses %j', (text) => {
    expect(parseTyreSize(text)).toBeNull();
  });
});

describe('writing a size', () => {
  const size = { width: 205, profile: 55, rim: 16 };

  it('as the API, the pages and the addresses write it', () => {
    expect(sizeText(size)).toBe('205/55R16');
    expect(sizeLabel(size)).toBe('205/55 R16');
    expect(sizeSlug(size)).toBe('205-55-r16');
  });

  it('reads back only the address form', () => {
    expect(sizeFromSlug('205-55-r16')).toEqual(size);
    expect(sizeFromSlug('205-55-R16')).toBeNull();
    expect(sizeFromSlug('205-55-r16-extra')).toBeNull();
    expect(sizeFromSlug('905-55-r16')).toBeNull();
  });
});

describe('overall diameter and the 3% rule', () => {
  it('is the rim plus two sidewalls', () => {
    // 16 × 25.4 = 406.4 mm of rim, and 2 × 205 × 0.55 = 225.5 mm of sidewall.
    expect(overallDiameter({ width: 205, profile: 55, rim: 16 })).toBeCloseTo(631.9, 5);
  });

  it('lets a size within 3% stand in, either way, and no further', () => {
    const size = { width: 205, profile: 55, rim: 16 };
    expect(withinDiameter(size, { width: 225, profile: 45, rim: 17 })).toBe(true);
    expect(withinDiameter(size, { width: 215, profile: 55, rim: 16 })).toBe(true);
    expect(withinDiameter(size, { width: 195, profile: 55, rim: 16 })).toBe(true);
    // 205/60R16: 652.4 mm, 3.2% larger.
    expect(withinDiameter(size, { width: 205, profile: 60, rim: 16 })).toBe(false);
    // 195/50R16: 601.4 mm, 4.8% smaller.
    expect(withinDiameter(size, { width: 195, profile: 50, rim: 16 })).toBe(false);
  });

  it('counts exactly 3% as within', () => {
    const base = { width: 200, profile: 50, rim: 15 }; // 581 mm
    const diameter = overallDiameter(base);
    const other = { width: 200, profile: 50, rim: 15 + (diameter * 0.03) / 25.4 };
    expect(withinDiameter(base, other)).toBe(true);
  });
});

describe('load and speed', () => {
  it('knows what a load index carries', () => {
    expect(loadCapacityKg(60)).toBe(250);
    expect(loadCapacityKg(91)).toBe(615);
    expect(loadCapacityKg(94)).toBe(670);
    expect(loadCapacityKg(126)).toBe(1700);
    expect(loadCapacityKg(59)).toBe(0);
  });

  it('lets a higher load index replace a lower one, never the other way', () => {
    expect(loadAtLeast(94, 91)).toBe(true);
    expect(loadAtLeast(91, 91)).toBe(true);
    expect(loadAtLeast(88, 91)).toBe(false);
  });

  it('orders speed ratings by speed, not by letter', () => {
    expect(speedAtLeast('V', 'H')).toBe(true);
    expect(speedAtLeast('H', 'V')).toBe(false);
    expect(speedAtLeast('H', 'T')).toBe(true);
    expect(speedAtLeast('U', 'H')).toBe(false);
    expect(speedAtLeast('Y', 'W')).toBe(true);
    expect(speedAtLeast('W', 'W')).toBe(true);
    expect(speedAtLeast('X', 'T')).toBe(false);
  });
});

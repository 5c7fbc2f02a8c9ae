import { describe, expect, it } from 'vitest';
import { isOneOf, oneOf, plural, wordFor } from './words.ts';

describe('words', () => {
  it('follow a count in the singular for exactly one, else in the plural, counts in thousands', () => {
    expect(plural(1, 'tyre')).toBe('1 tyre');
    expect(plural(0, 'tyre')).toBe('0 tyres');
    expect(plural(2, 'booking needs', 'bookings need')).toBe('2 bookings need');
    expect(plural(1_200, 'visit')).toBe('1,200 visits');
    expect(wordFor(1, 'day')).toBe('day');
    expect(wordFor(3, 'branch', 'branches')).toBe('branches');
  });

  it('name one of a list, or nothing', () => {
    const sorts = ['price', 'wet'] as const;
    expect(oneOf(sorts, 'wet')).toBe('wet');
    expect(oneOf(sorts, 'noise')).toBeUndefined();
    expect(oneOf(sorts, null)).toBeUndefined();
    expect(isOneOf(sorts, 'price')).toBe(true);
    expect(isOneOf(sorts, 3)).toBe(false);
  });
});

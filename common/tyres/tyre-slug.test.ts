import { describe, expect, it } from 'vitest';
import { isTyreSlug, tyrePagePath, tyreSlugBase, tyreSlugs } from './tyre-slug.ts';

const tyre = (overrides: Partial<Parameters<typeof tyreSlugs>[0][number]> = {}) => ({
  id: 1,
  brand: 'Michelin',
  pattern: 'Primacy 4+',
  width: 205,
  profile: 55,
  rim: 16,
  loadIndex: 94,
  loadIndexDual: null,
  speedRating: 'V',
  season: 'summer' as const,
  runFlat: false,
  extraLoad: false,
  ...overrides,
});

describe('a tyre’s slug', () => {
  it('is the brand, pattern, load index and speed rating, lower-case and hyphenated', () => {
    expect(tyreSlugBase(tyre())).toBe('michelin-primacy-4-plus-94v');
    expect(tyreSlugBase(tyre({ brand: 'BF Goodrich', pattern: 'g-Grip  All Season²' }))).toBe(
      'bf-goodrich-g-grip-all-season2-94v',
    );
    expect(tyreSlugBase(tyre({ brand: 'Nokian', pattern: 'Hakkapeliitta R5 (Nordic)' }))).toBe(
      'nokian-hakkapeliitta-r5-nordic-94v',
    );
  });

  it('writes a van tyre’s dual load index', () => {
    const van = tyre({
      brand: 'Continental',
      pattern: 'VanContact Winter',
      loadIndex: 109,
      loadIndexDual: 107,
      speedRating: 'R',
    });
    expect(tyreSlugBase(van)).toBe('continental-vancontact-winter-109-107r');
  });

  it('makes the page’s address', () => {
    expect(tyrePagePath({ width: 205, profile: 55, rim: 16 }, 'michelin-primacy-4-plus-94v')).toBe(
      '/tyres/205-55-r16/michelin-primacy-4-plus-94v',
    );
  });

  it('tells apart tyres of one size with the same slug: the first keeps it, a later one adds its marks, else its id', () => {
    const slugs = tyreSlugs([
      tyre({ id: 30, extraLoad: true }),
      tyre({ id: 12 }),
      tyre({ id: 40, extraLoad: true }),
      tyre({ id: 41, runFlat: true, season: 'winter' }),
      // Another size: its own address, so the same slug.
      tyre({ id: 50, rim: 17 }),
    ]);
    expect(Object.fromEntries(slugs)).toEqual({
      12: 'michelin-primacy-4-plus-94v',
      30: 'michelin-primacy-4-plus-94v-xl',
      40: 'michelin-primacy-4-plus-94v-40',
      41: 'michelin-primacy-4-plus-94v-run-flat-winter',
      50: 'michelin-primacy-4-plus-94v',
    });
  });

  it('stays the same for a tyre when a newer one of the same slug arrives, whatever the order given', () => {
    const first = tyreSlugs([tyre({ id: 7, extraLoad: true })]);
    const later = tyreSlugs([tyre({ id: 9 }), tyre({ id: 7, extraLoad: true })]);
    expect(later.get(7)).toBe(first.get(7));
    expect(later.get(9)).toBe('michelin-primacy-4-plus-94v-9');
  });

  it('is only ever lower-case words and digits joined by single hyphens', () => {
    expect(isTyreSlug('michelin-primacy-4-plus-94v')).toBe(true);
    for (const text of ['Michelin-94v', 'a--b', '-a', 'a-', 'a_b', '', 'a'.repeat(161)]) {
      expect(isTyreSlug(text)).toBe(false);
    }
  });
});

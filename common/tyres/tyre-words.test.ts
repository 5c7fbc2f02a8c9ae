import { describe, expect, it } from 'vitest';
import { speedRatings } from './size.ts';
import {
  euLabelWords,
  loadIndexWords,
  seasonWords,
  speedRatingMph,
  speedRatingWords,
  tyreClassOf,
  tyreMarkings,
} from './tyre-words.ts';

describe('what a tyre’s markings mean', () => {
  it('gives the load index as the weight each tyre carries, from the standard table', () => {
    expect(loadIndexWords({ loadIndex: 94, loadIndexDual: null })).toBe(
      'Load index 94: each tyre carries up to 670 kg.',
    );
    expect(loadIndexWords({ loadIndex: 91, loadIndexDual: null })).toBe(
      'Load index 91: each tyre carries up to 615 kg.',
    );
    expect(loadIndexWords({ loadIndex: 109, loadIndexDual: 107 })).toBe(
      'Load index 109: each tyre carries up to 1,030 kg on its own, or up to 975 kg as one of a pair of twin wheels (load index 107).',
    );
  });

  it('gives the speed rating in km/h and mph', () => {
    expect(speedRatingWords('V')).toBe('Speed rating V: made for speeds up to 240 km/h (149 mph).');
    expect(speedRatingWords('H')).toBe('Speed rating H: made for speeds up to 210 km/h (130 mph).');
    expect(speedRatingWords('Z')).toBe('Speed rating Z.');
  });

  it('has the mph of every rating, within a mile of its km/h', () => {
    for (const [rating, kmh] of Object.entries(speedRatings)) {
      const mph = speedRatingMph[rating as keyof typeof speedRatings];
      expect(Math.abs(mph - kmh / 1.609344), rating).toBeLessThan(1);
    }
  });

  it('says what each season is for', () => {
    expect(seasonWords.winter).toMatch(/^Winter tyre: .*snow/);
    expect(seasonWords['all-season']).toMatch(/^All-season tyre: one tyre all year/);
  });
});

describe('the EU label in words', () => {
  it('names each class with its scale, and the snow and ice marks the tyre has', () => {
    expect(euLabelWords({ fuel: 'C', wet: 'B', noiseDb: 72, noiseClass: 'B', snow: true, ice: false })).toBe(
      'Fuel efficiency class C (of A, best, to E). Wet grip class B (of A, best, to E). External rolling noise 72 dB, class B (of A, quietest, to C). For severe snow (three-peak mountain snowflake).',
    );
    expect(
      euLabelWords({ fuel: null, wet: 'A', noiseDb: null, noiseClass: null, snow: false, ice: true }),
    ).toBe(
      'Fuel efficiency not rated. Wet grip class A (of A, best, to E). External rolling noise not rated. For ice.',
    );
  });

  it('gives car tyres class C1 and van tyres C2', () => {
    expect(tyreClassOf({ loadIndexDual: null })).toBe('C1');
    expect(tyreClassOf({ loadIndexDual: 107 })).toBe('C2');
  });
});

describe('a tyre’s markings, as its page lists them', () => {
  it('explains its load index and speed rating, XL and run-flat when it is, and its season', () => {
    const tyre = { loadIndex: 94, loadIndexDual: null, speedRating: 'V', season: 'winter' as const };
    expect(tyreMarkings({ ...tyre, extraLoad: true, runFlat: true }).map((mark) => mark.term)).toEqual([
      '94V',
      'XL',
      'Run-flat',
      'Winter',
    ]);
    expect(tyreMarkings({ ...tyre, extraLoad: false, runFlat: false })).toEqual([
      {
        term: '94V',
        words: [
          'Load index 94: each tyre carries up to 670 kg.',
          'Speed rating V: made for speeds up to 240 km/h (149 mph).',
        ],
      },
      { term: 'Winter', words: [seasonWords.winter] },
    ]);
  });
});

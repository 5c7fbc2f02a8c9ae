import { describe, expect, it } from 'vitest';
import { makeTyreOffer } from '#tests/support/tyre-offers.ts';
import { compareOffers, type TyreLabel, type TyreOffer } from './catalogue.ts';

const label = (change: Partial<TyreLabel>): TyreLabel => ({
  fuel: 'C',
  wet: 'C',
  noiseDb: 70,
  noiseClass: 'B',
  snow: false,
  ice: false,
  ...change,
});

// A budget tyre graded D for wet grip and the cheapest, a premium graded A, a mid-range graded B.
const budget = makeTyreOffer({
  brand: 'Nankang',
  tier: 'budget',
  price: 6_999,
  label: label({ wet: 'D', fuel: 'E', noiseDb: 73 }),
});
const premium = makeTyreOffer({
  brand: 'Michelin',
  tier: 'premium',
  price: 12_999,
  label: label({ wet: 'A', fuel: 'B', noiseDb: 68 }),
});
const midRange = makeTyreOffer({
  brand: 'Hankook',
  tier: 'mid-range',
  price: 9_499,
  label: label({ wet: 'B', fuel: 'A', noiseDb: 71 }),
});
const offers = [budget, premium, midRange];
const brands = (sorted: TyreOffer[]) => sorted.map((offer) => offer.brand);

describe('the order of a size’s tyres', () => {
  it('is one order across the tiers, best first, whatever the tyre’s range', () => {
    expect(brands(offers.toSorted(compareOffers('wet')))).toEqual(['Michelin', 'Hankook', 'Nankang']);
    expect(brands(offers.toSorted(compareOffers('fuel')))).toEqual(['Hankook', 'Michelin', 'Nankang']);
    expect(brands(offers.toSorted(compareOffers('noise')))).toEqual(['Michelin', 'Hankook', 'Nankang']);
    expect(brands(offers.toSorted(compareOffers('price')))).toEqual(['Nankang', 'Hankook', 'Michelin']);
  });

  it('puts a tyre that cannot be fitted after every one that can, and one without the grade after those with it', () => {
    const gone = { ...premium, fittedFrom: null };
    const ungraded = { ...midRange, label: label({ wet: null }) };
    expect(brands([gone, budget, ungraded].toSorted(compareOffers('wet')))).toEqual([
      'Nankang',
      'Hankook',
      'Michelin',
    ]);
  });
});

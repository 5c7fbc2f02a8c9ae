import { describe, expect, it } from 'vitest';
import {
  brandKey,
  brandTierMap,
  fittedPrice,
  fittedTotal,
  fittingCharge,
  formatPence,
  roundPrice,
  tierOfBrand,
  tyrePart,
  type TyrePricing,
} from './pricing.ts';

const pricing: TyrePricing = {
  vatPercent: 20,
  rounding: 'ninety-nine',
  tiers: {
    budget: { marginPercent: 30, floorPence: 3_000 },
    'mid-range': { marginPercent: 35, floorPence: 4_500 },
    premium: { marginPercent: 40, floorPence: 6_000 },
  },
  fitting: [
    { upToRim: 16, pence: 1_500 },
    { upToRim: 18, pence: 2_000 },
    { upToRim: 20, pence: 2_500 },
  ],
};

describe('roundPrice', () => {
  it.each([
    ['penny', 4_321.2, 4_322],
    ['ten-pence', 4_321.2, 4_330],
    ['fifty-pence', 4_321.2, 4_350],
    ['pound', 4_321.2, 4_400],
    ['ninety-nine', 4_321.2, 4_399],
  ] as const)('%s: %d -> %d', (rounding, pence, expected) => {
    expect(roundPrice(pence, rounding)).toBe(expected);
  });

  it('leaves a price already on the step as it is', () => {
    expect(roundPrice(4_400, 'pound')).toBe(4_400);
    expect(roundPrice(4_399, 'ninety-nine')).toBe(4_399);
    expect(roundPrice(4_350, 'fifty-pence')).toBe(4_350);
    // 45.00 × 1.2 in floating point is 5400.000000000001.
    expect(roundPrice(4_500 * 1.2, 'pound')).toBe(5_400);
  });

  it('goes to the next .99 from a round pound', () => {
    expect(roundPrice(4_400, 'ninety-nine')).toBe(4_499);
  });
});

describe('the fully fitted price', () => {
  it('is cost plus margin plus VAT, rounded, plus the fitting charge of the rim band', () => {
    // £40.00 × 1.35 × 1.2 = £64.80 -> £64.99, plus £15 fitting for a 16-inch rim.
    expect(tyrePart(pricing, 'mid-range', 4_000)).toBe(6_499);
    expect(
      fittedPrice(pricing, { rim: 16, tier: 'mid-range', costPence: 4_000, priceOverridePence: null }),
    ).toBe(7_999);
  });

  it('is never below the tier’s floor', () => {
    // £10.00 × 1.3 × 1.2 = £15.60, below the budget floor of £30.
    expect(tyrePart(pricing, 'budget', 1_000)).toBe(3_000);
  });

  it('takes the fitting charge of the band the rim falls in, the last for larger rims', () => {
    expect(fittingCharge(pricing.fitting, 14)).toBe(1_500);
    expect(fittingCharge(pricing.fitting, 16)).toBe(1_500);
    expect(fittingCharge(pricing.fitting, 17)).toBe(2_000);
    expect(fittingCharge(pricing.fitting, 20)).toBe(2_500);
    expect(fittingCharge(pricing.fitting, 22)).toBe(2_500);
    expect(fittingCharge([], 16)).toBe(0);
    expect(fittingCharge([...pricing.fitting].reverse(), 17)).toBe(2_000);
  });

  it('is the tyre’s own price where staff set one', () => {
    expect(
      fittedPrice(pricing, { rim: 16, tier: 'premium', costPence: 9_000, priceOverridePence: 9_950 }),
    ).toBe(9_950);
  });

  it('totals the number of tyres with nothing added', () => {
    expect(fittedTotal(7_999, 2)).toBe(15_998);
    expect(fittedTotal(7_999, 4)).toBe(31_996);
  });
});

describe('tiers of brands', () => {
  const brandTiers = brandTierMap([
    { brand: 'Michelin', tier: 'premium' },
    { brand: 'BF Goodrich', tier: 'mid-range' },
  ]);

  it('finds a brand however it is written', () => {
    expect(tierOfBrand(brandTiers, 'MICHELIN')).toBe('premium');
    expect(tierOfBrand(brandTiers, 'BFGoodrich')).toBe('mid-range');
    expect(brandKey('Pirélli ')).toBe('pirelli');
  });

  it('makes a brand not on the list budget', () => {
    expect(tierOfBrand(brandTiers, 'Nobrand')).toBe('budget');
  });
});

it('writes amounts in pounds', () => {
  expect(formatPence(7_999)).toBe('£79.99');
  expect(formatPence(123_450)).toBe('£1,234.50');
});

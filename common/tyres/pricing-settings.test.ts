import { describe, expect, it } from 'vitest';
import { tyrePricingChanges } from './pricing-changes.ts';
import { defaultTyrePricing, tierFor, tyrePricingSchema } from './pricing-settings.ts';

const errorsOf = (value: unknown) => {
  const result = tyrePricingSchema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the tyre price rules', () => {
  it('accept the defaults a new site prices by', () => {
    expect(tyrePricingSchema.safeParse(defaultTyrePricing).success).toBe(true);
  });

  it('refuse negative margins, fractions of pence and tiers that do not exist', () => {
    const errors = errorsOf({
      ...defaultTyrePricing,
      tiers: { ...defaultTyrePricing.tiers, budget: { marginPercent: -5, floorPence: 10.5 } },
      brandTiers: [{ brand: 'Acme', tier: 'luxury' }],
    });
    expect(errors).toEqual({
      'tiers.budget.marginPercent': 'Cannot be negative',
      'tiers.budget.floorPence': 'Enter the lowest price in whole pence',
      'brandTiers.0.tier': 'Choose budget, mid-range or premium',
    });
  });

  it('refuse a rim band twice and a brand twice, however it is written', () => {
    const errors = errorsOf({
      ...defaultTyrePricing,
      fitting: [
        { upToRim: 16, pence: 1_200 },
        { upToRim: 16, pence: 1_500 },
      ],
      brandTiers: [
        { brand: 'Michelin', tier: 'premium' },
        { brand: ' MICHELIN ', tier: 'budget' },
      ],
    });
    expect(errors).toEqual({
      'fitting.1.upToRim': 'This rim size already has a charge',
      'brandTiers.1.brand': 'This brand is already listed',
    });
  });

  it('give each brand its tier however it is written, and others budget', () => {
    expect(tierFor(defaultTyrePricing, 'MICHELIN')).toBe('premium');
    expect(tierFor(defaultTyrePricing, 'BF Goodrich')).toBe('mid-range');
    expect(tierFor(defaultTyrePricing, 'Unheard Of')).toBe('budget');
  });
});

describe('changes to the rules, in words', () => {
  it('reads the same rules as no change', () => {
    expect(tyrePricingChanges(defaultTyrePricing, structuredClone(defaultTyrePricing))).toEqual([]);
  });

  it('names each change', () => {
    const after = {
      ...defaultTyrePricing,
      rounding: 'pound' as const,
      tiers: { ...defaultTyrePricing.tiers, 'mid-range': { marginPercent: 35, floorPence: 5_000 } },
      fitting: [{ upToRim: 24, pence: 1_500 }],
      brandTiers: [
        ...defaultTyrePricing.brandTiers.filter(
          (entry) => entry.brand !== 'Sailun' && entry.brand !== 'Toyo',
        ),
        { brand: 'Toyo', tier: 'premium' as const },
        { brand: 'Acme', tier: 'budget' as const },
      ],
    };
    expect(tyrePricingChanges(defaultTyrePricing, after)).toEqual([
      'Tyre prices: rounding Up to the next pound, less 1p (£x.99) → Up to the next pound',
      'Tyre prices: mid-range margin 30% → 35%',
      'Tyre prices: mid-range lowest price £45.00 → £50.00',
      'Tyre prices: fitting £12.00 up to 16", £15.00 up to 18", £20.00 up to 20", £25.00 up to 24" → £15.00 up to 24"',
      'Tyre prices: Toyo mid-range → premium',
      'Tyre prices: Acme added as budget',
      'Tyre prices: Sailun removed (now budget)',
    ]);
  });
});

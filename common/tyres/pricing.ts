import type { TyreSize } from './size.ts';

/**
 * The fully fitted price of a tyre, as the business sets it: the rule of the tyre's tier (cost
 * plus margin, VAT added, rounded the business's way, never below the tier's floor) plus the
 * fitting charge of its rim size band (valve, balancing and disposal of the old tyre included),
 * or the tyre's own price where staff set one. What the customer sees is what they pay: VAT
 * included, nothing added later. All amounts are in pence.
 */

export const tyreTiers = ['budget', 'mid-range', 'premium'] as const;
export type TyreTier = (typeof tyreTiers)[number];

export const tyreTierNames: Record<TyreTier, string> = {
  budget: 'Budget',
  'mid-range': 'Mid-range',
  premium: 'Premium',
};

/** How a price is rounded up: to the penny, 10p, 50p, the pound, or the pound less 1p (£x.99). */
export const roundings = ['penny', 'ten-pence', 'fifty-pence', 'pound', 'ninety-nine'] as const;
export type Rounding = (typeof roundings)[number];

export const roundingNames: Record<Rounding, string> = {
  penny: 'To the penny',
  'ten-pence': 'Up to the next 10p',
  'fifty-pence': 'Up to the next 50p',
  pound: 'Up to the next pound',
  'ninety-nine': 'Up to the next pound, less 1p (£x.99)',
};

export type TierRule = { marginPercent: number; floorPence: number };

/** The fitting charge for tyres up to `upToRim` inches (the last band covers every larger rim). */
export type FittingBand = { upToRim: number; pence: number };

export type TyrePricing = {
  vatPercent: number;
  rounding: Rounding;
  tiers: Record<TyreTier, TierRule>;
  fitting: FittingBand[];
};

/** `pence` rounded up the business's way. */
export function roundPrice(pence: number, rounding: Rounding): number {
  // A cost plus a percentage is rarely a whole number of pence; a hair of floating-point error
  // must not push a round amount up to the next step.
  const amount = Math.ceil(pence - 1e-6);
  switch (rounding) {
    case 'penny':
      return amount;
    case 'ten-pence':
      return Math.ceil(amount / 10) * 10;
    case 'fifty-pence':
      return Math.ceil(amount / 50) * 50;
    case 'pound':
      return Math.ceil(amount / 100) * 100;
    case 'ninety-nine':
      return Math.ceil((amount + 1) / 100) * 100 - 1;
  }
}

/**
 * The fitting charge of the band `rim` falls in: the band with the smallest `upToRim` that holds
 * it, else the largest band. One pass, no copy: it runs for every tyre of every search.
 */
export function fittingCharge(fitting: readonly FittingBand[], rim: number): number {
  let holding: FittingBand | undefined;
  let largest: FittingBand | undefined;
  for (const band of fitting) {
    if (rim <= band.upToRim && (!holding || band.upToRim < holding.upToRim)) holding = band;
    if (!largest || band.upToRim > largest.upToRim) largest = band;
  }
  return (holding ?? largest)?.pence ?? 0;
}

/** The tyre's part of the price, VAT included: cost plus the tier's margin, rounded, at least its floor. */
export function tyrePart(pricing: TyrePricing, tier: TyreTier, costPence: number): number {
  const rule = pricing.tiers[tier];
  const withMargin = costPence * (1 + rule.marginPercent / 100);
  const withVat = withMargin * (1 + pricing.vatPercent / 100);
  return Math.max(rule.floorPence, roundPrice(withVat, pricing.rounding));
}

type PricedTyre = Pick<TyreSize, 'rim'> & {
  tier: TyreTier;
  costPence: number;
  priceOverridePence: number | null;
};

/** The price of one tyre fully fitted, VAT included: its own price if staff set one. */
export const fittedPrice = (pricing: TyrePricing, tyre: PricedTyre) =>
  tyre.priceOverridePence ??
  tyrePart(pricing, tyre.tier, tyre.costPence) + fittingCharge(pricing.fitting, tyre.rim);

/** What `quantity` tyres cost fully fitted: the price of one times the number, nothing added. */
export const fittedTotal = (pricePence: number, quantity: number) => pricePence * quantity;

/** The quantities whose totals the results show. */
export const shownQuantities = [1, 2, 4] as const;

/** A list of brands and their tiers, keyed by `brandKey`, for `tierOfBrand`. */
export const brandTierMap = (entries: readonly { brand: string; tier: TyreTier }[]) =>
  new Map(entries.map((entry) => [brandKey(entry.brand), entry.tier]));

/** A brand's tier from the list staff keep: brands not on it are budget until staff say otherwise. */
export const tierOfBrand = (brandTiers: ReadonlyMap<string, TyreTier>, brand: string): TyreTier =>
  brandTiers.get(brandKey(brand)) ?? 'budget';

/** Brands compare without case, accents or spacing: "BF Goodrich" is "BFGoodrich". */
export const brandKey = (brand: string) =>
  brand
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();

export { formatPence } from '#common/util/money.ts';

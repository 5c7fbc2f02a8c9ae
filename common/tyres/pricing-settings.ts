// zod/mini: this module reaches the staff dashboard's bundle.
import * as z from 'zod/mini';
import { keptFor } from '#common/util/kept-for.ts';
import {
  brandKey,
  brandTierMap,
  roundings,
  tierOfBrand,
  tyreTiers,
  type TyrePricing,
  type TyreTier,
} from './pricing.ts';

/**
 * The tyre price rules owners set (the Settings tab's Tyre prices; common/settings/domains.ts):
 * rounding, each tier's margin and floor, the fitting charge of each rim size band, and which
 * tier each brand belongs to. Until an owner first changes them, tyres are priced from the
 * defaults below, so that the demo catalogue has prices on a new install. The VAT rate is the
 * invoicing settings' (common/jobs/invoicing-settings.ts).
 */

export const tyrePricingLimits = { brands: 300, bands: 10, brand: 40, marginPercent: 500, pence: 100_000 };

const pence = (what: string) =>
  z
    .number(`Enter ${what} in pence`)
    .check(
      z.int(`Enter ${what} in whole pence`),
      z.minimum(0, 'Cannot be negative'),
      z.maximum(tyrePricingLimits.pence, 'At most £1,000'),
    );

const tierRuleSchema = z.object({
  marginPercent: z
    .number('Enter the margin as a percentage')
    .check(
      z.minimum(0, 'Cannot be negative'),
      z.maximum(tyrePricingLimits.marginPercent, `At most ${tyrePricingLimits.marginPercent}%`),
    ),
  floorPence: pence('the lowest price'),
});

const tierSchema = z.enum(tyreTiers, 'Choose budget, mid-range or premium');

export const tyrePricingSchema = z
  .object({
    rounding: z.enum(roundings, 'Choose how prices are rounded'),
    tiers: z.object({
      budget: tierRuleSchema,
      'mid-range': tierRuleSchema,
      premium: tierRuleSchema,
    }),
    fitting: z
      .array(
        z.object({
          upToRim: z
            .number('Enter a rim size in inches')
            .check(
              z.int('Enter a whole number of inches'),
              z.minimum(10, 'At least 10'),
              z.maximum(24, 'At most 24'),
            ),
          pence: pence('the fitting charge'),
        }),
      )
      .check(
        z.minLength(1, 'Add at least one fitting charge'),
        z.maxLength(tyrePricingLimits.bands, `At most ${tyrePricingLimits.bands} bands`),
      ),
    brandTiers: z
      .array(
        z.object({
          brand: z.pipe(
            z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
            z
              .string()
              .check(
                z.minLength(1, 'Enter the brand'),
                z.maxLength(tyrePricingLimits.brand, `At most ${tyrePricingLimits.brand} characters`),
              ),
          ),
          tier: tierSchema,
        }),
      )
      .check(z.maxLength(tyrePricingLimits.brands, `At most ${tyrePricingLimits.brands} brands`)),
  })
  .check(
    z.superRefine((pricing, context) => {
      const seenRims = new Set<number>();
      pricing.fitting.forEach((band, index) => {
        if (seenRims.has(band.upToRim)) {
          context.issues.push({
            code: 'custom',
            input: band.upToRim,
            path: ['fitting', index, 'upToRim'],
            message: 'This rim size already has a charge',
          });
        }
        seenRims.add(band.upToRim);
      });
      const seenBrands = new Set<string>();
      pricing.brandTiers.forEach((entry, index) => {
        const key = brandKey(entry.brand);
        if (seenBrands.has(key)) {
          context.issues.push({
            code: 'custom',
            input: entry.brand,
            path: ['brandTiers', index, 'brand'],
            message: 'This brand is already listed',
          });
        }
        seenBrands.add(key);
      });
    }),
  );

export type TyrePricingSettings = z.output<typeof tyrePricingSchema>;

const brands = (tier: TyreTier, names: string[]) => names.map((brand) => ({ brand, tier }));

/**
 * A new site's rules: prices up to the next pound less 1p, fitting (valve, balancing
 * and disposal) from £12 for rims up to 16 inches, and the brands UK fitters usually sell by tier.
 */
export const defaultTyrePricing: TyrePricingSettings = {
  rounding: 'ninety-nine',
  tiers: {
    budget: { marginPercent: 25, floorPence: 3_000 },
    'mid-range': { marginPercent: 30, floorPence: 4_500 },
    premium: { marginPercent: 30, floorPence: 6_000 },
  },
  fitting: [
    { upToRim: 16, pence: 1_200 },
    { upToRim: 18, pence: 1_500 },
    { upToRim: 20, pence: 2_000 },
    { upToRim: 24, pence: 2_500 },
  ],
  brandTiers: [
    ...brands('premium', ['Michelin', 'Continental', 'Pirelli', 'Bridgestone', 'Goodyear', 'Dunlop']),
    ...brands('mid-range', [
      'Hankook',
      'Falken',
      'Toyo',
      'Kumho',
      'Nokian',
      'Uniroyal',
      'Firestone',
      'Yokohama',
      'BFGoodrich',
      'Vredestein',
      'General',
    ]),
    ...brands('budget', ['Nankang', 'Landsail', 'Sailun', 'Davanti', 'Triangle', 'Rovelo']),
  ],
};

/** The rules as the price arithmetic takes them (pricing.ts), with the invoicing's VAT rate. */
export const pricingRules = (settings: TyrePricingSettings, vatPercent: number): TyrePricing => ({
  vatPercent,
  rounding: settings.rounding,
  tiers: settings.tiers,
  fitting: settings.fitting,
});

const brandMaps = new WeakMap<TyrePricingSettings, ReadonlyMap<string, TyreTier>>();

/** The tier of `brand` by the settings' list (made into a map once per settings): others are budget. */
export const tierFor = (settings: TyrePricingSettings, brand: string): TyreTier =>
  tierOfBrand(
    keptFor(brandMaps, settings, () => brandTierMap(settings.brandTiers)),
    brand,
  );

import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import { nestedFieldErrorsOf } from '#common/http/field-errors.ts';
import { tyreTiers, type Rounding, type TyreTier } from '#common/tyres/pricing.ts';
import { tyrePricingSchema, type TyrePricingSettings } from '#common/tyres/pricing-settings.ts';
import { amountMessage, parsePounds, poundsText } from '#common/util/money.ts';

/**
 * The price rules as the form holds them while staff type: text as typed, amounts in pounds,
 * each field named as the API names it (`tiers.budget.floorPence`, `fitting.0.upToRim`), so
 * that the API's messages go under the fields they name. `settingsOf` turns them back into the
 * rules the API takes, or the message of each field that is wrong.
 */
export type PricingValues = {
  rounding: Rounding;
  tiers: Record<TyreTier, { marginPercent: string; floorPence: string }>;
  fitting: { upToRim: string; pence: string }[];
  brandTiers: { brand: string; tier: TyreTier }[];
};

export function valuesOf(settings: TyrePricingSettings): PricingValues {
  return {
    rounding: settings.rounding,
    tiers: Object.fromEntries(
      tyreTiers.map((tier) => [
        tier,
        {
          marginPercent: String(settings.tiers[tier].marginPercent),
          floorPence: poundsText(settings.tiers[tier].floorPence),
        },
      ]),
    ) as PricingValues['tiers'],
    fitting: settings.fitting.map((band) => ({
      upToRim: String(band.upToRim),
      pence: poundsText(band.pence),
    })),
    brandTiers: settings.brandTiers.map((entry) => ({ ...entry })),
  };
}

/** A number as typed ("20", "17.5"); NaN for anything else, which the schema then names. */
const numberOf = (text: string) => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

type PricingCheck =
  { ok: true; settings: TyrePricingSettings } | { ok: false; errors: Record<string, string> };

export function settingsOf(values: PricingValues): PricingCheck {
  const errors: Record<string, string> = {};
  const pence = (text: string, key: string) => {
    const amount = parsePounds(text);
    if (amount === null) errors[key] = amountMessage;
    return amount ?? Number.NaN;
  };
  const candidate = {
    rounding: values.rounding,
    tiers: Object.fromEntries(
      tyreTiers.map((tier) => [
        tier,
        {
          marginPercent: numberOf(values.tiers[tier].marginPercent),
          floorPence: pence(values.tiers[tier].floorPence, `tiers.${tier}.floorPence`),
        },
      ]),
    ),
    fitting: values.fitting.map((band, index) => ({
      upToRim: numberOf(band.upToRim),
      pence: pence(band.pence, `fitting.${index}.pence`),
    })),
    brandTiers: values.brandTiers.map(({ brand, tier }) => ({ brand, tier })),
  };
  const parsed = z.safeParse(tyrePricingSchema, candidate);
  if (!parsed.success) {
    for (const [key, messages] of Object.entries(nestedFieldErrorsOf(parsed.error))) {
      errors[key] ??= messages[0]!;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, settings: parsed.data };
}

/**
 * The form's check: the rules the API applies, with amounts read as pounds first (a check of its
 * own, as the schema takes pence). A list's own message (`fitting`) goes to the list's `root`.
 */
export const pricingResolver: Resolver<PricingValues, unknown, TyrePricingSettings> = (
  values,
  _context,
  options,
) => {
  const result = settingsOf(values);
  if (result.ok) return { values: result.settings, errors: {} };
  const errors = Object.fromEntries(
    Object.entries(result.errors).map(([key, message]): [string, FieldError] => [
      key,
      { type: 'rules', message },
    ]),
  );
  return { values: {}, errors: toNestErrors<PricingValues>(errors, options) };
};

/** The fields the API may name in a refusal, as the form's values name them. */
export function pricingFieldNames(values: PricingValues): string[] {
  return [
    'rounding',
    ...tyreTiers.flatMap((tier) => [`tiers.${tier}.marginPercent`, `tiers.${tier}.floorPence`]),
    'fitting',
    ...values.fitting.flatMap((_, index) => [`fitting.${index}.upToRim`, `fitting.${index}.pence`]),
    'brandTiers',
    ...values.brandTiers.flatMap((_, index) => [`brandTiers.${index}.brand`, `brandTiers.${index}.tier`]),
  ];
}

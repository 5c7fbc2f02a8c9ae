import * as z from 'zod/mini';
import { nestedFieldErrorsOf } from '#common/http/field-errors.ts';
import { tyreTiers, type Rounding, type TyreTier } from '#common/tyres/pricing.ts';
import { tyrePricingSchema, type TyrePricingSettings } from '#common/tyres/pricing-settings.ts';
import { amountMessage, parsePounds, poundsText } from '#common/util/money.ts';

/**
 * The price rules as the form holds them while staff type: text as typed, amounts in pounds,
 * each list row with a key of its own (rows come and go). `settingsOf` turns it back into the
 * rules the API takes, or the message of each field that is wrong, keyed as the API keys them
 * (`tiers.budget.floorPence`, `fitting.0.upToRim`).
 */
export type PricingDraft = {
  rounding: Rounding;
  tiers: Record<TyreTier, { marginPercent: string; floor: string }>;
  fitting: { key: number; upToRim: string; charge: string }[];
  brandTiers: { key: number; brand: string; tier: TyreTier }[];
};

let nextKey = 1;
/** A key for a new list row, unique within the page. */
export const rowKey = () => nextKey++;

export function draftOf(settings: TyrePricingSettings): PricingDraft {
  return {
    rounding: settings.rounding,
    tiers: Object.fromEntries(
      tyreTiers.map((tier) => [
        tier,
        {
          marginPercent: String(settings.tiers[tier].marginPercent),
          floor: poundsText(settings.tiers[tier].floorPence),
        },
      ]),
    ) as PricingDraft['tiers'],
    fitting: settings.fitting.map((band) => ({
      key: rowKey(),
      upToRim: String(band.upToRim),
      charge: poundsText(band.pence),
    })),
    brandTiers: settings.brandTiers.map((entry) => ({ key: rowKey(), ...entry })),
  };
}

/** A number as typed ("20", "17.5"); NaN for anything else, which the schema then names. */
const numberOf = (text: string) => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

export type DraftResult =
  { ok: true; settings: TyrePricingSettings } | { ok: false; errors: Record<string, string> };

export function settingsOf(draft: PricingDraft): DraftResult {
  const errors: Record<string, string> = {};
  const pence = (text: string, key: string) => {
    const amount = parsePounds(text);
    if (amount === null) errors[key] = amountMessage;
    return amount ?? Number.NaN;
  };
  const candidate = {
    rounding: draft.rounding,
    tiers: Object.fromEntries(
      tyreTiers.map((tier) => [
        tier,
        {
          marginPercent: numberOf(draft.tiers[tier].marginPercent),
          floorPence: pence(draft.tiers[tier].floor, `tiers.${tier}.floorPence`),
        },
      ]),
    ),
    fitting: draft.fitting.map((band, index) => ({
      upToRim: numberOf(band.upToRim),
      pence: pence(band.charge, `fitting.${index}.pence`),
    })),
    brandTiers: draft.brandTiers.map(({ brand, tier }) => ({ brand, tier })),
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

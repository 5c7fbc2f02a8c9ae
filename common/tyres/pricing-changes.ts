import { brandKey, formatPence, roundingNames, tyreTierNames, tyreTiers } from './pricing.ts';
import type { TyrePricingSettings } from './pricing-settings.ts';

/** What changed in the tyre price rules, in words: "Tyre prices: mid-range margin 30% → 35%". */
export function tyrePricingChanges(before: TyrePricingSettings, after: TyrePricingSettings): string[] {
  const changes: string[] = [];
  const change = (what: string, was: string, is: string) => {
    if (was !== is) changes.push(`Tyre prices: ${what} ${was} → ${is}`);
  };
  change('rounding', roundingNames[before.rounding], roundingNames[after.rounding]);
  for (const tier of tyreTiers) {
    const name = tyreTierNames[tier].toLowerCase();
    change(`${name} margin`, `${before.tiers[tier].marginPercent}%`, `${after.tiers[tier].marginPercent}%`);
    change(
      `${name} lowest price`,
      formatPence(before.tiers[tier].floorPence),
      formatPence(after.tiers[tier].floorPence),
    );
  }
  const bands = (settings: TyrePricingSettings) =>
    [...settings.fitting]
      .sort((a, b) => a.upToRim - b.upToRim)
      .map((band) => `${formatPence(band.pence)} up to ${band.upToRim}"`)
      .join(', ');
  change('fitting', bands(before), bands(after));
  const wasTiers = new Map(before.brandTiers.map((entry) => [brandKey(entry.brand), entry]));
  const isTiers = new Map(after.brandTiers.map((entry) => [brandKey(entry.brand), entry]));
  for (const [key, entry] of isTiers) {
    const was = wasTiers.get(key);
    if (!was) changes.push(`Tyre prices: ${entry.brand} added as ${tyreTierNames[entry.tier].toLowerCase()}`);
    else change(entry.brand, tyreTierNames[was.tier].toLowerCase(), tyreTierNames[entry.tier].toLowerCase());
  }
  for (const [key, entry] of wasTiers) {
    if (!isTiers.has(key)) changes.push(`Tyre prices: ${entry.brand} removed (now budget)`);
  }
  return changes;
}

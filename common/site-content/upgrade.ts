import { keyedPriceLines, priceAmount } from './facts.ts';
import { fillTokensIn } from './tokens.ts';
import { seedInfoPages } from './info-pages-seed.ts';
import { seedSiteContent } from './seed.ts';
import { defaultSiteSettings } from './site-settings.ts';

type Line = { key?: string; name?: unknown };
type Stored = {
  services?: { key?: unknown; pricing?: Line[] }[];
  homePricing?: { groups?: { title?: unknown; items?: Line[] }[] };
  infoPages?: unknown;
};

const isStored = (value: unknown): value is Stored & Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A version stored before the texts of the MOT, servicing, about and contact pages were part of
 * the site content gets them as the site showed them then: the first version's texts. The prices
 * they name are the document's own lines where these are still there (found by their name in
 * the same service or price group, and given the key the texts use), else the amounts the texts
 * stated before.
 */
export function withInfoPages(stored: unknown): unknown {
  if (!isStored(stored) || stored.infoPages !== undefined) return stored;
  const document = structuredClone(stored);
  const seed = seedSiteContent(defaultSiteSettings);
  const missing: Record<string, string> = {};
  for (const { line, path } of keyedPriceLines(seed)) {
    const lines =
      path[0] === 'services'
        ? document.services?.find((service) => service.key === seed.services[path[1] as number]!.key)?.pricing
        : document.homePricing?.groups?.find(
            (group) => group.title === seed.homePricing.groups[path[2] as number]!.title,
          )?.items;
    const found = lines?.find((entry) => entry.name === line.name && entry.key === undefined);
    if (found) found.key = line.key;
    else missing[`price:${line.key}`] = priceAmount(line.price);
  }
  return { ...document, infoPages: fillTokensIn(seedInfoPages(), missing) };
}

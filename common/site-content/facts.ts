import type { SiteContent } from './document.ts';
import type { Tokens } from './tokens.ts';
import { isOneOf } from '#common/util/words.ts';

// The facts are worked out and checked here, on the server (the pages' load context and loaders)
// and by the editor and the API; tokens.ts fills them in.

/** The names a text of the site content may hold, besides `{price:…}`. */
export const factNames = [
  'companyName',
  'phone',
  'formattedPhone',
  'email',
  'radiusMiles',
  'baseTown',
  'branchesAnd',
  'branchesOr',
  'otherAreas',
] as const;

/** "£80" of "From £80", "£12.50" of "£12.50 per tyre"; the whole text when it names no amount ("Included"). */
export function priceAmount(price: string): string {
  return /£\s*\d[\d,]*(?:\.\d{1,2})?/.exec(price)?.[0] ?? price;
}

type PricedContent = Pick<SiteContent, 'services' | 'homePricing'>;

/** Every price line that texts can name (those with a key), with where it is. */
export function keyedPriceLines(content: PricedContent) {
  return [
    ...content.services.flatMap((service, index) =>
      service.pricing.map((line, position) => ({ line, path: ['services', index, 'pricing', position] })),
    ),
    ...content.homePricing.groups.flatMap((group, index) =>
      group.items.map((line, position) => ({
        line,
        path: ['homePricing', 'groups', index, 'items', position],
      })),
    ),
  ].filter(({ line }) => line.key);
}

/**
 * The business facts the texts name by token, from the published content, so that a change in
 * the Content tab reaches every page: the business details, {radiusMiles} (the covered radius),
 * {baseTown} (the first area, where the business is based), {branchesAnd} ("Harold Hill and
 * Upminster"), {branchesOr} ("Harold Hill or Upminster"), {otherAreas} (the areas after the first: "Harold
 * Hill, Upminster and Romford") and `{price:KEY}`, the amount of the
 * price line with that key.
 */
export function contentFacts(
  content: Pick<SiteContent, 'areas' | 'branches' | 'business'> & PricedContent,
): Tokens {
  const branches = content.branches.map((branch) => branch.name);
  const { companyName, phone, formattedPhone, email } = content.business;
  return {
    companyName,
    phone,
    formattedPhone,
    email,
    radiusMiles: content.areas.radiusMiles,
    baseTown: content.areas.regions[0],
    branchesAnd: new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(branches),
    branchesOr: new Intl.ListFormat('en-GB', { type: 'disjunction' }).format(branches),
    otherAreas: new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(content.areas.regions.slice(1)),
    ...Object.fromEntries(
      keyedPriceLines(content).map(({ line }) => [`price:${line.key}`, priceAmount(line.price)]),
    ),
  };
}

/** Every text of `value` with where it is. */
function textsIn(value: unknown, path: PropertyKey[] = []): { text: string; path: PropertyKey[] }[] {
  if (typeof value === 'string') return [{ text: value, path }];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsIn(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) => textsIn(entry, [...path, key]));
  }
  return [];
}

/**
 * Texts that name a fact the content does not have: `{price:mot}` once no price line has the key
 * `mot`, or a misspelt name. Published as they are, the page would show the braces.
 */
export function unknownFacts(content: PricedContent): { path: PropertyKey[]; message: string }[] {
  const prices = new Set(keyedPriceLines(content).map(({ line }) => line.key));
  const problems: { path: PropertyKey[]; message: string }[] = [];
  for (const { text, path } of textsIn(content)) {
    for (const [token, name] of text.matchAll(/\{([^{}\s]{1,60})\}/g)) {
      if (name!.startsWith('price:')) {
        if (!prices.has(name!.slice('price:'.length))) {
          problems.push({
            path,
            message: `No price has the name ${token}: keep the price it named, or write the amount instead`,
          });
        }
      } else if (!isOneOf(factNames, name)) {
        problems.push({
          path,
          message: `${token} is not a name the site knows: use ${factNames.map((known) => `{${known}}`).join(', ')} or {price:…}`,
        });
      }
    }
  }
  return problems;
}

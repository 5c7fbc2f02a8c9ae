import type { SiteContent } from './site-content.ts';
import type { SiteSettings } from './site-settings.ts';

/** The business details long texts of the site content may name (pages and e-mails). */
export type TokenValues = Pick<SiteSettings, 'companyName' | 'phone' | 'formattedPhone' | 'email'>;

/** Values of the tokens a text may hold, by name: `{radiusMiles}` is replaced by `values.radiusMiles`. */
export type Tokens = Readonly<Record<string, string | number | undefined>>;

/**
 * Replaces the tokens of `values` in `text`: the business details ({companyName}, {phone},
 * {formattedPhone}, {email}) and whatever else `values` names ({radiusMiles}, ...). A token it
 * does not name stays as it is.
 */
export function fillTokens(text: string, values: TokenValues | Tokens): string {
  const known = values as Tokens;
  return text.replace(/\{(\w+)\}/g, (token, name: string) => {
    const value = Object.hasOwn(known, name) ? known[name] : undefined;
    return value === undefined || typeof value === 'object' ? token : String(value);
  });
}

/** `fillTokens` on every text in `value` (objects and lists, however deep). */
export function fillTokensIn<Value>(value: Value, values: TokenValues | Tokens): Value {
  const fill = (item: unknown): unknown => {
    if (typeof item === 'string') return fillTokens(item, values);
    if (Array.isArray(item)) return item.map(fill);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, fill(entry)]));
    }
    return item;
  };
  return fill(value) as Value;
}

const andList = new Intl.ListFormat('en-GB', { type: 'conjunction' });
const orList = new Intl.ListFormat('en-GB', { type: 'disjunction' });

/**
 * The business facts the pages' fixed texts name by token, from the published content, so that
 * a change in the Content tab reaches them: {radiusMiles} (the covered radius), {baseTown} (the
 * first area, where the business is based), {branchesAnd} ("Harold Hill and Upminster") and
 * {branchesOr} ("Harold Hill or Upminster").
 */
export function contentFacts(content: Pick<SiteContent, 'areas' | 'branches'>): Tokens {
  const branches = content.branches.map((branch) => branch.name);
  return {
    radiusMiles: content.areas.radiusMiles,
    baseTown: content.areas.regions[0],
    branchesAnd: andList.format(branches),
    branchesOr: orList.format(branches),
  };
}

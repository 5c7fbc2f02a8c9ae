import type { SiteContent } from './site-content.ts';

/** Values of the tokens a text may hold, by name: `{radiusMiles}` is replaced by `values.radiusMiles`. */
export type Tokens = Readonly<Record<string, string | number | undefined>>;

// Apart from tokens.ts, which the public pages' scripts import: the facts are read by loaders on
// the server only, and nothing here runs when the module loads.

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
    branchesAnd: new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(branches),
    branchesOr: new Intl.ListFormat('en-GB', { type: 'disjunction' }).format(branches),
  };
}

/** Replaces the tokens `values` names in every text of `value` (objects and lists, however deep); others stay. */
export function fillFactsIn<Value>(value: Value, values: Tokens): Value {
  const fillText = (text: string) =>
    text.replace(/\{(\w+)\}/g, (token, name: string) =>
      Object.hasOwn(values, name) && values[name] !== undefined ? String(values[name]) : token,
    );
  const fill = (item: unknown): unknown => {
    if (typeof item === 'string') return fillText(item);
    if (Array.isArray(item)) return item.map(fill);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, fill(entry)]));
    }
    return item;
  };
  return fill(value) as Value;
}

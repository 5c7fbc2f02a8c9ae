import type { SiteSettings } from './site-settings.ts';

/**
 * The one filler of `{tokens}` in texts: the business details in pages and e-mails (`{phone}`),
 * and the facts of the published content (facts.ts: `{radiusMiles}`, `{price:mot}`). Kept apart
 * from facts.ts because the public pages' scripts import it.
 */

/** Values of the tokens a text may hold, by name: `{radiusMiles}` is replaced by `values.radiusMiles`. */
export type Tokens = Readonly<Record<string, string | number | undefined>>;

/** The business details long texts of the site content may name (pages and e-mails). */
export type TokenValues = Pick<SiteSettings, 'companyName' | 'phone' | 'formattedPhone' | 'email'>;

/** A token in a text: `{baseTown}`, or `{price:mot}` for the price line whose key is `mot`. */
const tokenPattern = /\{(\w+|price:[a-z0-9]+(?:-[a-z0-9]+)*)\}/g;

/**
 * Where the values of tokens come from: `Tokens`, or any record of them such as the site's
 * settings, whose texts and numbers are the values (anything else a token names is not one).
 */
type TokenSource = Readonly<Record<string, unknown>>;

/** Replaces the tokens `values` names in `text`; any other stays as it is written. */
export function fillTokens(text: string, values: TokenSource): string {
  return text.replace(tokenPattern, (token, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : token;
  });
}

/** `fillTokens` on every text in `value` (objects and lists, however deep). */
export function fillTokensIn<Value>(value: Value, values: TokenSource): Value {
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

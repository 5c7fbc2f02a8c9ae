import type { SiteSettings } from './site-settings.ts';

/** The business details long texts of the site content may name (pages and e-mails). */
export type TokenValues = Pick<SiteSettings, 'companyName' | 'phone' | 'formattedPhone' | 'email'>;

/** Replaces {companyName}, {phone}, {formattedPhone} and {email} in text with the business details. */
export function fillTokens(text: string, site: TokenValues): string {
  return text.replace(/\{(companyName|phone|formattedPhone|email)\}/g, (_match, key: keyof TokenValues) =>
    String(site[key]),
  );
}

/** `fillTokens` on every text in `value` (objects and lists, however deep). */
export function fillTokensIn<Value>(value: Value, site: TokenValues): Value {
  const fill = (item: unknown): unknown => {
    if (typeof item === 'string') return fillTokens(item, site);
    if (Array.isArray(item)) return item.map(fill);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, fill(entry)]));
    }
    return item;
  };
  return fill(value) as Value;
}

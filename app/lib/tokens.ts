import type { SiteSettings } from '#common/site-settings.ts';

/** Replaces {companyName}, {phone}, {formattedPhone} and {email} in text with the settings. */
export function fillTokens(text: string, site: SiteSettings): string {
  return text.replace(/\{(companyName|phone|formattedPhone|email)\}/g, (_match, key: keyof SiteSettings) =>
    String(site[key]),
  );
}

/** `fillTokens` on every text in `value` (objects and lists, however deep). */
export function fillTokensIn<Value>(value: Value, site: SiteSettings): Value {
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

import type { SiteSettings } from '#common/site-settings.ts';

/** Replaces {companyName}, {phone}, {formattedPhone} and {email} in static text with the settings. */
export function fillTokens(text: string, site: SiteSettings): string {
  return text.replace(/\{(companyName|phone|formattedPhone|email)\}/g, (_match, key: keyof SiteSettings) =>
    String(site[key]),
  );
}

import { useRouteLoaderData } from 'react-router';
import { defaultSiteSettings, type SiteSettings } from '#common/site-content/site-settings.ts';
import type { RootData } from '#app/lib/root-data.ts';

/** The site settings the server resolved (environment overrides included), from the root loader. */
export function useSiteSettings(): SiteSettings {
  return useRouteLoaderData<RootData>('root')?.site ?? defaultSiteSettings;
}

/** CSS custom properties that carry the brand settings into the stylesheet's theme. */
export function brandStyle(site: SiteSettings): Record<string, string> {
  return {
    '--color-brand': site.primaryColor,
    '--color-ink': site.secondaryColor,
    '--color-accent': site.accentColor,
    '--font-heading': `'${site.fontHeading} Variable', '${site.fontHeading}', ui-sans-serif, system-ui, sans-serif`,
    '--font-sans': `'${site.fontBody} Variable', '${site.fontBody}', ui-sans-serif, system-ui, sans-serif`,
  };
}

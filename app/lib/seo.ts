import type { MetaDescriptor } from 'react-router';
import type { SiteSettings } from '#common/site-content/site-settings.ts';
import { fillTokens } from '#common/site-content/tokens.ts';

/** What a page says about itself to search engines and link previews (title, description, canonical address). */
type PageSeo = {
  path: string;
  title: string;
  description: string;
  keywords?: readonly string[];
  type?: 'website' | 'service';
  noindex?: boolean;
};

type RootData = { site: SiteSettings; publicUrl: string };

export const homeSeo: PageSeo = {
  path: '/',
  title: 'Mobile Tyre Fitting in South Essex & East London',
  // The home page's loader names the branches of the published content (homeSeoWith).
  description:
    'Mobile tyre fitting, puncture repair, wheel balancing and TPMS services at your home, work or roadside, plus MOTs and servicing at our branches.',
  keywords: ['mobile tyre fitting', 'puncture repair', 'tyres Essex'],
  type: 'website',
};

/**
 * The home page's entry with the places of the published content: its description names the
 * branches ("… in Harold Hill and Upminster."), its keywords the base town and the branches.
 */
export function homeSeoWith(facts: {
  branchesAnd: string;
  baseTown: string;
  branches: readonly string[];
}): PageSeo {
  return {
    ...homeSeo,
    description: homeSeo.description.replace('at our branches.', `in ${facts.branchesAnd}.`),
    keywords: [
      ...homeSeo.keywords!,
      `mobile tyres ${facts.baseTown}`,
      ...facts.branches.flatMap((branch) => [`MOT ${branch}`, `car servicing ${branch}`]),
    ],
  };
}

function rootData(matches: readonly ({ id: string; data?: unknown } | undefined)[]): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.data as RootData | undefined;
}

/** The meta tags of a page; pages without an entry of their own fall back to the home entry. */
export function pageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  seo: PageSeo = homeSeo,
  extra: (root: RootData) => MetaDescriptor[] = () => [],
): MetaDescriptor[] {
  const root = rootData(matches);
  if (!root) return [{ title: seo.title }];
  const { site, publicUrl } = root;
  const title = `${seo.title} | ${site.companyName}`;
  const description = fillTokens(seo.description, site);
  const url = `${publicUrl}${seo.path}`;
  const image = `${publicUrl}/api/images/hero-background`;
  return [
    { title },
    { name: 'description', content: description },
    ...(seo.keywords?.length ? [{ name: 'keywords', content: seo.keywords.join(', ') }] : []),
    { name: 'robots', content: seo.noindex ? 'noindex, nofollow' : 'index, follow' },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.companyName },
    { property: 'og:locale', content: 'en_GB' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    ...extra(root),
  ];
}

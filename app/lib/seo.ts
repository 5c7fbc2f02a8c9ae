import type { MetaDescriptor } from 'react-router';
import { branches, serviceRadius } from '#common/branches.ts';
import { services } from '#common/services.ts';
import type { SiteSettings } from '#common/site-settings.ts';
import { fillTokens } from './tokens.ts';

/** What a page says about itself to search engines and link previews (spec section 2, metadata). */
export type PageSeo = {
  path: string;
  title: string;
  description: string;
  keywords?: readonly string[];
  type?: 'website' | 'service';
  noindex?: boolean;
};

export type RootData = { site: SiteSettings; publicUrl: string };

export const homeSeo: PageSeo = {
  path: '/',
  title: 'Mobile Tyre Fitting in South Essex & East London',
  description:
    'Mobile tyre fitting, puncture repair, wheel balancing and TPMS services at your home, work or roadside, plus MOTs and servicing in Harold Hill and Upminster.',
  keywords: [
    'mobile tyre fitting',
    'puncture repair',
    'tyres Essex',
    'mobile tyres Romford',
    'MOT Harold Hill',
    'car servicing Upminster',
  ],
  type: 'website',
};

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
    ...(seo.keywords ? [{ name: 'keywords', content: seo.keywords.join(', ') }] : []),
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

/** Structured data: an auto repair business with both branches (spec sections 2 and 9). */
export function businessJsonLd(site: SiteSettings, publicUrl: string): MetaDescriptor {
  const [base = ''] = site.serviceRegions;
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'AutoRepair',
      '@id': `${publicUrl}/#business`,
      name: site.companyName,
      url: `${publicUrl}/`,
      telephone: site.phone,
      email: site.email,
      image: `${publicUrl}/api/images/hero-background`,
      logo: `${publicUrl}${site.logoDark}`,
      priceRange: '£20-£200',
      paymentAccepted: 'Cash, Credit Card, Debit Card',
      currenciesAccepted: 'GBP',
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: '4.8',
        bestRating: '5',
        reviewCount: '127',
      },
      areaServed: [
        {
          '@type': 'GeoCircle',
          geoMidpoint: { '@type': 'Place', name: base },
          geoRadius: `${serviceRadius.kilometres * 1000}`,
        },
        ...site.serviceRegions.map((region) => ({ '@type': 'City', name: region })),
      ],
      openingHoursSpecification: branches[0]!.openingHoursSpecification.map((hours) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: hours.days,
        opens: hours.opens,
        closes: hours.closes,
      })),
      department: branches.map((branch) => ({
        '@type': 'AutoRepair',
        name: `${site.companyName} ${branch.name}`,
        telephone: branch.phone,
        address: {
          '@type': 'PostalAddress',
          streetAddress: branch.address.street,
          addressLocality: branch.address.locality,
          postalCode: branch.address.postcode,
          addressRegion: 'Essex',
          addressCountry: 'GB',
        },
        openingHoursSpecification: branch.openingHoursSpecification.map((hours) => ({
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: hours.days,
          opens: hours.opens,
          closes: hours.closes,
        })),
      })),
      address: {
        '@type': 'PostalAddress',
        streetAddress: branches[0]!.address.street,
        addressLocality: branches[0]!.address.locality,
        postalCode: branches[0]!.address.postcode,
        addressRegion: 'Essex',
        addressCountry: 'GB',
      },
      hasOfferCatalog: {
        '@type': 'OfferCatalog',
        name: 'Tyre and vehicle services',
        itemListElement: services.map((service) => ({
          '@type': 'Offer',
          itemOffered: {
            '@type': 'Service',
            name: service.title,
            description: service.description,
            url: `${publicUrl}/services/${service.slug}`,
          },
        })),
      },
    },
  };
}

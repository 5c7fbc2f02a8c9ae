import type { MetaDescriptor } from 'react-router';
import type { OpeningHoursSpecification } from '#common/site-content/opening-hours.ts';
import type { PriceLine } from '#common/site-content/site-content.ts';
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

/** What the structured data says beyond the site settings: the published content's facts. */
export type BusinessFacts = {
  priceRange: string;
  radiusKilometres: number;
  /** The first is the business's main address and hours. */
  branches: readonly {
    name: string;
    phone: string;
    address: { street: string; locality: string; postcode: string };
    openingHours: readonly OpeningHoursSpecification[];
  }[];
  /** The visible services, in order. */
  services: readonly { slug: string; title: string; description: string; pricing: readonly PriceLine[] }[];
};

type PriceSpecification = {
  '@type': 'PriceSpecification';
  name: string;
  priceCurrency?: 'GBP';
  price?: number;
  minPrice?: number;
  description?: string;
};

/**
 * A price line as schema.org's PriceSpecification: "£25" is a price, "From £45" a minimum price;
 * a line without an amount ("On request", "Included") keeps its text as the description.
 */
export function priceSpecification({ name, price }: PriceLine): PriceSpecification {
  const amount = /£\s*(\d[\d,]*(?:\.\d{1,2})?)/.exec(price)?.[1];
  if (amount === undefined) return { '@type': 'PriceSpecification', name, description: price };
  const value = Number(amount.replace(/,/g, ''));
  return {
    '@type': 'PriceSpecification',
    name,
    priceCurrency: 'GBP',
    ...(/^\s*from\b/i.test(price) ? { minPrice: value } : { price: value }),
  };
}

const openingHoursJsonLd = (hours: readonly OpeningHoursSpecification[]) =>
  hours.map((entry) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: entry.days,
    opens: entry.opens,
    closes: entry.closes,
  }));

const postalAddress = (address: BusinessFacts['branches'][number]['address']) => ({
  '@type': 'PostalAddress',
  streetAddress: address.street,
  addressLocality: address.locality,
  postalCode: address.postcode,
  addressRegion: 'Essex',
  addressCountry: 'GB',
});

/**
 * Structured data: an auto repair business with its branches, hours, area and the offer catalogue
 * of its visible services with their prices.
 */
export function businessJsonLd(site: SiteSettings, publicUrl: string, facts: BusinessFacts): MetaDescriptor {
  const [base = ''] = site.serviceRegions;
  const [main] = facts.branches;
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
      priceRange: facts.priceRange,
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
          geoRadius: `${facts.radiusKilometres * 1000}`,
        },
        ...site.serviceRegions.map((region) => ({ '@type': 'City', name: region })),
      ],
      ...(main && {
        openingHoursSpecification: openingHoursJsonLd(main.openingHours),
        address: postalAddress(main.address),
      }),
      department: facts.branches.map((branch) => ({
        '@type': 'AutoRepair',
        name: `${site.companyName} ${branch.name}`,
        telephone: branch.phone,
        address: postalAddress(branch.address),
        openingHoursSpecification: openingHoursJsonLd(branch.openingHours),
      })),
      hasOfferCatalog: {
        '@type': 'OfferCatalog',
        name: 'Tyre and vehicle services',
        itemListElement: facts.services.map((service) => ({
          '@type': 'Offer',
          itemOffered: {
            '@type': 'Service',
            name: service.title,
            description: service.description,
            url: `${publicUrl}/services/${service.slug}`,
          },
          ...(service.pricing.length > 0 && { priceSpecification: service.pricing.map(priceSpecification) }),
        })),
      },
    },
  };
}

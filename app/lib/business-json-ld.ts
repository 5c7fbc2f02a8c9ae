import type { MetaDescriptor } from 'react-router';
import type { OpeningHoursSpecification } from '#common/site-content/opening-hours.ts';
import type { PriceLine } from '#common/site-content/site-content.ts';
import type { SiteSettings } from '#common/site-content/site-settings.ts';

// The home page's structured data, apart from seo.ts's tags of every page: only the home page
// loads it, so the script every public page shares does not carry it.

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

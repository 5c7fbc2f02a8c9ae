import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '#common/site-content/site-settings.ts';
import { businessJsonLd, priceSpecification, type BusinessFacts } from './business-json-ld.ts';

describe('priceSpecification', () => {
  it('reads "£25" as a price and "From £45" as a minimum price, in pounds', () => {
    expect(priceSpecification({ name: 'Standard puncture repair', price: '£25' })).toEqual({
      '@type': 'PriceSpecification',
      name: 'Standard puncture repair',
      priceCurrency: 'GBP',
      price: 25,
    });
    expect(priceSpecification({ name: 'Economy tyres (per tyre)', price: 'From £45' })).toEqual({
      '@type': 'PriceSpecification',
      name: 'Economy tyres (per tyre)',
      priceCurrency: 'GBP',
      minPrice: 45,
    });
    expect(priceSpecification({ name: 'Fleet', price: 'from £1,250.50' })).toMatchObject({
      minPrice: 1250.5,
    });
  });

  it('keeps a price without an amount as its description', () => {
    expect(priceSpecification({ name: 'Fleet pricing', price: 'On request' })).toEqual({
      '@type': 'PriceSpecification',
      name: 'Fleet pricing',
      description: 'On request',
    });
  });
});

describe('businessJsonLd', () => {
  const facts: BusinessFacts = {
    priceRange: '£25-£250',
    radiusKilometres: 40,
    branches: [
      {
        name: 'Harold Hill',
        phone: '+442079460124',
        address: { street: '1 High Street', locality: 'Romford', postcode: 'RM3 0XX' },
        openingHours: [{ days: ['Monday', 'Tuesday'], opens: '08:00', closes: '18:00' }],
      },
      {
        name: 'Upminster',
        phone: '+442079460125',
        address: { street: '2 Station Road', locality: 'Upminster', postcode: 'RM14 0XX' },
        openingHours: [{ days: ['Saturday'], opens: '09:00', closes: '14:00' }],
      },
    ],
    services: [
      {
        slug: 'puncture-repair',
        title: 'Puncture Repair',
        description: 'Repairs to BS AU 159.',
        pricing: [{ name: 'Standard puncture repair', price: '£25' }],
      },
      { slug: 'battery-fitting', title: 'Battery Fitting', description: 'New batteries.', pricing: [] },
    ],
  };
  const descriptor = businessJsonLd(defaultSiteSettings, 'https://tyres.example', facts);
  const data = ('script:ld+json' in descriptor ? descriptor['script:ld+json'] : {}) as {
    areaServed: unknown[];
    hasOfferCatalog: { itemListElement: unknown[] };
  };

  it('states the business, its area, its main branch’s hours and every branch', () => {
    expect(data.areaServed[0]).toEqual({
      '@type': 'GeoCircle',
      geoMidpoint: { '@type': 'Place', name: 'Billericay' },
      geoRadius: '40000',
    });
    expect(data).toMatchObject({
      '@type': 'AutoRepair',
      name: defaultSiteSettings.companyName,
      telephone: defaultSiteSettings.phone,
      email: defaultSiteSettings.email,
      priceRange: '£25-£250',
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday'],
          opens: '08:00',
          closes: '18:00',
        },
      ],
      address: { streetAddress: '1 High Street', postalCode: 'RM3 0XX' },
      department: [
        { name: `${defaultSiteSettings.companyName} Harold Hill`, telephone: '+442079460124' },
        {
          name: `${defaultSiteSettings.companyName} Upminster`,
          openingHoursSpecification: [{ dayOfWeek: ['Saturday'], opens: '09:00', closes: '14:00' }],
        },
      ],
    });
  });

  it('offers each service with its price lines', () => {
    expect(data.hasOfferCatalog.itemListElement).toEqual([
      {
        '@type': 'Offer',
        itemOffered: {
          '@type': 'Service',
          name: 'Puncture Repair',
          description: 'Repairs to BS AU 159.',
          url: 'https://tyres.example/services/puncture-repair',
        },
        priceSpecification: [
          {
            '@type': 'PriceSpecification',
            name: 'Standard puncture repair',
            priceCurrency: 'GBP',
            price: 25,
          },
        ],
      },
      {
        '@type': 'Offer',
        itemOffered: {
          '@type': 'Service',
          name: 'Battery Fitting',
          description: 'New batteries.',
          url: 'https://tyres.example/services/battery-fitting',
        },
      },
    ]);
  });
});

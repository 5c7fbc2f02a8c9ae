import { describe, expect, it } from 'vitest';
import { usePublicContentApp } from '#tests/support/public-content-app.ts';

const {
  page,
  html,
  textOf,
  part,
  homeSection,
  footer,
  headerMenu,
  linkLabels,
  jsonLd,
  specServices,
  specServicePrices,
  pricingOf,
  othersOf,
  unfilledToken,
} = usePublicContentApp();

describe('a new site shows the original content', () => {
  it('home page: services, prices, branches and hours, areas, testimonials and contact hours of the spec', async () => {
    const home = await html('/');
    expect(home).toMatch(/<title>[^<]*\| Anytown Mobile Tyres<\/title>/);

    const cards = part(home, '<section id="services"', '</section>');
    expect(linkLabels(cards)).toEqual(specServices.map(([, title]) => `Learn More about ${title}`));

    const pricing = homeSection(home, 'pricing');
    expect(pricing).toContain('Wheel balancing and alignment from £40.');
    for (const line of [
      'Puncture Repair From £20',
      'Standard puncture repair £20',
      'Run-flat puncture repair £25',
      'Tyre inspection £10',
      'MOT Testing From £50',
      'Car MOT £50',
      'MOT retest (minor) £20',
      'MOT certificate Included',
      'Vehicle servicing From £80',
      'Wheel alignment From £40',
      'Vehicle diagnostics From £20',
      'Wheel balancing & alignment From £40',
      'All prices include VAT. Extra charges may apply for emergency call-outs, premium vehicles and out-of-hours work.',
    ]) {
      expect(pricing).toContain(line);
    }

    const branches = homeSection(home, 'branches');
    expect(branches).toContain('MOT testing, servicing and tyres at two local branches.');
    expect(branches).toContain(
      'Harold Hill Unit 4, Example Trading Estate, Harold Hill, Romford RM3 0XX 020 7946 0124 ' +
        'Monday - Friday 8:00am - 6:00pm Saturday 8:00am - 4:00pm Sunday 9:00am - 1:00pm',
    );
    expect(branches).toContain(
      'Upminster Unit 2, Example Business Park, Upminster RM14 0XX 020 7946 0125 ' +
        'Monday - Friday 8:00am - 5:00pm Saturday 9:00am - 2:00pm Sunday 9:00am - 1:00pm',
    );

    const areas = homeSection(home, 'areas');
    expect(areas).toContain('We cover everywhere within a 30-mile radius of Billericay, including:');
    expect(areas).toContain(
      'Billericay Harold Hill Upminster Romford Brentwood Basildon Chelmsford Southend-on-Sea',
    );

    expect(home).toContain('aria-label="1 of 3"');
    const contact = textOf(part(home, '<section id="contact"', '</section>'));
    expect(contact).toContain(
      '020 7946 0123 enquiries@example.com Monday - Friday: 8am - 6pm Saturday: 8am - 4pm Sunday: Emergency callouts only',
    );
    expect(home).toContain('href="tel:+442079460123"');
    expect(home).toContain('href="mailto:enquiries@example.com"');
    expect(textOf(home)).not.toMatch(unfilledToken);
  });

  it('home page structured data: price range, opening hours, branches, radius and the five offers', async () => {
    const business = jsonLd(await html('/'));
    expect(business).toMatchObject({
      name: 'Anytown Mobile Tyres',
      telephone: '+442079460123',
      priceRange: '£20-£200',
    });
    expect(business.areaServed[0]!.geoRadius).toBe('50000');
    expect(business.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '08:00', closes: '16:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '09:00', closes: '13:00' },
    ]);
    expect(business.department.map((branch) => branch.name)).toEqual([
      'Anytown Mobile Tyres Harold Hill',
      'Anytown Mobile Tyres Upminster',
    ]);
    const offers = business.hasOfferCatalog.itemListElement;
    expect(offers.map((offer) => offer.itemOffered.name)).toEqual(specServices.map(([, title]) => title));
    expect(offers[1]!.priceSpecification).toContainEqual(
      expect.objectContaining({ name: 'Standard puncture repair', price: 25 }),
    );
    expect(offers[0]!.priceSpecification).toContainEqual(
      expect.objectContaining({ name: 'Economy tyres (per tyre)', minPrice: 45 }),
    );
  });

  it.each(specServices)(
    '/services/%s: its title, texts and the price list the seed gives it',
    async (slug, title) => {
      const service = await html(`/services/${slug}`);
      expect(service).toContain(`<title>${title} in Essex &amp; East London | Anytown Mobile Tyres</title>`);
      expect(textOf(part(service, '<h1', '</h1>'))).toBe(title);
      const pricing = pricingOf(service);
      for (const [name, price] of specServicePrices[slug]!) expect(pricing).toContain(`${name} ${price}`);
      expect(pricing).toContain('Need a custom quote? Call 020 7946 0123');
      expect(textOf(service)).not.toMatch(unfilledToken);
      expect(othersOf(service)).toHaveLength(3);
    },
  );

  it('fills the business details into the long descriptions', async () => {
    const text = textOf(await html('/services/commercial-tyres'));
    expect(text).toContain('Anytown Mobile Tyres fits van and light commercial tyres on site');
    expect(text).toContain('call 020 7946 0123 or e-mail enquiries@example.com.');
  });

  it('suggests the three services after this one, wrapping round to the first', async () => {
    expect(othersOf(await html('/services/puncture-repair'))).toEqual([
      'Wheel Balancing',
      'TPMS Services',
      'Commercial Tyres',
    ]);
    expect(othersOf(await html('/services/commercial-tyres'))).toEqual([
      'Tyre Replacement',
      'Puncture Repair',
      'Wheel Balancing',
    ]);
  });

  it('header menu: four services; footer: all five, the phone, the e-mail and the areas line', async () => {
    const markup = await html('/privacy-policy');
    expect(linkLabels(headerMenu(markup))).toEqual([
      'Tyre Replacement',
      'Puncture Repair',
      'Wheel Balancing',
      'TPMS Services',
    ]);
    const bottom = footer(markup);
    expect(linkLabels(bottom)).toEqual(specServices.map(([, title]) => title));
    expect(bottom).toContain('href="tel:+442079460123"');
    expect(bottom).toContain('href="mailto:enquiries@example.com"');
    expect(textOf(bottom)).toContain('Based in Billericay, serving Billericay, Harold Hill and Upminster.');
    expect(textOf(bottom)).toContain('Anytown Mobile Tyres. All rights reserved.');
    expect(bottom).toContain('href="https://www.facebook.com/"');
  });

  it('information and legal pages print the branch and contact hours of the spec', async () => {
    const haroldHill =
      'Harold Hill: Monday to Friday 8:00am–6:00pm, Saturday 8:00am–4:00pm, Sunday 9:00am–1:00pm';
    const upminster =
      'Upminster: Monday to Friday 8:00am–5:00pm, Saturday 9:00am–2:00pm, Sunday 9:00am–1:00pm';
    for (const path of ['/mot', '/servicing', '/contact']) {
      const text = textOf(await html(path));
      expect(text, path).toContain(haroldHill);
      expect(text, path).toContain(upminster);
    }
    expect(textOf(await html('/contact'))).toContain(
      'Monday - Friday: 8am - 6pm Saturday: 8am - 4pm Sunday: Emergency callouts only',
    );
    const terms = textOf(await html('/terms-of-service'));
    expect(terms).toContain(
      'Our opening hours are: Monday - Friday: 8am - 6pm Saturday: 8am - 4pm Sunday: Emergency callouts only Bank holiday hours may vary.',
    );
    expect(terms).toContain('by phone on 020 7946 0123 or by e-mail at enquiries@example.com');
  });

  it('the sitemap lists the five service pages', async () => {
    const sitemap = (await page('/sitemap.xml')).text;
    const services = [...sitemap.matchAll(/<loc>[^<]*(\/services\/[^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(services).toEqual(specServices.map(([slug]) => `/services/${slug}`));
  });
});

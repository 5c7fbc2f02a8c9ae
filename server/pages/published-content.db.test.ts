import { beforeEach, describe, expect, it } from 'vitest';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { testConfig } from '#tests/support/app.ts';
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
  pricingOf,
  othersOf,
  specServices,
  publish,
} = usePublicContentApp();

describe('after a publication', () => {
  const seed = () => seedSiteContent(testConfig().site);

  const service = (content: SiteContent, key: string) => content.services.find((entry) => entry.key === key)!;

  beforeEach(async () => {
    // Each test starts from the original content, and from pages already rendered and cached.
    await publish((content) => Object.assign(content, seed()));
    for (const path of ['/', '/services/puncture-repair', '/sitemap.xml', '/mot', '/terms-of-service']) {
      await page(path);
    }
  });

  it('shows new prices and hours at once: service page, home pricing, branches, structured data, info pages', async () => {
    await publish((content) => {
      service(content, 'puncture-repair').pricing[0]!.price = '£27';
      content.homePricing.lead = 'Wheel balancing and alignment from £45.';
      content.homePricing.groups[0]!.items[0]!.price = '£22';
      content.branches[0]!.hours.saturday = { closed: false, opens: '09:00', closes: '15:00' };
      content.branches[1]!.hours.sunday = { closed: true, opens: '', closes: '' };
      content.contactHours.saturday = 'Saturday: 9am - 3pm';
    });

    expect(pricingOf(await html('/services/puncture-repair'))).toContain('Standard puncture repair £27');
    const home = await html('/');
    const pricing = homeSection(home, 'pricing');
    expect(pricing).toContain('Wheel balancing and alignment from £45.');
    expect(pricing).toContain('Standard puncture repair £22');
    const branches = homeSection(home, 'branches');
    expect(branches).toContain(
      'Monday - Friday 8:00am - 6:00pm Saturday 9:00am - 3:00pm Sunday 9:00am - 1:00pm',
    );
    expect(branches).toContain('Monday - Friday 8:00am - 5:00pm Saturday 9:00am - 2:00pm Sunday Closed');
    expect(textOf(part(home, '<section id="contact"', '</section>'))).toContain('Saturday: 9am - 3pm');

    const business = jsonLd(home);
    expect(business.openingHoursSpecification).toContainEqual(
      expect.objectContaining({ dayOfWeek: ['Saturday'], opens: '09:00', closes: '15:00' }),
    );
    expect(
      business.department[1]!.openingHoursSpecification.flatMap((hours) => hours.dayOfWeek),
    ).not.toContain('Sunday');
    expect(business.hasOfferCatalog.itemListElement[1]!.priceSpecification).toContainEqual(
      expect.objectContaining({ name: 'Standard puncture repair', price: 27 }),
    );

    expect(textOf(await html('/mot'))).toContain(
      'Harold Hill: Monday to Friday 8:00am–6:00pm, Saturday 9:00am–3:00pm, Sunday 9:00am–1:00pm',
    );
    expect(textOf(await html('/terms-of-service'))).toContain('Saturday: 9am - 3pm');
  });

  it('a hidden service has no page, and is gone from the cards, menus, sitemap and structured data', async () => {
    await publish((content) => {
      service(content, 'wheel-balancing').visible = false;
    });

    const hidden = await page('/services/wheel-balancing');
    expect(hidden.status).toBe(404);
    expect(textOf(part(hidden.text, '<h1', '</h1>'))).toBe('Service Not Found');
    expect(hidden.text).toContain('The service you&#x27;re looking for doesn&#x27;t exist.');

    const home = await html('/');
    expect(home).not.toContain('/services/wheel-balancing');
    expect(linkLabels(part(home, '<section id="services"', '</section>'))).not.toContain(
      'Learn More about Wheel Balancing',
    );
    expect(linkLabels(headerMenu(home))).toEqual(['Tyre Replacement', 'Puncture Repair', 'TPMS Services']);
    expect(linkLabels(footer(home))).toEqual([
      'Tyre Replacement',
      'Puncture Repair',
      'TPMS Services',
      'Commercial Tyres',
    ]);
    const offers = jsonLd(home).hasOfferCatalog.itemListElement.map((offer) => offer.itemOffered.name);
    expect(offers).toEqual(['Tyre Replacement', 'Puncture Repair', 'TPMS Services', 'Commercial Tyres']);
    expect((await page('/sitemap.xml')).text).not.toContain('wheel-balancing');
    expect(othersOf(await html('/services/puncture-repair'))).toEqual([
      'TPMS Services',
      'Commercial Tyres',
      'Tyre Replacement',
    ]);
  });

  it('a new service gets its page, card (with the tyre fitting picture), menu and footer entries and sitemap entry', async () => {
    await publish((content) => {
      content.services.push({
        ...service(content, 'tpms-services'),
        key: 'battery-fitting',
        slug: 'battery-fitting',
        formerSlugs: [],
        title: 'Battery Fitting',
        description: 'A new battery fitted wherever your car is parked.',
        longDescription: ['Call {formattedPhone} and {companyName} will bring the right battery.'],
        pricing: [{ name: 'Car battery (supplied and fitted)', price: 'From £95' }],
      });
    });

    const own = await html('/services/battery-fitting');
    expect(textOf(part(own, '<h1', '</h1>'))).toBe('Battery Fitting');
    expect(textOf(own)).toContain(
      'Call 020 7946 0123 and Anytown Mobile Tyres will bring the right battery.',
    );
    expect(pricingOf(own)).toContain('Car battery (supplied and fitted) From £95');
    expect(own).toContain('src="/images/fallback/tyre-replacement-800.webp"');

    const home = await html('/');
    const cards = part(home, '<section id="services"', '</section>');
    expect(linkLabels(cards)).toContain('Learn More about Battery Fitting');
    const card = cards.split('<li>').find((entry) => entry.includes('Battery Fitting'));
    expect(card).toContain('src="/images/fallback/tyre-replacement-800.webp"');
    expect(linkLabels(headerMenu(home))).toContain('Battery Fitting');
    expect(linkLabels(footer(home))).toEqual([...specServices.map(([, title]) => title), 'Battery Fitting']);
    expect(jsonLd(home).hasOfferCatalog.itemListElement.at(-1)).toMatchObject({
      itemOffered: { name: 'Battery Fitting', url: expect.stringMatching(/\/services\/battery-fitting$/) },
      priceSpecification: [{ name: 'Car battery (supplied and fitted)', minPrice: 95 }],
    });
    expect((await page('/sitemap.xml')).text).toContain('/services/battery-fitting</loc>');
  });

  it('a service given a new address answers its old one with a permanent redirect', async () => {
    const published = await publish((content) => {
      service(content, 'puncture-repair').slug = 'flat-tyre-repair';
    });
    expect(service(published.content, 'puncture-repair').formerSlugs).toEqual(['puncture-repair']);

    for (const old of ['/services/puncture-repair', '/Services/Puncture-Repair/']) {
      const moved = await page(old);
      expect(moved.status, old).toBe(301);
      expect(moved.headers.location).toBe('/services/flat-tyre-repair');
    }
    expect(textOf(part(await html('/services/flat-tyre-repair'), '<h1', '</h1>'))).toBe('Puncture Repair');
    expect(footer(await html('/'))).toContain('href="/services/flat-tyre-repair"');
    const sitemap = (await page('/sitemap.xml')).text;
    expect(sitemap).toContain('/services/flat-tyre-repair</loc>');
    expect(sitemap).not.toContain('/services/puncture-repair</loc>');
  });

  it('a new company name, phone and e-mail show in titles, header, footer, links, structured data and legal pages', async () => {
    await publish((content) => {
      Object.assign(content.business, {
        companyName: 'Essex Tyre Co',
        phone: '+441708123456',
        formattedPhone: '01708 123456',
        email: 'bookings@essex-tyres.example',
      });
    });

    for (const path of ['/', '/services/puncture-repair', '/mot', '/privacy-policy', '/terms-of-service']) {
      const markup = await html(path);
      expect(markup, path).toMatch(/<title>[^<]*\| Essex Tyre Co<\/title>/);
      expect(markup, path).not.toContain('Anytown');
      expect(markup, path).not.toContain('tel:+442079460123');
      expect(markup, path).not.toContain('enquiries@example.com');
      expect(markup, path).toContain('href="tel:+441708123456"');
      const bottom = footer(markup);
      expect(bottom, path).toContain('href="mailto:bookings@essex-tyres.example"');
      expect(textOf(bottom), path).toContain('01708 123456');
      expect(textOf(bottom), path).toContain('Essex Tyre Co. All rights reserved.');
    }
    expect(jsonLd(await html('/'))).toMatchObject({ name: 'Essex Tyre Co', telephone: '+441708123456' });
    expect(textOf(await html('/terms-of-service'))).toContain(
      'by phone on 01708 123456 or by e-mail at bookings@essex-tyres.example',
    );
    expect(textOf(await html('/privacy-policy'))).toContain('Essex Tyre Co provides mobile tyre fitting');
  });

  it('a new radius, base town and branch names reach the about, contact, MOT, servicing and legal pages', async () => {
    await publish((content) => {
      content.areas.radiusMiles = 25;
      content.areas.regions[0] = 'Wickford';
      content.branches[0]!.name = 'Gallows Corner';
      content.branches[1]!.name = 'Hornchurch';
      content.areas.regions.splice(2, 1);
    });

    for (const path of ['/about', '/contact', '/mot', '/servicing', '/terms-of-service', '/privacy-policy']) {
      // The page's own text: the footer names the covered areas, Harold Hill and Upminster among them.
      const text = textOf(part(await html(path), '<main', '</main>'));
      expect(text, path).not.toMatch(
        /30-mile|30 miles|Billericay-based|based in Billericay|base in Billericay/,
      );
      expect(text, path).not.toMatch(/Harold Hill (and|or|&) Upminster/);
    }
    expect(textOf(await html('/about'))).toContain('We’re based in Wickford and cover a 25-mile radius');
    expect(textOf(await html('/contact'))).toContain('anywhere within 25 miles of Wickford');
    expect(textOf(await html('/mot'))).toContain('MOT Testing in Gallows Corner and Hornchurch');
    expect(textOf(await html('/servicing'))).toContain('at our Gallows Corner or Hornchurch branch');
    expect(textOf(await html('/terms-of-service'))).toContain(
      'within a 25-mile radius of Wickford, including Harold Hill, Romford, Brentwood, Basildon, Chelmsford and Southend-on-Sea.',
    );
    expect(textOf(await html('/privacy-policy'))).toContain(
      'at our branches in Gallows Corner and Hornchurch',
    );
    // The home page's and the booking page's descriptions, and the home page's keywords.
    const home = part(await html('/'), '<head', '</head>');
    expect(home).toContain('plus MOTs and servicing in Gallows Corner and Hornchurch.');
    expect(home).toMatch(
      /name="keywords" content="[^"]*mobile tyres Wickford, MOT Gallows Corner, car servicing Gallows Corner, MOT Hornchurch/,
    );
    expect(part(await html('/book'), '<head', '</head>')).toContain(
      'a visit to our Gallows Corner or Hornchurch branch',
    );
  });

  it('the testimonials carousel has a slide per testimonial, and no section without any', async () => {
    await publish((content) => {
      content.testimonials.push({ content: 'Quick and tidy.', author: 'Priya S.', location: 'Romford' });
    });
    const four = await html('/');
    expect(four).toContain('aria-label="1 of 4"');
    expect(four).toContain('What Our Customers Say');

    await publish((content) => {
      content.testimonials = [];
    });
    const none = await html('/');
    expect(none).not.toContain('What Our Customers Say');
    expect(none).not.toContain('aria-label="Customer testimonials"');
  });
});

import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublishedSiteContent, SiteContent } from '#common/site-content.ts';
import { seedSiteContent } from '#common/site-content-seed.ts';
import { testConfig } from '#tests/support/app.ts';
import { ensureBuilt } from '#tests/support/server-process.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { splashCookie } from '../http/splash.ts';
import { loadProductionSsr } from '../http/ssr.ts';
import { PageCache } from './page-cache.ts';

/**
 * The public pages as visitors get them (server rendering, through the page cache) from the
 * published site content: first the content of a new site, checked against the spec's own
 * figures, then after publications through the real API.
 */
const fixture = useTestApp({
  dependencies: async () => {
    ensureBuilt();
    return { ssr: await loadProductionSsr(), pageCache: new PageCache() };
  },
});

const returning = { Cookie: `${splashCookie}=1` };

const page = (path: string) => request(fixture.app).get(path).set(returning);

async function html(path: string): Promise<string> {
  const response = await page(path);
  expect(response.status, path).toBe(200);
  return response.text;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };

/** The text a person reads in a piece of HTML, on one line. */
function textOf(markup: string): string {
  return markup
    .replace(/<!-- -->/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_match, name: string) => entities[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The markup from the first match of `start` up to the first `end` after it. */
function part(markup: string, start: string | RegExp, end: string): string {
  const from = typeof start === 'string' ? markup.indexOf(start) : markup.search(start);
  expect(from, `${start} in the page`).toBeGreaterThanOrEqual(0);
  const to = markup.indexOf(end, from);
  return markup.slice(from, to < 0 ? undefined : to + end.length);
}

const homeSection = (markup: string, id: string) => textOf(part(markup, `<section id="${id}"`, '</section>'));
const footer = (markup: string) => part(markup, '<footer', '</footer>');
const headerMenu = (markup: string) => part(markup, '<nav aria-label="Main"', '</nav>');
const linkLabels = (markup: string) =>
  [...markup.matchAll(/<a [^>]*href="\/services\/[^"]*"[^>]*>([\s\S]*?)<\/a>/g)].map((match) =>
    textOf(match[1]!),
  );

type BusinessJsonLd = {
  name: string;
  telephone: string;
  priceRange: string;
  areaServed: { geoRadius?: string }[];
  openingHoursSpecification: { dayOfWeek: string[]; opens: string; closes: string }[];
  department: { name: string; openingHoursSpecification: { dayOfWeek: string[]; opens: string }[] }[];
  hasOfferCatalog: {
    itemListElement: {
      itemOffered: { name: string; url: string };
      priceSpecification?: { name: string; price?: number; minPrice?: number; description?: string }[];
    }[];
  };
};

function jsonLd(markup: string): BusinessJsonLd {
  const json = /<script type="application\/ld\+json">([\s\S]+?)<\/script>/.exec(markup)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!) as BusinessJsonLd;
}

/** The five services of the spec (section 2), in the order the site lists them. */
const specServices = [
  ['tyre-replacement', 'Tyre Replacement'],
  ['puncture-repair', 'Puncture Repair'],
  ['wheel-balancing', 'Wheel Balancing'],
  ['tpms-services', 'TPMS Services'],
  ['commercial-tyres', 'Commercial Tyres'],
] as const;

/** Each service page's price list: the figures of spec section 9. */
const specServicePrices: Record<string, [string, string][]> = {
  'tyre-replacement': [
    ['Economy tyres (per tyre)', 'From £45'],
    ['Mid-range tyres (per tyre)', 'From £65'],
    ['Premium tyres (per tyre)', 'From £85'],
    ['Run-flat tyres (per tyre)', 'From £95'],
  ],
  'puncture-repair': [
    ['Standard puncture repair', '£25'],
    ['Run-flat puncture repair', '£35'],
    ['Tyre inspection', '£10'],
    ['Emergency call-out (extra)', '£15'],
  ],
  'wheel-balancing': [
    ['Per wheel', '£10'],
    ['Per wheel with tyre replacement', '£8'],
    ['Four wheels', '£35'],
    ['Alloy wheel (per wheel)', '£12'],
  ],
  'tpms-services': [
    ['TPMS reset', '£15'],
    ['TPMS sensor (supplied and fitted)', 'From £45'],
    ['TPMS diagnostics', '£20'],
    ['Full TPMS service', 'From £160'],
  ],
  'commercial-tyres': [
    ['Van tyres', 'From £65'],
    ['Light commercial tyres', 'From £80'],
    ['Commercial puncture repair', 'From £30'],
    ['Fleet pricing', 'On request'],
  ],
};

const pricingOf = (markup: string) =>
  textOf(part(markup, '<section aria-labelledby="pricing-title"', '</section>'));
const othersOf = (markup: string) =>
  [
    ...part(markup, '<section aria-labelledby="others-title"', '</section>').matchAll(
      /<h3[^>]*>([^<]*)<\/h3>/g,
    ),
  ].map((match) => textOf(match[1]!));
const unfilledToken = /\{(companyName|phone|formattedPhone|email)\}/;

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
    '/services/%s: its title, texts and the price list of spec section 9',
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

describe('after a publication', () => {
  const seed = () => seedSiteContent(testConfig().site);

  /** Publishes the current content as `change` leaves it, through the API as a member of staff. */
  async function publish(change: (content: SiteContent) => void): Promise<PublishedSiteContent> {
    const current = await request(fixture.app).get('/api/site-content').expect(200);
    const { version, content } = current.body as PublishedSiteContent;
    change(content);
    const published = await request(fixture.app)
      .put('/api/site-content')
      .set(fixture.staff.headers)
      .send({ version, content });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return published.body as PublishedSiteContent;
  }

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

import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublishedSiteContent, SiteContent } from '#common/site-content/site-content.ts';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { testConfig } from '#tests/support/app.ts';
import { usePublicContentApp } from '#tests/support/public-content-app.ts';

const { fixture, page, html, textOf, part, jsonLd, homeSection, unfilledToken, publish } =
  usePublicContentApp();

/** The price line whose key the texts name. */
function priceNamed(content: SiteContent, key: string) {
  const lines = [
    ...content.services.flatMap((service) => service.pricing),
    ...content.homePricing.groups.flatMap((group) => group.items),
  ];
  return lines.find((line) => line.key === key)!;
}

const mainText = async (path: string) => textOf(part(await html(path), '<main', '</main>'));
const headText = async (path: string) => part(await html(path), '<head', '</head>');

describe('business facts in the site content', () => {
  beforeEach(async () => {
    await publish((content) => Object.assign(content, seedSiteContent(testConfig().site)));
    for (const path of ['/', '/mot', '/terms-of-service']) await page(path);
  });

  it('every page with a text names its facts, none shows a token', async () => {
    const paths = ['/', '/mot', '/servicing', '/about', '/contact', '/book', '/services/puncture-repair'];
    for (const path of [...paths, '/terms-of-service', '/privacy-policy', '/cookie-policy']) {
      const markup = await html(path);
      expect(textOf(markup), path).not.toMatch(unfilledToken);
      expect(part(markup, '<head', '</head>'), path).not.toMatch(unfilledToken);
    }
    expect(await mainText('/mot')).toContain('Car MOT: from £50, certificate included');
    expect(await mainText('/terms-of-service')).toContain('carries a £15 surcharge');
  });

  it('a new MOT price and call-out surcharge reach /mot, the home page, the terms and the structured data', async () => {
    await publish((content) => {
      priceNamed(content, 'mot').price = '£57';
      priceNamed(content, 'callout-surcharge').price = '£18';
    });

    const mot = await mainText('/mot');
    expect(mot).toContain('Car MOT: from £57, certificate included');
    expect(mot).toContain('A car MOT at our Harold Hill or Upminster branch costs from £57');
    expect(mot).not.toContain('£50');
    expect(await headText('/mot')).toContain('MOT Test from £57');
    expect(await headText('/mot')).not.toContain('£50');

    const home = await html('/');
    const pricing = homeSection(home, 'pricing');
    expect(pricing).toMatch(/MOT Testing from £57/i);
    expect(pricing).toContain('Car MOT £57');
    expect(textOf(home)).not.toContain('£50');
    const offers = jsonLd(home).hasOfferCatalog.itemListElement.flatMap(
      (offer) => offer.priceSpecification ?? [],
    );
    // The offer catalogue names the five services (the MOT is not one); the surcharge is among its prices.
    expect(offers.filter((offer) => offer.name === 'Emergency call-out (extra)')).toEqual([
      expect.objectContaining({ price: 18 }),
    ]);

    const terms = await mainText('/terms-of-service');
    expect(terms).toContain('carries a £18 surcharge');
    expect(terms).not.toContain('£15');
  });

  it('the page texts are edited, kept in the history and shown on their page', async () => {
    const published = await publish((content) => {
      content.infoPages.about.lead =
        'A family firm on the road since 2009, within {radiusMiles} miles of {baseTown}.';
      content.infoPages.contact.faqs.push({ question: 'Do you fit tyres at night?', answer: 'Until 10pm.' });
    });
    expect(await mainText('/about')).toContain(
      'A family firm on the road since 2009, within 30 miles of Billericay.',
    );
    expect(await mainText('/contact')).toContain('Do you fit tyres at night? Until 10pm.');

    const revisions = await request(fixture.app)
      .get('/api/site-content/revisions')
      .set(fixture.staff.headers)
      .expect(200);
    const newest = (revisions.body as { version: number; summary: string }[])[0]!;
    expect(newest).toMatchObject({
      version: published.version,
      summary: 'About page: introduction changed; and 1 more change',
    });
  });

  it('a text naming a price that is gone is refused, with the field, and nothing is stored', async () => {
    const current = (
      await request(fixture.app).get('/api/site-content').set(fixture.staff.headers).expect(200)
    ).body as PublishedSiteContent;
    const content = structuredClone(current.content);
    const group = content.homePricing.groups.find((entry) => entry.title === 'MOT Testing')!;
    group.items = group.items.filter((line) => line.key !== 'mot');

    const refused = await request(fixture.app)
      .put('/api/site-content')
      .set(fixture.staff.headers)
      .send({ version: current.version, content })
      .expect(400);
    expect(refused.body.fieldErrors['homePricing.groups.1.from']).toEqual([
      'No price has the name {price:mot}: keep the price it named, or write the amount instead',
    ]);
    expect(refused.body.fieldErrors['infoPages.mot.lead']).toHaveLength(1);

    const after = (await request(fixture.app).get('/api/site-content').set(fixture.staff.headers).expect(200))
      .body as PublishedSiteContent;
    expect(after.version).toBe(current.version);
    expect(await mainText('/mot')).toContain('from £50');
  });
});

import request from 'supertest';
import { expect } from 'vitest';
import type { PublishedSiteContent, SiteContent } from '#common/site-content/site-content.ts';
import { ensureBuilt } from '#tests/support/server-process.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { splashCookie } from '#server/http/splash.ts';
import { loadProductionSsr } from '#server/http/ssr.ts';
import { PageCache } from '#server/pages/page-cache.ts';

/**
 * The public pages as visitors get them (server rendering, through the page cache) on the file's
 * test database, and what reads their text, links and structured data.
 */
export function usePublicContentApp() {
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

  const homeSection = (markup: string, id: string) =>
    textOf(part(markup, `<section id="${id}"`, '</section>'));
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

  /** Each service page's price list: the figures of the seeded site content. */
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
  /** A token left in a page: the name of a fact (`{companyName}`, `{price:mot}`) instead of the fact. */
  const unfilledToken = /\{(\w+|price:[\w-]+)\}/;

  /** Publishes the content as `change` leaves it, read and published through the API as a member of staff. */
  async function publish(change: (content: SiteContent) => void): Promise<PublishedSiteContent> {
    const current = await request(fixture.app)
      .get('/api/site-content')
      .set(fixture.staff.headers)
      .expect(200);
    const { version, content } = current.body as PublishedSiteContent;
    change(content);
    const published = await request(fixture.app)
      .put('/api/site-content')
      .set(fixture.staff.headers)
      .send({ version, content });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return published.body as PublishedSiteContent;
  }
  return {
    fixture,
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
    publish,
  };
}

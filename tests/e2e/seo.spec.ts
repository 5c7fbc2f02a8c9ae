import { expect, test } from '@playwright/test';

/** What crawlers and link-preview bots get in the first response, without running scripts. */

const publicPages = [
  '/',
  '/services/tyre-replacement',
  '/book',
  '/mot',
  '/servicing',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
];

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
  return tag?.[1];
}

test('each public page has its own title, description, canonical, robots and sharing tags', async ({
  request,
  baseURL,
}) => {
  const titles = new Set<string>();
  for (const path of publicPages) {
    const html = await (await request.get(path)).text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title, path).toMatch(/\| Anytown Mobile Tyres$/);
    titles.add(title!);
    expect(metaContent(html, 'name', 'description')?.length, path).toBeGreaterThan(50);
    expect(metaContent(html, 'name', 'robots'), path).toBe('index, follow');
    expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);
    expect(metaContent(html, 'property', 'og:url'), path).toBe(`${baseURL}${path}`);
    expect(metaContent(html, 'property', 'og:image'), path).toBe(`${baseURL}/api/images/hero-background`);
    expect(metaContent(html, 'name', 'twitter:card'), path).toBe('summary_large_image');
  }
  expect(titles.size).toBe(publicPages.length);
});

test('unknown pages fall back to the home entry and are not indexed', async ({ request }) => {
  const response = await request.get('/no-such-page');
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(metaContent(html, 'name', 'robots')).toBe('noindex, nofollow');
  expect(html).toContain('<title>404 Page Not Found | Anytown Mobile Tyres</title>');
});

test('the home page describes the business as structured data', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const json = html.match(/<script type="application\/ld\+json">(.+?)<\/script>/)?.[1];
  expect(json).toBeDefined();
  const business = JSON.parse(json!);
  expect(business).toMatchObject({
    '@type': 'AutoRepair',
    name: 'Anytown Mobile Tyres',
    priceRange: '£20-£200',
    paymentAccepted: 'Cash, Credit Card, Debit Card',
    aggregateRating: { ratingValue: '4.8', reviewCount: '127' },
  });
  expect(business.department.map((branch: { name: string }) => branch.name)).toEqual([
    'Anytown Mobile Tyres Harold Hill',
    'Anytown Mobile Tyres Upminster',
  ]);
  expect(business.hasOfferCatalog.itemListElement).toHaveLength(5);
  expect(business.areaServed[0]).toMatchObject({ '@type': 'GeoCircle', geoRadius: '50000' });
  expect(business.openingHoursSpecification).toContainEqual(
    expect.objectContaining({ dayOfWeek: ['Saturday'], opens: '08:00', closes: '16:00' }),
  );
});

test('robots.txt and sitemap.xml', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  const rules = await robots.text();
  expect(rules).toContain('Disallow: /admin');
  expect(rules).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of publicPages) expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
  expect(sitemap).not.toContain('cookie-settings');
});

test('the social share image is served', async ({ request }) => {
  const image = await request.get('/api/images/hero-background');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
});

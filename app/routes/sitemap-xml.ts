import { servicePaths } from '#app/features/site-content/page-content.server.ts';
import { sizeSlug, type TyreSize } from '#common/tyres/size.ts';
import { tyrePagePath } from '#common/tyres/tyre-slug.ts';
import type { Route } from './+types/sitemap-xml';

type TyrePage = { size: TyreSize; slug: string };

/**
 * A sitemap lists at most 50,000 addresses: past this many tyres (a whole wholesaler's range),
 * the rest are found from their size's page.
 */
const maxTyrePages = 45_000;

/**
 * Every public page that should be found in search (noindex pages and hidden services are left
 * out), with a page for each tyre size in stock here or at the supplier, and one for each such
 * tyre.
 */
function sitemapPaths(
  servicePages: readonly string[],
  tyreSizes: readonly TyreSize[],
  tyrePages: readonly TyrePage[],
): string[] {
  return [
    '/',
    ...servicePages,
    '/tyres',
    ...tyreSizes.map((size) => `/tyres/${sizeSlug(size)}`),
    ...tyrePages.slice(0, maxTyrePages).map((tyre) => tyrePagePath(tyre.size, tyre.slug)),
    '/book',
    '/mot',
    '/servicing',
    '/about',
    '/contact',
    '/privacy-policy',
    '/terms-of-service',
    '/cookie-policy',
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [sizes, tyres] = await Promise.all([context.tyres.stockedSizes(), context.tyres.stockedTyres()]);
  const urls = sitemapPaths(servicePaths(context.content), sizes, tyres)
    .map(
      (path) =>
        `  <url><loc>${context.publicUrl}${path}</loc>${path === '/' ? '<priority>1.0</priority>' : ''}</url>`,
    )
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

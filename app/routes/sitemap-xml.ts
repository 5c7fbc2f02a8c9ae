import { servicePaths } from '#app/features/site-content/page-content.server.ts';
import { sizeSlug, type TyreSize } from '#common/tyres/size.ts';
import type { Route } from './+types/sitemap-xml';

/**
 * Every public page that should be found in search (noindex pages and hidden services are left
 * out), with a page for each tyre size in stock here or at the supplier.
 */
function sitemapPaths(servicePages: readonly string[], tyreSizes: readonly TyreSize[]): string[] {
  return [
    '/',
    ...servicePages,
    '/tyres',
    ...tyreSizes.map((size) => `/tyres/${sizeSlug(size)}`),
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
  const urls = sitemapPaths(servicePaths(context.content), await context.tyres.stockedSizes())
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

import { data } from 'react-router';
import { StatusPage } from '#app/features/site-layout/status-page.tsx';
import {
  TyreSizeView,
  tyreChoicesOf,
  tyreListJsonLd,
  tyreSearchFor,
  tyreServiceSlug,
} from '#app/features/tyres/index.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { formatPence } from '#common/tyres/pricing.ts';
import { sizeFromSlug, sizeLabel, sizeSlug } from '#common/tyres/size.ts';
import type { Route } from './+types/tyre-size';

/** Live stock and dates: never kept by the page cache or a browser. */
const livePage = { 'Cache-Control': 'private, no-cache' };

/** /tyres/{size}: the tyres of a size (205-55-r16), with the customer's choices from the address. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const size = sizeFromSlug(params.size);
  if (!size) return data({ found: false as const }, { status: 404 });
  const choices = tyreChoicesOf(new URL(request.url).searchParams);
  const search = tyreSearchFor(size, choices);
  const [answer, everything] = await Promise.all([
    context.tyres.search(search),
    context.tyres.search({ size: search.size, sort: 'price', quantity: choices.quantity }),
  ]);
  if (everything.items.length === 0 && everything.alternatives.length === 0) {
    return data({ found: false as const }, { status: 404, headers: livePage });
  }
  const brands = [...new Set(everything.items.map((offer) => offer.brand))].sort((a, b) =>
    a.localeCompare(b),
  );
  const cheapest = everything.items.find((offer) => offer.fittedFrom !== null)?.price ?? null;
  return data(
    {
      found: true as const,
      size,
      answer,
      choices,
      brands,
      cheapest,
      bookService: tyreServiceSlug(context.content),
    },
    { headers: livePage },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data: page, matches, location }) => {
  if (!page?.found) {
    return pageMeta(matches, {
      path: location.pathname,
      title: 'Tyre Size Not Found',
      description: 'We do not fit tyres of this size.',
      noindex: true,
    });
  }
  const label = sizeLabel(page.size);
  const path = `/tyres/${sizeSlug(page.size)}`;
  return pageMeta(
    matches,
    {
      path,
      title: `${label} Tyres Fitted at Home${page.cheapest === null ? '' : ` from ${formatPence(page.cheapest)}`}`,
      description: `${label} tyres from budget to premium brands, fully fitted at your home or work: compare EU labels and prices, see the first day we can fit them, and book online.`,
      keywords: [
        `${label} tyres`,
        `${page.size.width}/${page.size.profile}R${page.size.rim}`,
        'tyres fitted at home',
      ],
    },
    (root) => [tyreListJsonLd(page.answer.items, `${root.publicUrl}${path}`, root.site.companyName)],
  );
};

export default function TyreSizePage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <StatusPage
        title="Tyre Size Not Found"
        text="We do not fit tyres of this size. Choose another size, or call us."
      />
    );
  }
  return <TyreSizeView {...loaderData} />;
}

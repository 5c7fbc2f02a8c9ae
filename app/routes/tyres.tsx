import { data, redirect } from 'react-router';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import { StatusPage } from '#app/features/site-layout/status-page.tsx';
import {
  SizeLinks,
  TyreFinder,
  TyreSizeView,
  tyreChoicesOf,
  tyreListJsonLd,
  tyreSearchFor,
  tyreServiceSlug,
} from '#app/features/tyres/index.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { formatPence } from '#common/util/money.ts';
import { nearestBookable } from '#common/tyres/catalogue.ts';
import { isTyreSize, sameSize, sizeFromSlug, sizeLabel, sizeSlug } from '#common/tyres/size.ts';
import type { Route } from './+types/tyres';

/**
 * Tyres by size, one module for both of its pages (so that the browser loads one file for
 * them): /tyres finds a size, and /tyres/{size} (205-55-r16) lists its tyres with the customer's
 * choices from the address.
 */

/** Live stock and dates: never kept by the page cache or a browser. */
const livePage = { 'Cache-Control': 'private, no-cache' };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return params.size === undefined ? finderPage(context, url) : sizePage(context, url, params.size);
}

/**
 * /tyres: a complete size the catalogue has goes on to its page; one it does not have is said
 * so, with the sizes it has.
 */
async function finderPage(context: Route.LoaderArgs['context'], url: URL) {
  const params = url.searchParams;
  const sizes = await context.tyres.sizes();
  const chosen = {
    width: Number(params.get('width')),
    profile: Number(params.get('profile')),
    rim: Number(params.get('rim')),
  };
  const asked = params.has('width') || params.has('profile') || params.has('rim');
  if (asked && isTyreSize(chosen) && sizes.some((size) => sameSize(size, chosen))) {
    throw redirect(`/tyres/${sizeSlug(chosen)}`);
  }
  const notFound = asked
    ? isTyreSize(chosen)
      ? `We have no tyres in ${sizeLabel(chosen)} at the moment.`
      : 'Choose a width, a profile and a rim size.'
    : null;
  return data(
    { page: 'finder' as const, sizes, chosen: asked ? chosen : {}, notFound },
    asked && notFound ? { status: 404 } : undefined,
  );
}

/** /tyres/{size}: the size's tyres, for the choices of the address. */
async function sizePage(context: Route.LoaderArgs['context'], url: URL, slug: string) {
  const size = sizeFromSlug(slug);
  if (!size) return data({ page: 'missing' as const }, { status: 404 });
  const choices = tyreChoicesOf(url.searchParams);
  const search = tyreSearchFor(size, choices);
  const [answer, everything] = await Promise.all([
    context.tyres.search(search),
    context.tyres.search({ size: search.size, sort: 'price', quantity: choices.quantity }),
  ]);
  if (everything.items.length === 0 && everything.alternatives.length === 0) {
    return data({ page: 'missing' as const }, { status: 404, headers: livePage });
  }
  const brands = [...new Set(everything.items.map((offer) => offer.brand))].sort((a, b) =>
    a.localeCompare(b),
  );
  const cheapest = everything.items.find((offer) => offer.fittedFrom !== null)?.price ?? null;
  // What each tyre that cannot be booked offers instead: worked out here, not in the page's script.
  const instead: Record<number, number> = {};
  for (const offer of answer.items) {
    const other = offer.fittedFrom === null ? nearestBookable(offer, answer.items) : null;
    if (other) instead[offer.id] = other.id;
  }
  return data(
    {
      page: 'size' as const,
      size,
      answer,
      choices,
      brands,
      cheapest,
      instead,
      bookService: tyreServiceSlug(context.content),
    },
    { headers: livePage },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data: loaded, matches, location }) => {
  if (loaded?.page === 'size') {
    const label = sizeLabel(loaded.size);
    const path = `/tyres/${sizeSlug(loaded.size)}`;
    return pageMeta(
      matches,
      {
        path,
        title: `${label} Tyres Fitted at Home${loaded.cheapest === null ? '' : ` from ${formatPence(loaded.cheapest)}`}`,
        description: `${label} tyres from budget to premium brands, fully fitted at your home or work: compare EU labels and prices, see the first day we can fit them, and book online.`,
        keywords: [
          `${label} tyres`,
          `${loaded.size.width}/${loaded.size.profile}R${loaded.size.rim}`,
          'tyres fitted at home',
        ],
      },
      (root) => [tyreListJsonLd(loaded.answer.items, `${root.publicUrl}${path}`, root.site.companyName)],
    );
  }
  if (loaded?.page === 'finder') {
    return pageMeta(matches, {
      path: '/tyres',
      title: 'Tyres Fitted at Home: Find Your Size',
      description:
        'Choose your tyre size and compare the tyres we can fit, with their EU label, the fully fitted price and the first day we can fit them at your home or work.',
      keywords: ['tyres fitted at home', 'mobile tyre fitting', 'cheap tyres fitted', 'tyre sizes'],
      noindex: Boolean(loaded.notFound),
    });
  }
  return pageMeta(matches, {
    path: location.pathname,
    title: 'Tyre Size Not Found',
    description: 'We do not fit tyres of this size.',
    noindex: true,
  });
};

export default function TyresPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.page === 'missing') {
    return (
      <StatusPage
        title="Tyre Size Not Found"
        text="We do not fit tyres of this size. Choose another size, or call us."
      />
    );
  }
  if (loaderData.page === 'size') return <TyreSizeView {...loaderData} />;
  const { sizes, chosen, notFound } = loaderData;
  return (
    <main>
      <PageHeader title="Tyres fitted at your home or work">
        Choose your size: it is on the side of your tyre, for example 205/55 R16. Every price includes
        fitting, a new valve, balancing, disposal of the old tyre and VAT.
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        {notFound && (
          <p
            role="alert"
            className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 font-semibold text-red-800"
          >
            {notFound} Choose one of the sizes below, or call us.
          </p>
        )}
        <TyreFinder sizes={sizes} chosen={chosen} />
        <section aria-labelledby="all-sizes" className="mt-12">
          <h2 id="all-sizes" className="mb-4 text-2xl font-extrabold">
            Sizes we fit
          </h2>
          <SizeLinks sizes={sizes} />
        </section>
      </div>
    </main>
  );
}

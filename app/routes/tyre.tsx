import { data } from 'react-router';
import { Link } from 'react-router';
import { buttonClass } from '#app/components/ui/button.tsx';
import { TyrePageView, tyreJsonLd, tyreServiceSlug } from '#app/features/tyres/tyre-page/index.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { loadIndexText, sizeFromSlug, sizeLabel, sizeSlug } from '#common/tyres/size.ts';
import { isTyreSlug, tyrePagePath } from '#common/tyres/tyre-slug.ts';
import { euLabelWords, tyreClassOf, tyreMarkings } from '#common/tyres/tyre-words.ts';
import { formatPence } from '#common/util/money.ts';
import type { Route } from './+types/tyre';

/**
 * A tyre's own page, /tyres/205-55-r16/michelin-primacy-4-plus-94v: the tyre as its size's page
 * offers it (the same searches, so the same price and "fitted from"), its EU label and what its
 * markings mean. A tyre not on offer (never was, hidden, or gone from the supplier's range) is a
 * 404 that leads to its size's tyres.
 */

/** Live stock and dates: never kept by the page cache or a browser. */
const livePage = { 'Cache-Control': 'private, no-cache' };

export async function loader({ params, context }: Route.LoaderArgs) {
  const size = sizeFromSlug(params.size.toLowerCase());
  const slug = params.tyre.toLowerCase();
  if (!size)
    return data(
      { page: 'missing' as const, size: null, withdrawn: null },
      { status: 404, headers: livePage },
    );
  const answer = isTyreSlug(slug)
    ? await context.tyres.tyre(size, slug)
    : { found: false as const, withdrawn: null };
  if (!answer.found) {
    return data(
      { page: 'missing' as const, size, withdrawn: answer.withdrawn },
      { status: 404, headers: livePage },
    );
  }
  return data(
    {
      page: 'tyre' as const,
      size,
      offer: answer.offer,
      ean: answer.ean,
      quantities: answer.quantities,
      bookService: tyreServiceSlug(context.content),
      contact: { phone: context.site.phone, formattedPhone: context.site.formattedPhone },
      labelWords: euLabelWords(answer.offer.label),
      tyreClass: tyreClassOf(answer.offer),
      markings: tyreMarkings(answer.offer),
    },
    { headers: livePage },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data: loaded, matches, location }) => {
  if (loaded?.page !== 'tyre') {
    return pageMeta(matches, {
      path: location.pathname,
      title: 'Tyre Not Found',
      description: 'We do not offer this tyre at the moment.',
      noindex: true,
    });
  }
  const { offer, size } = loaded;
  const path = tyrePagePath(size, offer.slug);
  const marked = `${sizeLabel(size)} ${loadIndexText(offer)}${offer.speedRating}`;
  const grades = [
    offer.label.fuel && `fuel efficiency ${offer.label.fuel}`,
    offer.label.wet && `wet grip ${offer.label.wet}`,
    offer.label.noiseDb !== null && `${offer.label.noiseDb} dB`,
  ].filter(Boolean);
  return pageMeta(
    matches,
    {
      path,
      title: `${offer.brand} ${offer.pattern} ${marked} Fitted at Home: ${formatPence(offer.price)}`,
      description: `The ${offer.brand} ${offer.pattern} in ${marked}${grades.length ? ` (EU label: ${grades.join(', ')})` : ''}, ${formatPence(offer.price)} a tyre fully fitted at your home or work. See the first day we can fit it, and book online.`,
      keywords: [
        `${offer.brand} ${offer.pattern}`,
        `${offer.brand} ${offer.pattern} ${sizeLabel(size)}`,
        `${sizeLabel(size)} tyres`,
      ],
    },
    (root) => [tyreJsonLd(offer, loaded.ean, `${root.publicUrl}${path}`, root.site.companyName)],
  );
};

/** A tyre that is not on offer: says so, with its size's tyres (or all sizes) to choose from. */
function TyreNotFound({
  size,
  withdrawn,
}: {
  size: { width: number; profile: number; rim: number } | null;
  withdrawn: string | null;
}) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <h1 className="text-3xl font-extrabold sm:text-4xl">Tyre Not Found</h1>
      <p className="max-w-md text-slate-600">
        {withdrawn
          ? `The ${withdrawn} is no longer available from us.`
          : 'We do not offer this tyre at the moment.'}{' '}
        {size
          ? `See the ${sizeLabel(size)} tyres we can fit instead.`
          : 'Choose your size to see the tyres we can fit.'}
      </p>
      <Link
        to={size ? `/tyres/${sizeSlug(size)}` : '/tyres'}
        className={buttonClass('primary', 'large', 'mt-2 px-5')}
      >
        {size ? `${sizeLabel(size)} tyres` : 'Find your tyre size'}
      </Link>
    </main>
  );
}

export default function TyrePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.page === 'missing')
    return <TyreNotFound size={loaderData.size} withdrawn={loaderData.withdrawn} />;
  return <TyrePageView {...loaderData} />;
}

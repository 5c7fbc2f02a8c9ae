import { data, redirect } from 'react-router';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import { SizeLinks, TyreFinder } from '#app/features/tyres/index.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { isTyreSize, sameSize, sizeLabel, sizeSlug } from '#common/tyres/size.ts';
import type { Route } from './+types/tyres';

/**
 * /tyres: find tyres by size. A complete size the catalogue has goes on to its page
 * (/tyres/205-55-r16); one it does not have is said so, with the sizes it has.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
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
    { sizes, chosen: asked ? chosen : {}, notFound },
    asked ? { status: notFound ? 404 : 200 } : undefined,
  );
}

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  pageMeta(matches, {
    path: '/tyres',
    title: 'Tyres Fitted at Home: Find Your Size',
    description:
      'Choose your tyre size and compare the tyres we can fit, with their EU label, the fully fitted price and the first day we can fit them at your home or work.',
    keywords: ['tyres fitted at home', 'mobile tyre fitting', 'cheap tyres fitted', 'tyre sizes'],
    noindex: Boolean(page?.notFound),
  });

export default function TyresPage({ loaderData }: Route.ComponentProps) {
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

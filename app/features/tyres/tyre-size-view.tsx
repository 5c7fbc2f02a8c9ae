import { Link } from 'react-router';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import type { TyreOffer, TyreSearchAnswer } from '#common/tyres/catalogue.ts';
import { tyreTierNames, tyreTiers } from '#common/tyres/pricing.ts';
import { sizeLabel, type TyreSize } from '#common/tyres/size.ts';
import { TyreCard } from './tyre-card.tsx';
import { TyreFilters } from './tyre-filters.tsx';
import type { TyreChoices } from './tyre-query.ts';

type TyreSizePageData = {
  size: TyreSize;
  answer: TyreSearchAnswer;
  choices: TyreChoices;
  brands: string[];
  /** The service "Book fitting" books (tyre replacement). */
  bookService: string;
};

function Group({
  title,
  offers,
  ...card
}: {
  title: string;
  offers: TyreOffer[];
  quantity: number;
  bookService: string;
}) {
  const id = `tier-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-extrabold">
        {title} <span className="text-base font-semibold text-slate-500">({offers.length})</span>
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {offers.map((offer) => (
          <TyreCard key={offer.id} offer={offer} {...card} />
        ))}
      </div>
    </section>
  );
}

/** A size's page (/tyres/205-55-r16): its tyres by tier with their label, price fully fitted and first day. */
export function TyreSizeView({ size, answer, choices, brands, bookService }: TyreSizePageData) {
  const label = sizeLabel(size);
  const card = { quantity: choices.quantity, bookService };
  const fittable = answer.items.filter((offer) => offer.fittedFrom !== null);
  return (
    <main>
      <PageHeader title={`${label} tyres, fitted`}>
        Fitted at your home or work: the price of each tyre includes the fitting, a new valve, balancing and
        the disposal of the old tyre, and VAT. The price you see is what you pay.
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <p className="mb-4 text-sm">
          <Link to="/tyres" className="font-semibold text-brand-dark underline underline-offset-2">
            Choose another size
          </Link>
        </p>
        <TyreFilters choices={choices} brands={brands} />
        <p role="status" className="mt-6 font-semibold">
          {fittable.length === 0
            ? `Nothing in ${label} can be booked at the moment${answer.items.length > 0 ? ' with these choices' : ''}.`
            : `${fittable.length} ${fittable.length === 1 ? 'tyre' : 'tyres'} in ${label} can be fitted, priced for ${choices.quantity}.`}
        </p>
        {tyreTiers.map((tier) => {
          const offers = answer.items.filter((offer) => offer.tier === tier);
          return (
            offers.length > 0 && <Group key={tier} title={tyreTierNames[tier]} offers={offers} {...card} />
          );
        })}
        {answer.alternatives.length > 0 && (
          <section
            aria-labelledby="stand-ins"
            className="mt-12 rounded-xl border border-accent/60 bg-amber-50 p-4 sm:p-6"
          >
            <h2 id="stand-ins" className="text-2xl font-extrabold">
              Sizes that could fit instead
            </h2>
            <p className="mt-2 text-slate-700">
              These sizes are within 3% of the overall diameter of {label}, and at least as strong and as
              fast. To be confirmed with the fitter: some need a different wheel size, and your car’s handbook
              has the last word.
            </p>
            <div className="mt-4 grid gap-4 md:grid-cols-2">
              {answer.alternatives.map((offer) => (
                <TyreCard key={offer.id} offer={offer} showSize {...card} />
              ))}
            </div>
          </section>
        )}
      </div>
    </main>
  );
}

import { Link } from 'react-router';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import { tyreSortNames, type TyreOffer, type TyreSearchAnswer } from '#common/tyres/catalogue.ts';
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
  /** For each tyre of the list that cannot be booked, the id of the one the loader offers instead. */
  instead: Record<number, number>;
};

/** A size's page (/tyres/205-55-r16): its tyres in the order chosen, each with its range, label, price fully fitted and first day. */
export function TyreSizeView({ size, answer, choices, brands, bookService, instead }: TyreSizePageData) {
  const label = sizeLabel(size);
  const card = { quantity: choices.quantity, bookService };
  const fittable = answer.items.filter((offer) => offer.fittedFrom !== null);
  const byId = new Map(answer.items.map((offer) => [offer.id, offer]));
  const insteadOf = (offer: TyreOffer) => {
    const id = instead[offer.id];
    return id === undefined ? undefined : byId.get(id);
  };
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
        <section aria-labelledby="tyre-list" className="mt-8">
          <h2 id="tyre-list" className="text-2xl font-extrabold">
            {tyreSortNames[choices.sort]} first
          </h2>
          <p role="status" className="mt-1 font-semibold">
            {fittable.length === 0
              ? `Nothing in ${label} can be booked at the moment${answer.items.length > 0 ? ' with these choices' : ''}.`
              : `${fittable.length} ${fittable.length === 1 ? 'tyre' : 'tyres'} in ${label} can be fitted, priced for ${choices.quantity}.`}
          </p>
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            {answer.items.map((offer) => (
              <TyreCard
                key={offer.id}
                offer={offer}
                instead={insteadOf(offer)}
                standInsShown={answer.alternatives.length > 0}
                {...card}
              />
            ))}
          </div>
        </section>
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

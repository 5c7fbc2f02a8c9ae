import { Link } from 'react-router';
import { buttonClass } from '#app/components/ui/button.tsx';
import { seasonNames, type TyreOffer } from '#common/tyres/catalogue.ts';
import { fittedTotal, shownQuantities, tyreTierNames } from '#common/tyres/pricing.ts';
import { formatPence } from '#common/util/money.ts';
import { loadIndexText, parseTyreSize, sizeLabel } from '#common/tyres/size.ts';
import { tyrePagePath } from '#common/tyres/tyre-slug.ts';
import { EuLabel } from './eu-label.tsx';
import { bookFittingPath, shortDay } from './tyre-query.ts';

function When({ offer }: { offer: TyreOffer }) {
  if (offer.fittedFrom === null) {
    return <p className="font-semibold text-slate-600">Not available to book at the moment</p>;
  }
  return (
    <p className="font-semibold text-brand-dark">
      Fitted from {shortDay(offer.fittedFrom)}
      {offer.availability === 'supplier' && (
        <span className="block text-sm font-normal text-slate-600">Ordered in for you from our supplier</span>
      )}
    </p>
  );
}

/** One tyre of a size page's results: what it is, its label, its price fully fitted and when. */
export function TyreCard({
  offer,
  quantity,
  bookService,
  showSize = false,
}: {
  offer: TyreOffer;
  quantity: number;
  bookService: string;
  /** Stand-ins show their own size first: it is not the one asked for. */
  showSize?: boolean;
}) {
  const size = parseTyreSize(offer.size);
  const name = `${offer.brand} ${offer.pattern}`;
  const marks = [
    `${size ? sizeLabel(size) : offer.size} ${loadIndexText(offer)}${offer.speedRating}`,
    seasonNames[offer.season],
    ...(offer.extraLoad ? ['Extra load (XL)'] : []),
    ...(offer.runFlat ? ['Run-flat'] : []),
  ];
  return (
    <article
      aria-label={name}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div>
        {showSize && (
          <p className="text-sm font-bold uppercase tracking-wide text-accent">
            {size ? sizeLabel(size) : offer.size}
          </p>
        )}
        <h3 className="text-lg font-bold leading-snug">
          {size ? (
            <Link to={tyrePagePath(size, offer.slug)} className="underline-offset-2 hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </h3>
        <p className="text-sm text-slate-600">
          {tyreTierNames[offer.tier]} · {marks.join(' · ')}
        </p>
      </div>
      <EuLabel label={offer.label} />
      <div className="mt-auto flex flex-wrap items-end justify-between gap-3 border-t border-slate-100 pt-3">
        <div>
          <p>
            <span className="text-2xl font-extrabold">{formatPence(offer.price)}</span>{' '}
            <span className="text-sm text-slate-600">each, fully fitted</span>
          </p>
          <p className="text-sm text-slate-600">
            {shownQuantities
              .filter((count) => count > 1)
              .map((count) => `${count} for ${formatPence(fittedTotal(offer.price, count))}`)
              .join(' · ')}
          </p>
          <When offer={offer} />
        </div>
        {offer.fittedFrom !== null && (
          <Link
            to={bookFittingPath(bookService, offer.id, quantity)}
            className={buttonClass('primary', 'large')}
            aria-label={`Book fitting: ${quantity} × ${name}`}
          >
            Book fitting
          </Link>
        )}
      </div>
    </article>
  );
}

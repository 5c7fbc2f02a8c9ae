import { Link } from 'react-router';
import { seasonNames, type TyreOffer } from '#common/tyres/catalogue.ts';
import { fittedTotal, shownQuantities, tyreTierNames } from '#common/tyres/pricing.ts';
import { formatPence } from '#common/util/money.ts';
import { loadIndexText, parseTyreSize, sizeLabel } from '#common/tyres/size.ts';
import { tyrePagePath } from '#common/tyres/tyre-slug.ts';
import { EuLabel } from './eu-label.tsx';
import { shortDay } from './tyre-query.ts';
import { BookFittingLink } from './book-fitting-link.tsx';

const linkClass = 'font-semibold text-brand-dark underline underline-offset-2';

/** A tyre's page, or its name alone when its size cannot be read. */
function TyreLink({ offer }: { offer: TyreOffer }) {
  const size = parseTyreSize(offer.size);
  const name = `${offer.brand} ${offer.pattern}`;
  return size ? (
    <Link to={tyrePagePath(size, offer.slug)} className="underline-offset-2 hover:underline">
      {name}
    </Link>
  ) : (
    name
  );
}

/**
 * A tyre that cannot be booked says what to do instead: the nearest tyre of the list that can
 * (or the sizes that could fit, when none of this size can), or to ask us.
 */
function WhatInstead({ instead, standInsShown }: { instead?: TyreOffer; standInsShown: boolean }) {
  return (
    <p className="text-sm text-slate-700">
      {instead ? (
        <>
          Instead: <TyreLink offer={instead} />, {formatPence(instead.price)} each, fitted from{' '}
          {shortDay(instead.fittedFrom!)}. Or{' '}
        </>
      ) : standInsShown ? (
        <>
          See the{' '}
          <a href="#stand-ins" className={linkClass}>
            sizes that could fit instead
          </a>
          , or{' '}
        </>
      ) : null}
      <Link to="/#contact" className={linkClass}>
        {instead || standInsShown ? 'ask us' : 'Ask us'} when it will be back
      </Link>
      .
    </p>
  );
}

function When({ offer }: { offer: TyreOffer }) {
  return (
    <p className="font-semibold text-brand-dark">
      Fitted from {shortDay(offer.fittedFrom!)}
      {offer.availability === 'supplier' && (
        <span className="block text-sm font-normal text-slate-600">Ordered in for you from our supplier</span>
      )}
    </p>
  );
}

/** The price fully fitted: for the number chosen first, then for one. */
function Price({ price, quantity }: { price: number; quantity: number }) {
  if (quantity === 1) {
    return (
      <>
        <p>
          <span className="text-2xl font-extrabold">{formatPence(price)}</span>{' '}
          <span className="text-sm text-slate-600">each, fully fitted</span>
        </p>
        <p className="text-sm text-slate-600">
          {shownQuantities
            .filter((count) => count > 1)
            .map((count) => `${count} for ${formatPence(fittedTotal(price, count))}`)
            .join(' · ')}
        </p>
      </>
    );
  }
  return (
    <>
      <p>
        <span className="text-2xl font-extrabold">{formatPence(fittedTotal(price, quantity))}</span>{' '}
        <span className="font-semibold">for {quantity}, fitted</span>
      </p>
      <p className="text-sm text-slate-600">{formatPence(price)} each, fully fitted</p>
    </>
  );
}

/** One tyre of a size page's results: its range, what it is, its label, its price fully fitted and when. */
export function TyreCard({
  offer,
  quantity,
  bookService,
  showSize = false,
  instead,
  standInsShown = false,
}: {
  offer: TyreOffer;
  quantity: number;
  bookService: string;
  /** Stand-ins show their own size first: it is not the one asked for. */
  showSize?: boolean;
  /** What to book instead, when this tyre cannot be booked. */
  instead?: TyreOffer;
  /** Whether the page offers sizes that could fit instead. */
  standInsShown?: boolean;
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
        <p className="flex flex-wrap gap-2 text-xs font-bold uppercase tracking-wide">
          <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700">{tyreTierNames[offer.tier]}</span>
          {showSize && <span className="py-0.5 text-amber-800">{size ? sizeLabel(size) : offer.size}</span>}
        </p>
        <h3 className="mt-1 text-lg font-bold leading-snug">
          <TyreLink offer={offer} />
        </h3>
        <p className="text-sm text-slate-600">{marks.join(' · ')}</p>
      </div>
      <EuLabel label={offer.label} />
      <div className="mt-auto flex flex-wrap items-end justify-between gap-3 border-t border-slate-100 pt-3">
        <div>
          <Price price={offer.price} quantity={quantity} />
          {offer.fittedFrom === null ? (
            <>
              <p className="font-semibold text-slate-600">Not available to book at the moment</p>
              <WhatInstead instead={instead} standInsShown={standInsShown} />
            </>
          ) : (
            <When offer={offer} />
          )}
        </div>
        {offer.fittedFrom !== null && (
          <BookFittingLink service={bookService} tyreId={offer.id} quantity={quantity} name={name} />
        )}
      </div>
    </article>
  );
}

import { Link } from 'react-router';
import type { TyreOffer } from '#common/tyres/catalogue.ts';
import type { TyreAvailability } from '#common/tyres/fitted-from.ts';
import { fittedTotal } from '#common/tyres/pricing.ts';
import { formatPence } from '#common/util/money.ts';
import { shortDay } from '#app/features/tyres/tyre-query.ts';
import { BookFittingLink } from '#app/features/tyres/book-fitting-link.tsx';

export type TyreQuantity = { quantity: number; fittedFrom: string | null; availability: TyreAvailability };

const whereFrom: Record<TyreAvailability, string> = {
  'in-stock': 'In stock',
  supplier: 'Ordered in for you from our supplier',
  none: 'Not available to book at the moment',
};

/** "1 tyre" / "4 tyres" */
const tyres = (quantity: number) => `${quantity} ${quantity === 1 ? 'tyre' : 'tyres'}`;

/**
 * A tyre's prices fully fitted for 1, 2 and 4, each with when that many can be fitted and
 * whether they are on our shelves or come from the supplier, and its "Book fitting" link.
 */
export function TyrePrices({
  offer,
  quantities,
  bookService,
  name,
}: {
  offer: TyreOffer;
  quantities: readonly TyreQuantity[];
  bookService: string;
  name: string;
}) {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {quantities.map(({ quantity, fittedFrom, availability }) => (
        <li key={quantity} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div>
            <p>
              <span className="font-semibold">{tyres(quantity)}</span>{' '}
              <span className="text-2xl font-extrabold">
                {formatPence(fittedTotal(offer.price, quantity))}
              </span>
            </p>
            {fittedFrom === null ? (
              <p className="text-sm font-semibold text-slate-600">{whereFrom.none}</p>
            ) : (
              <p className="text-sm">
                <span className="font-semibold text-brand-dark">Fitted from {shortDay(fittedFrom)}</span>
                <span className="block text-slate-600">{whereFrom[availability]}</span>
              </p>
            )}
          </div>
          {fittedFrom !== null && (
            <BookFittingLink service={bookService} tyreId={offer.id} quantity={quantity} name={name} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** What to do when the tyre cannot be booked online now: call, ask by the form, or look at the size's other tyres. */
export function NotBookable({
  phone,
  formattedPhone,
  sizePath,
  sizeName,
}: {
  phone: string;
  formattedPhone: string;
  sizePath: string;
  sizeName: string;
}) {
  const link = 'font-semibold underline underline-offset-2';
  return (
    <div role="status" className="rounded-xl border border-accent/60 bg-amber-50 p-4">
      <p className="font-bold">This tyre cannot be booked online at the moment.</p>
      <p className="mt-1 text-slate-700">
        Call us on{' '}
        <a className={link} href={`tel:${phone}`}>
          {formattedPhone}
        </a>{' '}
        or{' '}
        <Link className={link} to="/enquiry">
          send us an enquiry
        </Link>{' '}
        and we will find it for you, or see the{' '}
        <Link className={link} to={sizePath}>
          other {sizeName} tyres
        </Link>{' '}
        we can fit.
      </p>
    </div>
  );
}

import { Link } from 'react-router';
import type { TyreChoiceSummary } from './booking-types.ts';

/**
 * The tyres being booked, above the place and the day and time (the details' summary names them
 * itself): which, how many, the total fully fitted and the first day they can be fitted, with a
 * way to choose another and, given `withoutHref`, to book without them; or why a tyre chosen
 * earlier was dropped.
 */
export function TyreChoice({
  tyre,
  notice,
  withoutHref,
}: {
  tyre: TyreChoiceSummary | null;
  notice?: string | null;
  withoutHref?: string;
}) {
  if (notice) {
    return (
      <p
        role="alert"
        className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 font-semibold text-ink"
      >
        {notice}
      </p>
    );
  }
  if (!tyre) return null;
  return (
    <section
      aria-labelledby="book-tyres"
      className="mb-6 rounded-xl border border-brand/60 bg-brand-light p-4 sm:p-5"
    >
      <h2 id="book-tyres" className="text-sm font-bold uppercase tracking-wide text-brand-dark">
        Your tyres
      </h2>
      <p className="mt-1 text-lg font-bold">{tyre.what}</p>
      <p className="mt-1">
        <span className="text-2xl font-extrabold">{tyre.total}</span>{' '}
        <span className="text-slate-700">
          in all ({tyre.each} each), fully fitted, VAT included: nothing is added later.
        </span>
      </p>
      <p className="mt-1 text-sm text-slate-700">
        They can be fitted from {tyre.fittedFromText}.{' '}
        <Link to={tyre.sizePath} className="font-semibold text-ink underline underline-offset-2">
          Choose another tyre
        </Link>
        {withoutHref && (
          <>
            {' '}
            or{' '}
            <Link to={withoutHref} className="font-semibold text-ink underline underline-offset-2">
              book without tyres
            </Link>
          </>
        )}
      </p>
    </section>
  );
}

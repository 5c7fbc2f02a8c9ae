import { Link } from 'react-router';
import { stepHref, type BookingChoices, type BookingStep } from './booking-types.ts';

export type SummaryRow = {
  label: string;
  value: string;
  /** A second line (a branch's address, a postcode). */
  detail?: string;
  /** The step where it is chosen; its Change link keeps the other choices. */
  step: BookingStep;
};

/** The earlier steps' choices, each with a link back to change it. */
export function BookingSummary({ rows, choices }: { rows: readonly SummaryRow[]; choices: BookingChoices }) {
  return (
    <section
      aria-labelledby="book-summary-title"
      className="rounded-2xl border border-slate-200 bg-slate-50 p-5"
    >
      <h3 id="book-summary-title" className="font-heading text-lg font-bold">
        Your booking
      </h3>
      <dl className="mt-3 divide-y divide-slate-200">
        {rows.map((row) => (
          <div key={row.label} className="grid grid-cols-[1fr_auto] gap-x-4 py-3">
            <dt className="text-sm font-medium text-slate-600">{row.label}</dt>
            <dd className="col-start-1 mt-0.5 min-w-0 font-semibold break-words text-ink">
              {row.value}
              {row.detail && <span className="block text-sm font-normal text-slate-600">{row.detail}</span>}
            </dd>
            <dd className="col-start-2 row-span-2 row-start-1 self-center">
              <Link
                to={stepHref(row.step, choices)}
                className="text-sm font-semibold text-brand-dark underline underline-offset-2 hover:text-ink"
              >
                Change<span className="sr-only"> {row.label.toLowerCase()}</span>
              </Link>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

import { paymentMethodLabels, paymentMethods, type PaymentMethod } from '#common/jobs/invoice.ts';
import type { Takings } from '#common/jobs/jobs.ts';
import { formatPence } from '#common/util/money.ts';
import { plural } from '#common/util/words.ts';

type ByMethod = Record<PaymentMethod, number>;

/*
 * A table from `sm` up. On a phone each fitter is a block of its own: name and total on the first
 * line, then the methods two by two, each with its name, as six columns do not fit. The roles are
 * given outright because a table whose display is changed loses them in some browsers.
 */
const phoneRow = 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3';
const cell = 'px-3 py-2.5 text-right whitespace-nowrap tabular-nums max-sm:p-0';

/** An amount in a cell: nothing taken that way shows faintly, so the amounts to count stand out. */
function Amount({
  pence,
  method,
  strong = false,
}: {
  pence: number;
  method?: PaymentMethod;
  strong?: boolean;
}) {
  const tone = strong ? 'font-bold text-ink' : pence > 0 ? 'text-ink' : 'text-slate-500';
  return (
    <td
      role="cell"
      className={`${cell} ${tone} ${method ? 'max-sm:flex max-sm:justify-between max-sm:gap-2' : 'max-sm:col-start-2 max-sm:row-start-1'}`}
    >
      {method && <span className="font-normal text-slate-600 sm:hidden">{paymentMethodLabels[method]}</span>}
      {formatPence(pence)}
    </td>
  );
}

function FitterRow({
  name,
  note,
  byMethod,
  total,
  strong = false,
}: {
  name: string;
  note?: string;
  byMethod: ByMethod;
  total: number;
  strong?: boolean;
}) {
  return (
    <tr
      role="row"
      className={`border-b border-slate-100 last:border-b-0 ${phoneRow} ${strong ? 'bg-slate-50' : ''}`}
    >
      <th role="rowheader" scope="row" className="px-3 py-2.5 text-left font-semibold text-ink max-sm:p-0">
        {name}
        {note && <span className="block text-xs font-normal text-slate-500">{note}</span>}
      </th>
      {paymentMethods.map((method) => (
        <Amount key={method} pence={byMethod[method]} method={method} strong={strong} />
      ))}
      <Amount pence={total} strong />
    </tr>
  );
}

type FitterTakings = Takings['fitters'][number];

/**
 * Who took it, as the row names them: money paid online was taken by no account (Stripe took it),
 * so only a taker without an account who took money otherwise is one whose account was deleted.
 */
function takerName({ fitter, byMethod, total }: FitterTakings): string {
  const name = fitter?.name ?? 'Unknown';
  const online = total > 0 && byMethod.online === total;
  return fitter?.id == null && !online ? `${name} (account deleted)` : name;
}

/** Who took what, by method: what each fitter hands in (cash) or should have on the card reader. */
export function TakingsByFitter({ takings }: { takings: Takings }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <table role="table" className="w-full text-sm max-sm:block">
        <caption className="px-4 pt-4 pb-2 text-left font-heading text-base font-bold text-ink max-sm:block">
          By fitter
        </caption>
        <thead role="rowgroup" className="max-sm:sr-only">
          <tr
            role="row"
            className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase"
          >
            <th role="columnheader" scope="col" className="px-3 py-2 text-left font-semibold">
              Taken by
            </th>
            {paymentMethods.map((method) => (
              <th
                key={method}
                role="columnheader"
                scope="col"
                className="px-3 py-2 text-right font-semibold whitespace-nowrap"
              >
                {paymentMethodLabels[method]}
              </th>
            ))}
            <th role="columnheader" scope="col" className="px-3 py-2 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-sm:block max-sm:border-t max-sm:border-slate-200">
          {takings.fitters.map((entry, index) => (
            <FitterRow
              key={`${entry.fitter?.id ?? 'none'}-${entry.fitter?.name ?? index}`}
              name={takerName(entry)}
              note={plural(entry.payments, 'payment')}
              byMethod={entry.byMethod}
              total={entry.total}
            />
          ))}
        </tbody>
        <tfoot
          role="rowgroup"
          className="max-sm:block max-sm:rounded-b-xl max-sm:border-t max-sm:border-slate-200"
        >
          <FitterRow name="All fitters" byMethod={takings.byMethod} total={takings.total} strong />
        </tfoot>
      </table>
    </div>
  );
}

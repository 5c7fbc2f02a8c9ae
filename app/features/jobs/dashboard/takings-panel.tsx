import { paymentMethodLabels, paymentMethods } from '#common/jobs/invoice.ts';
import type { Takings } from '#common/jobs/jobs.ts';
import { formatPence } from '#common/util/money.ts';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { useTakings } from './jobs-queries.ts';
import { TakingsByFitter } from './takings-by-fitter.tsx';

/** The day's total, then each method's, largest first in the usual order of cashing up. */
function TakingsTotals({ takings }: { takings: Takings }) {
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <div className="rounded-xl bg-ink p-5 text-white shadow-sm">
        <p className="text-sm font-semibold text-slate-300">Taken in all</p>
        <p className="mt-1 font-heading text-3xl font-extrabold tabular-nums">{formatPence(takings.total)}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {paymentMethods.map((method) => (
          <div key={method} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-semibold text-slate-600">{paymentMethodLabels[method]}</dt>
            <dd
              className={`mt-1 text-xl font-bold tabular-nums ${takings.byMethod[method] > 0 ? 'text-ink' : 'text-slate-500'}`}
            >
              {formatPence(takings.byMethod[method])}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** What was taken on a day, for cashing up: in all, by method, and by fitter (owners only). */
export function TakingsPanel({ date }: { date: string }) {
  const takings = useTakings(date);
  if (takings.isPending) return <Spinner label="Loading takings..." showLabel />;
  if (takings.data === undefined) {
    return (
      <LoadFailure
        title="Failed to load the takings"
        detail={messageOf(takings.error)}
        onRetry={() => void takings.refetch()}
      />
    );
  }
  return (
    <div className="grid gap-6">
      <p className="text-sm text-slate-600">
        Payments taken on this day (London time), whichever day the job was booked for.
      </p>
      <TakingsTotals takings={takings.data} />
      {takings.data.fitters.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          Nothing was taken on this day.
        </p>
      ) : (
        <TakingsByFitter takings={takings.data} />
      )}
    </div>
  );
}

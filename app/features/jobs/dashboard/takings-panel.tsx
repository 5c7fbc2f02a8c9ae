import { paymentMethodLabels, paymentMethods } from '#common/jobs/invoice.ts';
import type { Takings } from '#common/jobs/jobs.ts';
import { formatPence } from '#common/util/money.ts';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { useTakings } from './jobs-queries.ts';
import { TakingsByFitter } from './takings-by-fitter.tsx';
import { OnlineTakingsLists, StripeCheck } from './takings-online.tsx';

/**
 * The day's total, and what is left of it once the day's refunds went back to cards; then each
 * method's, in the usual order of cashing up, payments online last.
 */
function TakingsTotals({ takings }: { takings: Takings }) {
  const refunded = takings.online.refunded;
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <div className="rounded-xl bg-ink p-5 text-white shadow-sm">
        <p className="text-sm font-semibold text-slate-300">Taken in all</p>
        <p className="mt-1 font-heading text-3xl font-extrabold tabular-nums">{formatPence(takings.total)}</p>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 border-t border-slate-600 pt-2 text-sm">
          <dt className="text-slate-300">Refunded</dt>
          <dd className="text-right tabular-nums">−{formatPence(refunded)}</dd>
          <dt className="font-semibold">Net</dt>
          <dd className="text-right font-bold tabular-nums">{formatPence(takings.total - refunded)}</dd>
        </dl>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
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

/**
 * What was taken on a day, for cashing up: in all, by method, and by fitter; the payments online
 * and refunds with Stripe's ids, and a check of them against Stripe (owners only).
 */
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
      {takings.data.fitters.length > 0 ? (
        <TakingsByFitter takings={takings.data} />
      ) : (
        takings.data.total === 0 && (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            Nothing was taken on this day.
          </p>
        )
      )}
      <OnlineTakingsLists takings={takings.data} />
      <StripeCheck key={date} date={date} />
    </div>
  );
}

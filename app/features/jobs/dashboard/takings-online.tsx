import { useState, type ReactNode } from 'react';
import type { Takings } from '#common/jobs/jobs.ts';
import type { OnlinePayment, ReconciledItem, Refund } from '#common/payments/payments.ts';
import { formatDateTime } from '#common/time/formats.ts';
import { londonTime } from '#common/time/london.ts';
import { formatPence } from '#common/util/money.ts';
import { plural } from '#common/util/words.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useReconciliation, useRetryRefund } from '#app/features/payments/index.ts';
import { messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';

const headCell = 'px-3 py-2 text-left font-semibold whitespace-nowrap';
const bodyCell = 'px-3 py-2.5 align-top';
const stripeId = 'font-mono text-xs break-all text-slate-600';

/** A list of the day's money online: a table with its caption, or a line saying there was none. */
function OnlineTable({
  caption,
  headers,
  empty,
  children,
  count,
}: {
  caption: string;
  headers: string[];
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-sm">
        <caption className="px-4 pt-4 pb-2 text-left font-heading text-base font-bold text-ink">
          {caption}
        </caption>
        {count > 0 && (
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              {headers.map((header) => (
                <th key={header} scope="col" className={headCell}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {count > 0 ? (
            children
          ) : (
            <tr>
              <td className="px-4 pb-4 text-slate-600">{empty}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function PaymentRow({ payment }: { payment: OnlinePayment }) {
  return (
    <tr className="border-b border-slate-100 last:border-b-0">
      <th scope="row" className={`${bodyCell} text-left font-semibold text-ink`}>
        {payment.reference ?? 'No booking'}
        <span className="block text-xs font-normal text-slate-500">
          {payment.purpose === 'deposit' ? 'Deposit' : 'Balance by link'}
        </span>
      </th>
      <td className={`${bodyCell} text-right tabular-nums`}>{formatPence(payment.amountPence)}</td>
      <td className={`${bodyCell} tabular-nums`}>{londonTime(new Date(payment.takenAt))}</td>
      <td className={`${bodyCell} ${stripeId}`}>{payment.paymentIntent ?? '—'}</td>
    </tr>
  );
}

const refundStatusWords: Record<Refund['status'], string> = {
  succeeded: 'Refunded',
  pending: 'Asked of Stripe',
  failed: 'Failed',
};

/** A refund Stripe refused, asked again; the takings are read again afterwards. */
function RetryButton({ refund }: { refund: Refund }) {
  const retry = useRetryRefund();
  return (
    <Button
      type="button"
      variant="outline"
      aria-disabled={retry.isPending}
      className="mt-1"
      onClick={() => {
        if (retry.isPending) return;
        retry.mutate(refund.id, {
          onSuccess: (answer) =>
            toast({
              title: answer.status === 'failed' ? 'Refund failed again' : 'Refund asked again',
              description:
                answer.failure ??
                `${formatPence(answer.amountPence)} for ${answer.reference ?? 'the booking'}.`,
            }),
          onError: (error) =>
            toast({ variant: 'destructive', title: 'Refund not asked again', description: messageOf(error) }),
        });
      }}
    >
      {retry.isPending ? 'Trying again…' : 'Try again'}
      <span className="sr-only"> the refund of {refund.reference ?? formatPence(refund.amountPence)}</span>
    </Button>
  );
}

function RefundRow({ refund }: { refund: Refund }) {
  const failed = refund.status === 'failed';
  return (
    <tr className="border-b border-slate-100 last:border-b-0">
      <th scope="row" className={`${bodyCell} text-left font-semibold text-ink`}>
        {refund.reference ?? 'No booking'}
        <span className="block text-xs font-normal text-slate-500">By {refund.requestedBy}</span>
      </th>
      <td className={`${bodyCell} text-right tabular-nums`}>−{formatPence(refund.amountPence)}</td>
      <td className={bodyCell}>
        <span className={failed ? 'font-semibold text-red-700' : 'text-ink'}>
          {refundStatusWords[refund.status]}
        </span>
        {failed && (
          <>
            <span className="block text-red-700">{refund.failure ?? 'Stripe gave no reason.'}</span>
            <RetryButton refund={refund} />
          </>
        )}
      </td>
      <td className={`${bodyCell} ${stripeId}`}>
        {refund.stripeRefundId ?? '—'}
        <span className="block">of {refund.paymentIntent}</span>
      </td>
    </tr>
  );
}

/**
 * The day's money online, with Stripe's ids to find each in Stripe's dashboard: the payments in
 * (deposits and balances paid by link) and the refunds out, a failed one with Stripe's reason.
 */
export function OnlineTakingsLists({ takings }: { takings: Takings }) {
  const { payments, refunds } = takings.online;
  return (
    <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
      <OnlineTable
        caption="Paid online"
        headers={['Reference', 'Amount', 'Time', 'Stripe payment']}
        empty="Nothing was paid online on this day."
        count={payments.length}
      >
        {payments.map((payment) => (
          <PaymentRow key={payment.id} payment={payment} />
        ))}
      </OnlineTable>
      <OnlineTable
        caption="Refunds"
        headers={['Reference', 'Amount', 'Status', 'Stripe refund']}
        empty="No refunds on this day."
        count={refunds.length}
      >
        {refunds.map((refund) => (
          <RefundRow key={refund.id} refund={refund} />
        ))}
      </OnlineTable>
    </div>
  );
}

/** One payment only one side knows of. */
function ReconciledEntry({ item }: { item: ReconciledItem }) {
  return (
    <li className="rounded-lg bg-slate-50 p-3 text-sm">
      <p className="font-semibold text-ink">
        {item.reference ?? 'No booking'}: {formatPence(item.amountPence)}, {formatDateTime(item.at)}
      </p>
      <p className={stripeId}>
        {item.paymentIntent ?? 'No payment id'} · {item.sessionId}
      </p>
    </li>
  );
}

function ReconciledList({ title, items }: { title: string; items: ReconciledItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title} className="grid gap-2">
      <h4 className="font-semibold text-red-800">
        {title} ({items.length})
      </h4>
      <ul className="grid gap-2">
        {items.map((item) => (
          <ReconciledEntry key={item.sessionId} item={item} />
        ))}
      </ul>
    </section>
  );
}

/**
 * "Check against Stripe" (owners): the day's paid Checkout Sessions as Stripe lists them against
 * the payments recorded here, for a payment whose word from Stripe never arrived, or one recorded
 * that Stripe does not know.
 */
export function StripeCheck({ date }: { date: string }) {
  const [asked, setAsked] = useState(false);
  const check = useReconciliation(date, { enabled: asked });
  const result = check.data;
  const ask = () => {
    if (check.isFetching) return;
    if (asked) void check.refetch();
    else setAsked(true);
  };
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Compare the day’s payments online with Stripe’s own record of them.
        </p>
        <Button type="button" variant="outline" aria-disabled={check.isFetching} onClick={ask}>
          {check.isFetching ? 'Checking…' : 'Check against Stripe'}
        </Button>
      </div>
      {asked && check.isPending && <Spinner label="Asking Stripe…" />}
      {check.isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          Stripe could not be checked: {messageOf(check.error)}
        </p>
      )}
      {result && (
        <div role="status" className="grid gap-3">
          {result.missingHere.length === 0 && result.missingAtStripe.length === 0 ? (
            <p className="rounded-lg bg-brand-light p-3 text-sm font-semibold text-ink">
              Everything matches: {plural(result.matched, 'payment')}
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-700">{plural(result.matched, 'payment')} match.</p>
              <ReconciledList title="Paid at Stripe, missing here" items={result.missingHere} />
              <ReconciledList title="Recorded here, missing at Stripe" items={result.missingAtStripe} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

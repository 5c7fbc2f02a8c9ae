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

/*
 * A table from `sm` up. On a phone each payment or refund is a block of its own: the reference and
 * the amount on the first line, then the rest below at the full width, so that Stripe's long ids
 * wrap in one piece rather than in a narrow column. The roles are given outright because a table
 * whose display is changed loses them in some browsers.
 */
const headCell = 'px-3 py-2 font-semibold whitespace-nowrap';
const bodyCell = 'px-3 py-2.5 align-top max-sm:p-0';
const phoneRow =
  'max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-4 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3';
/** Under the reference and the amount, across the row. */
const phoneWide = 'max-sm:col-span-2';
const stripeId = 'font-mono text-xs break-all text-slate-600 select-all';
/** In a table's cell, a little lower, on the line of the reference beside it. */
const stripeIdCell = `${stripeId} sm:pt-3`;

type Column = { label: string; numeric?: boolean };

/** A list of the day's money online: a table with its caption, or a line saying there was none. */
function OnlineTable({
  caption,
  columns,
  empty,
  children,
  count,
}: {
  caption: string;
  columns: Column[];
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm sm:overflow-x-auto">
      <table role="table" className="w-full text-sm max-sm:block">
        <caption className="px-4 pt-4 pb-2 text-left font-heading text-base font-bold text-ink max-sm:block">
          {caption}
        </caption>
        {count > 0 && (
          <thead role="rowgroup" className="max-sm:sr-only">
            <tr
              role="row"
              className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase"
            >
              {columns.map((column) => (
                <th
                  key={column.label}
                  role="columnheader"
                  scope="col"
                  className={`${headCell} ${column.numeric ? 'text-right' : 'text-left'}`}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody role="rowgroup" className="max-sm:block max-sm:border-t max-sm:border-slate-200">
          {count > 0 ? (
            children
          ) : (
            <tr role="row" className="max-sm:block">
              <td role="cell" className="px-4 pb-4 text-slate-600 max-sm:block max-sm:pt-3">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The reference a payment or refund is for, with a word of what it was, heading its row. */
function ReferenceCell({ reference, note }: { reference: string | null; note: string }) {
  return (
    <th
      role="rowheader"
      scope="row"
      className={`${bodyCell} text-left font-semibold text-ink max-sm:row-span-2`}
    >
      {reference ?? 'No booking'}
      <span className="block text-xs font-normal text-slate-500">{note}</span>
    </th>
  );
}

function PaymentRow({ payment }: { payment: OnlinePayment }) {
  return (
    <tr role="row" className={`border-b border-slate-100 last:border-b-0 ${phoneRow}`}>
      <ReferenceCell
        reference={payment.reference}
        note={payment.purpose === 'deposit' ? 'Deposit' : 'Balance by link'}
      />
      <td role="cell" className={`${bodyCell} text-right font-semibold whitespace-nowrap tabular-nums`}>
        {formatPence(payment.amountPence)}
      </td>
      <td
        role="cell"
        className={`${bodyCell} tabular-nums max-sm:col-start-2 max-sm:row-start-2 max-sm:text-right max-sm:text-xs max-sm:text-slate-500`}
      >
        {londonTime(new Date(payment.takenAt))}
      </td>
      <td role="cell" className={`${bodyCell} ${stripeIdCell} ${phoneWide}`}>
        {payment.paymentIntent ?? '—'}
      </td>
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
    <tr role="row" className={`border-b border-slate-100 last:border-b-0 ${phoneRow}`}>
      <ReferenceCell reference={refund.reference} note={`By ${refund.requestedBy}`} />
      <td role="cell" className={`${bodyCell} text-right font-semibold whitespace-nowrap tabular-nums`}>
        −{formatPence(refund.amountPence)}
      </td>
      <td role="cell" className={`${bodyCell} ${phoneWide}`}>
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
      <td role="cell" className={`${bodyCell} ${stripeIdCell} ${phoneWide}`}>
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
        columns={[
          { label: 'Reference' },
          { label: 'Amount', numeric: true },
          { label: 'Time' },
          { label: 'Stripe payment' },
        ]}
        empty="Nothing was paid online on this day."
        count={payments.length}
      >
        {payments.map((payment) => (
          <PaymentRow key={payment.id} payment={payment} />
        ))}
      </OnlineTable>
      <OnlineTable
        caption="Refunds"
        columns={[
          { label: 'Reference' },
          { label: 'Amount', numeric: true },
          { label: 'Status' },
          { label: 'Stripe refund' },
        ]}
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

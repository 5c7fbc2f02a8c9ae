import { paidInFullText } from '#common/jobs/invoice.ts';
import { formatPence } from '#common/util/money.ts';

/** What has been paid against what the job charges: green when settled, amber when part paid. */
export function JobPayment({ paid, total }: { paid: number; total: number }) {
  if (total > 0 && paid >= total) {
    return (
      <p className="text-sm">
        <span className="rounded bg-brand-light px-1.5 py-0.5 font-semibold text-brand-dark">
          {paidInFullText}
        </span>{' '}
        <span className="font-semibold text-ink tabular-nums">{formatPence(paid)}</span>
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      <span
        className={`rounded px-1.5 py-0.5 font-semibold ${paid > 0 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'}`}
      >
        {paid > 0 ? 'Part paid' : 'Not paid'}
      </span>{' '}
      {paid > 0 ? (
        <>
          <span className="font-semibold text-ink tabular-nums">{formatPence(paid)}</span> of{' '}
          <span className="tabular-nums">{formatPence(total)}</span>
        </>
      ) : (
        <>
          <span className="font-semibold text-ink tabular-nums">{formatPence(total)}</span> to pay
        </>
      )}
    </p>
  );
}

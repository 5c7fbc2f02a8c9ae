import type { TyreSourceView } from '#common/tyres/staff.ts';
import { formatPence } from '#common/util/money.ts';

/**
 * Where a tyre can be had, cheapest first: each supplier (or our own list) with the part number
 * to order it by, its cost, stock and delivery time.
 */
export function TyreSources({ sources }: { sources: readonly TyreSourceView[] }) {
  if (sources.length === 0) return null;
  return (
    <ul aria-label="Where to order it" className="mt-3 grid gap-1 text-sm text-slate-700">
      {sources.map((source, index) => (
        <li key={`${source.supplier ?? ''}-${index}`} className="break-words">
          <span className="font-semibold text-ink">{source.supplier ?? 'Our own list'}</span>
          {source.partNumber && <span className="font-mono"> · part no. {source.partNumber}</span>}
          {` · ${formatPence(source.cost)} · ${source.stock} in stock · ${source.leadDays} ${
            source.leadDays === 1 ? 'day' : 'days'
          } to deliver`}
        </li>
      ))}
    </ul>
  );
}

import type { ReactNode } from 'react';

/** One fact of a card's `<dl>`: "Term: value", the value wrapping within the card. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1.5">
      <dt className="font-semibold text-ink">{term}:</dt>
      <dd className="min-w-0 break-words text-slate-700">{children}</dd>
    </div>
  );
}

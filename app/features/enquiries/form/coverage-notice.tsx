import type { ReactNode } from 'react';
import type { Coverage } from '#common/site-content/postcode.ts';
import { CheckIcon } from '#app/components/ui/icons.tsx';

/**
 * Whether the customer's postcode district is inside the area the business covers: under the
 * enquiry form's postcode as soon as a full postcode is typed, and on the confirmation page. An
 * enquiry from outside is still welcome; the words say so.
 */
export function CoverageNotice({
  coverage,
  id,
  outsideText,
}: {
  coverage: Coverage;
  id?: string;
  /** What to say of a district outside (the booking page cannot take the booking). */
  outsideText?: (district: string) => ReactNode;
}) {
  if (coverage.verdict === 'unknown') return null;
  if (coverage.verdict === 'inside') {
    return (
      <span id={id} className="flex items-start gap-2 text-sm font-medium text-brand-dark">
        <CheckIcon className="mt-0.5 size-4 shrink-0" />
        Good news: {coverage.district} is inside our area, so we can come to you.
      </span>
    );
  }
  return (
    <span
      id={id}
      className="block rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {outsideText ? (
        outsideText(coverage.district)
      ) : (
        <>
          {coverage.district} is outside the area we usually cover. You can still send your enquiry: we will
          tell you whether we can come to you, or which branch is nearest.
        </>
      )}
    </span>
  );
}

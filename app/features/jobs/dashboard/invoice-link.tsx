import type { InvoiceKind } from '#common/jobs/invoice.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { DownloadIcon } from '#app/components/ui/staff-icons.tsx';
import { invoicePdfPath } from './jobs-format.ts';

const kindLabels: Record<InvoiceKind, string> = { invoice: 'Invoice', 'credit-note': 'Credit note' };

/** An invoice's or credit note's PDF, opened in a new tab (the browser's own viewer prints it). */
export function InvoiceLink({ jobId, number, kind }: { jobId: number; number: string; kind: InvoiceKind }) {
  return (
    <a
      href={invoicePdfPath(jobId, number)}
      target="_blank"
      rel="noreferrer"
      className={buttonClass('outline', 'compact')}
    >
      <DownloadIcon className="size-4" />
      {kindLabels[kind]} {number}
      <span className="text-xs font-normal text-slate-500">PDF</span>
    </a>
  );
}

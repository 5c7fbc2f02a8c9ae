import { useState } from 'react';
import { TextThread } from '#app/features/messages/dashboard/index.ts';

/**
 * An enquiry's texts, read when opened: opening them marks the customer's replies read. The
 * count of unread replies shows on the closed summary.
 */
export function EnquiryTexts({ enquiryId, unread }: { enquiryId: number; unread: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-3 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="flex min-h-10 cursor-pointer items-center gap-2 font-semibold text-brand-dark">
        Texts
        {unread > 0 && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
            {unread} new
          </span>
        )}
      </summary>
      {open && (
        <div className="mt-2 rounded-lg border border-slate-200 p-3">
          <TextThread of={{ enquiry: enquiryId }} />
        </div>
      )}
    </details>
  );
}

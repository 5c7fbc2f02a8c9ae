import { useState } from 'react';
import { useMessagesStatus, useUnreadReplies, type TextsOf } from './messages-queries.ts';
import { TextThread } from './text-thread.tsx';

/**
 * A booking's or an enquiry's texts, read when opened: opening them marks the customer's replies
 * read. The count of unread replies shows on the closed summary. They show while texts are set
 * up, and for replies still to read after they stop.
 */
export function TextsDisclosure({ of }: { of: TextsOf }) {
  const [open, setOpen] = useState(false);
  const configured = useMessagesStatus().data?.configured ?? false;
  const replies = useUnreadReplies().data?.replies ?? [];
  const unread = replies.filter((reply) =>
    'booking' in of ? reply.booking?.id === of.booking : reply.enquiry?.id === of.enquiry,
  ).length;
  if (!configured && unread === 0) return null;
  return (
    <details className="mt-3 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer py-2 font-semibold text-brand-dark">
        Texts
        {unread > 0 && (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
            {unread} new
          </span>
        )}
      </summary>
      {open && (
        <div className="mt-2 rounded-lg border border-slate-200 p-3">
          <TextThread of={of} />
        </div>
      )}
    </details>
  );
}

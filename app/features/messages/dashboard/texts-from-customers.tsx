import type { TextReply } from '#common/messages/replies.ts';
import { formatDateTime } from '#common/time/formats.ts';
import { useMarkRepliesRead, useUnreadReplies } from './messages-queries.ts';

const linkClass =
  'min-h-10 rounded-lg px-2 font-semibold text-brand-dark underline underline-offset-4 hover:text-ink';

/**
 * The customers' texts not yet read, above the Enquiries tab's inbox: who sent each (the name of
 * the booking or enquiry it landed on, else the number), when, its words, and the way to the
 * enquiry it belongs to. Nothing shows while every reply is read.
 */
export function TextsFromCustomers({ onShowEnquiry }: { onShowEnquiry: (reference: string) => void }) {
  const unread = useUnreadReplies();
  const markRead = useMarkRepliesRead();
  const replies = unread.data?.replies ?? [];
  if (!unread.data || unread.data.unread === 0) return null;
  return (
    <section
      aria-labelledby="texts-from-customers"
      className="grid gap-3 rounded-xl border border-l-4 border-slate-200 border-l-accent bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="texts-from-customers" className="flex items-center gap-2 text-lg font-bold text-ink">
        Texts from customers
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-bold text-amber-900">
          {unread.data.unread}
          <span className="sr-only"> unread</span>
        </span>
      </h2>
      <ul className="grid gap-3">
        {replies.map((reply) => (
          <Reply
            key={reply.id}
            reply={reply}
            busy={markRead.isPending}
            onShowEnquiry={onShowEnquiry}
            onRead={() => markRead.mutate({ ids: [reply.id] })}
          />
        ))}
      </ul>
    </section>
  );
}

function Reply({
  reply,
  busy,
  onShowEnquiry,
  onRead,
}: {
  reply: TextReply;
  busy: boolean;
  onShowEnquiry: (reference: string) => void;
  onRead: () => void;
}) {
  const { enquiry, booking } = reply;
  return (
    <li className="min-w-0 rounded-lg bg-slate-50 p-3">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-semibold break-words text-ink">{reply.name ?? reply.phone}</span>
        <time dateTime={reply.receivedAt} className="text-xs text-slate-600">
          {formatDateTime(reply.receivedAt)}
        </time>
      </p>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{reply.body}</p>
      <div className="mt-1 flex flex-wrap items-center gap-x-2 text-sm">
        {enquiry && (
          <button
            type="button"
            className={`${linkClass} -ml-2`}
            onClick={() => onShowEnquiry(enquiry.reference)}
          >
            Enquiry {enquiry.reference}
          </button>
        )}
        {booking && <span className="text-slate-700">Booking {booking.reference}</span>}
        <button
          type="button"
          disabled={busy}
          onClick={onRead}
          className="ml-auto min-h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-ink hover:bg-slate-100 disabled:opacity-60"
        >
          Mark as read
        </button>
      </div>
    </li>
  );
}

/** The count of unread replies, on the dashboard's Enquiries tab; nothing while none is unread. */
export function UnreadTextsCount() {
  const count = useUnreadReplies().data?.unread ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-1 rounded-full bg-accent px-1.5 py-px text-xs font-bold text-ink">
      {count}
      <span className="sr-only"> unread {count === 1 ? 'text' : 'texts'}</span>
    </span>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { TextRecord } from '#common/messages/replies.ts';
import { textKindLabels, type TextKind } from '#common/messages/texts.ts';
import { formatDateTime } from '#common/time/formats.ts';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { useMarkRepliesRead, useTextThread, useUnreadReplies, type TextsOf } from './messages-queries.ts';

const statusWords: Record<string, string> = {
  sending: 'Sending',
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Not delivered',
  failed: 'Failed',
};

/** What became of a text sent: "Delivered", "Failed (30003)" with Twilio's error code. */
export function deliveryText(text: Pick<TextRecord, 'status' | 'errorCode'>): string {
  const words = statusWords[text.status] ?? text.status;
  return text.errorCode === null ? words : `${words} (${text.errorCode})`;
}

const kindLabel = (kind: string | null) => (kind && textKindLabels[kind as TextKind]) || null;

/**
 * A booking's or an enquiry's texts, both ways, oldest first: each sent text with what it was and
 * what became of it, each reply with when it came. The replies unread when the thread opened are
 * marked New, and read from then on, for everyone.
 */
export function TextThread({ of }: { of: TextsOf }) {
  const thread = useTextThread(of);
  const unread = useUnreadReplies();
  const markRead = useMarkRepliesRead();
  // Those unread as the thread was first shown stay marked while it is open.
  const [fresh, setFresh] = useState<ReadonlySet<number> | null>(null);
  const texts = thread.data?.texts;
  const unreadIds = unread.data?.replies.map((reply) => reply.id);
  if (fresh === null && texts && unreadIds) {
    setFresh(
      new Set(
        texts.filter((text) => text.direction === 'in' && unreadIds.includes(text.id)).map((text) => text.id),
      ),
    );
  }
  const asked = useRef(false);
  useEffect(() => {
    if (!fresh || fresh.size === 0 || asked.current) return;
    asked.current = true;
    markRead.mutate('booking' in of ? { bookingId: of.booking } : { enquiryId: of.enquiry });
  }, [fresh, markRead, of]);

  if (thread.isPending) return <Spinner label="Loading the texts…" />;
  if (thread.isError) return <p className="text-sm text-red-700">{messageOf(thread.error)}</p>;
  if (thread.data.texts.length === 0) return <p className="text-sm text-slate-600">No texts yet.</p>;
  return (
    <ol className="grid gap-2">
      {thread.data.texts.map((text) => {
        const isNew = fresh?.has(text.id) ?? false;
        const kind = kindLabel(text.kind);
        return (
          <li
            key={text.id}
            className={`max-w-[85%] min-w-0 rounded-xl p-3 text-sm ${
              text.direction === 'in'
                ? `justify-self-start border bg-white ${isNew ? 'border-accent' : 'border-slate-200'}`
                : 'justify-self-end bg-slate-100'
            }`}
          >
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
              <span className="font-semibold text-ink">
                {text.direction === 'in' ? 'Customer' : (kind ?? 'Sent')}
              </span>
              <time dateTime={text.at}>{formatDateTime(text.at)}</time>
              {text.direction === 'out' && (
                <span
                  className={
                    text.status === 'failed' || text.status === 'undelivered'
                      ? 'font-semibold text-red-700'
                      : ''
                  }
                >
                  {deliveryText(text)}
                </span>
              )}
              {isNew && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 font-bold text-amber-900">New</span>
              )}
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{text.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

import { useState } from 'react';
import type { WaitingMessage } from '#common/notifications/outbox.ts';
import { useWaitingMail, useWaitingMailAction } from './outbox-queries.ts';
import { plural } from '#common/util/words.ts';
import { formatMediumDateTime } from '#common/time/formats.ts';

const messagesText = (count: number) => plural(count, 'message is', 'messages are');

/**
 * For owners: the e-mails that wait in the outbox (no mail server is set up, or they were too old
 * to send unasked once one was), each readable, with Send and Discard. Nothing shows while none
 * waits. The messages hold customers' details, so they are read afresh and not kept.
 */
export function WaitingMailBanner() {
  const waiting = useWaitingMail();
  const [open, setOpen] = useState(false);
  if (!waiting.data || waiting.data.messages.length === 0) return null;
  const { mailConfigured, messages } = waiting.data;
  return (
    <section
      aria-labelledby="waiting-mail-title"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900"
    >
      <h2 id="waiting-mail-title" className="font-semibold">
        {mailConfigured
          ? `${messagesText(messages.length)} waiting to be sent or discarded`
          : `E-mail is not set up: ${messagesText(messages.length)} waiting`}
      </h2>
      <p className="mt-1 text-sm">
        {mailConfigured
          ? 'They waited more than a day while e-mail was not set up, so they were not sent on their own.'
          : 'Customers and staff get no e-mails until SMTP_URL is set and the server restarted. Read them here, or discard them.'}
      </p>
      <button
        type="button"
        className="mt-2 text-sm font-medium underline"
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? 'Hide the messages' : 'Show the messages'}
      </button>
      {open && (
        <ul className="mt-3 space-y-3">
          {messages.map((message) => (
            <WaitingMail key={message.id} message={message} canSend={mailConfigured} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WaitingMail({ message, canSend }: { message: WaitingMessage; canSend: boolean }) {
  const act = useWaitingMailAction(message);
  return (
    <li className="rounded border border-slate-200 bg-white p-3" aria-label={message.subject}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt className="font-medium">To</dt>
        <dd>{message.to}</dd>
        <dt className="font-medium">Subject</dt>
        <dd>{message.subject}</dd>
        <dt className="font-medium">Written</dt>
        <dd>{formatMediumDateTime(message.createdAt)}</dd>
      </dl>
      <pre className="mt-2 max-h-60 overflow-auto text-sm whitespace-pre-wrap">{message.body}</pre>
      <div className="mt-2 flex gap-2">
        {canSend && (
          <button
            type="button"
            className="rounded bg-slate-900 px-3 py-1 text-sm text-white"
            disabled={act.isPending}
            onClick={() => act.mutate('send')}
          >
            Send
          </button>
        )}
        <button
          type="button"
          className="rounded border border-slate-400 px-3 py-1 text-sm"
          disabled={act.isPending}
          onClick={() => act.mutate('discard')}
        >
          Discard
        </button>
      </div>
    </li>
  );
}

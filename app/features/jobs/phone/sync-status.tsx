import { Button } from '#app/components/ui/button.tsx';
import type { ActionQueue, QueueState } from './action-queue.ts';

export const stalledText: Record<NonNullable<QueueState['stalled']>, string> = {
  offline: 'No signal: kept on this phone, and sent when the signal returns.',
  server: 'The office system is not answering: kept on this phone, and tried again shortly.',
  'signed-out': 'You are signed out: sign in again to send them.',
};

/**
 * What is still on the phone: the actions waiting to be sent, in order, and any the office system
 * refused (with its reason, to sort out with the office). "Everything is sent" only with signal:
 * without it the phone cannot know that nothing is left to send, and says what it will do.
 */
export function SyncStatus({
  state,
  queue,
  online,
}: {
  state: QueueState;
  queue: ActionQueue;
  online: boolean;
}) {
  const waiting = state.actions.filter((action) => !action.refused);
  const refused = state.actions.filter((action) => action.refused);
  const stalled = online ? state.stalled : 'offline';
  if (state.actions.length === 0 && !online) {
    return (
      <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-semibold text-ink">
        Nothing waiting to be sent. What you do now is kept on this phone and sent when the signal returns.
      </p>
    );
  }
  if (state.actions.length === 0) {
    return (
      <p role="status" className="rounded-lg bg-brand-light px-3 py-2 text-sm font-semibold text-ink">
        Everything is sent.
      </p>
    );
  }
  return (
    <section aria-labelledby="sync-title" className="rounded-xl border border-amber-300 bg-amber-50 p-3">
      <h2 id="sync-title" className="font-heading text-base font-bold text-ink">
        {waiting.length === 1
          ? '1 action waiting to be sent'
          : `${waiting.length} actions waiting to be sent`}
      </h2>
      <p role="status" className="mt-1 text-sm text-slate-700">
        {state.sending ? 'Sending…' : stalled ? stalledText[stalled] : ''}
      </p>
      {waiting.length > 0 && (
        <ol className="mt-2 list-decimal space-y-0.5 pl-5 text-sm text-slate-800">
          {waiting.map((action) => (
            <li key={action.key}>
              {action.reference}: {action.label}
            </li>
          ))}
        </ol>
      )}
      {refused.map((action) => (
        <div key={action.key} className="mt-2 rounded-lg border border-red-200 bg-white p-2 text-sm">
          <p className="font-semibold text-red-800">
            Not accepted: {action.reference}, {action.label}
          </p>
          <p className="text-slate-700">{action.refused}</p>
          <Button variant="outline" className="mt-1" onClick={() => void queue.dismiss(action.key)}>
            Dismiss
          </Button>
        </div>
      ))}
      {waiting.length > 0 && !state.sending && (
        <Button variant="dark" className="mt-2" onClick={() => void queue.flush()}>
          Try sending now
        </Button>
      )}
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { stalledText } from './sync-status.tsx';
import { sendActionsOnPhone } from './use-phone-jobs.ts';

const notSentText = (count: number) =>
  count === 1
    ? '1 action on this phone is not sent yet.'
    : `${count} actions on this phone are not sent yet.`;

/**
 * Logout pressed with actions still on the phone: how many, then the choice of sending them now
 * (and logging out once all have gone) or discarding them with a second press. Logging out
 * clears the phone, so nothing goes without the fitter saying so.
 */
export function UnsentAtSignOut({
  userId,
  count,
  onAllSent,
  onDiscard,
  busy,
}: {
  userId: number;
  count: number;
  onAllSent: () => void;
  onDiscard: () => void;
  busy: boolean;
}) {
  const queryClient = useQueryClient();
  const [left, setLeft] = useState(count);
  const [sending, setSending] = useState(false);
  const [reason, setReason] = useState('');

  async function sendNow() {
    setSending(true);
    const state = await sendActionsOnPhone(userId, queryClient).finally(() => setSending(false));
    if (state.actions.length === 0) return onAllSent();
    setLeft(state.actions.length);
    setReason(
      state.stalled ? stalledText[state.stalled] : 'Not accepted by the office system: see My jobs for why.',
    );
  }

  return (
    <div role="alert" className="basis-full rounded-lg bg-amber-50 p-3 text-sm text-ink">
      <p className="font-semibold">{notSentText(left)}</p>
      <p>{sending ? 'Sending…' : reason || 'Send them now, or discard them and log out.'}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="dark" onClick={() => void sendNow()} disabled={sending || busy}>
          Send now
        </Button>
        <Button variant="danger-solid" onClick={onDiscard} disabled={sending || busy}>
          Discard and log out
        </Button>
      </div>
    </div>
  );
}

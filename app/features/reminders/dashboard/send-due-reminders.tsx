import { useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { messageOf } from '#app/lib/api.ts';
import { sentDueMessage } from './reminders-format.ts';
import { useSendDueReminders } from './reminders-queries.ts';

type Outcome = { ok: true; text: string } | { ok: false; text: string };

/**
 * Owners: send every reminder due now rather than wait for the next round, and what came of it.
 * The sentence stays until the next press, in a live region so that it is read out.
 */
export function SendDueReminders() {
  const send = useSendDueReminders();
  const [outcome, setOutcome] = useState<Outcome>();
  const press = () => {
    // One send at a time: a press while one is on its way does nothing.
    if (send.isPending) return;
    setOutcome(undefined);
    send.mutate(undefined, {
      onSuccess: ({ sent }) => setOutcome({ ok: true, text: sentDueMessage(sent) }),
      onError: (error) =>
        setOutcome({ ok: false, text: `The due reminders could not be sent: ${messageOf(error)}` }),
    });
  };
  return (
    <div className="grid justify-items-start gap-1.5 sm:max-w-xs lg:justify-items-end lg:text-right">
      <Button type="button" onClick={press} aria-disabled={send.isPending} aria-describedby="send-due-hint">
        {send.isPending ? 'Sending…' : 'Send due reminders now'}
      </Button>
      <p id="send-due-hint" className="text-sm text-slate-600">
        Sends at once every scheduled reminder whose time has come, outside the sending hours too.
      </p>
      <p role="status" className="text-sm font-semibold text-brand-dark">
        {outcome?.ok ? outcome.text : ''}
      </p>
      {outcome && !outcome.ok && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {outcome.text}
        </p>
      )}
    </div>
  );
}

import { Form, Link, useNavigation } from 'react-router';
import { buttonClass } from '#app/components/ui/button.tsx';

/** What the unsubscribe page shows: the address (partly hidden) and whether it is unsubscribed. */
export type UnsubscribeView = {
  /** `p•••@example.com`: enough for the customer to know the address, not for anyone else. */
  maskedEmail: string;
  unsubscribed: boolean;
  /** Set when the page answers a press of its button (or a mail program's one-click POST). */
  outcome?: 'unsubscribed' | 'resubscribed';
};

/** `priya.shah@example.com` as `p•••@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/**
 * The unsubscribe link's page. Before: one button, which unsubscribes at once. After: the
 * confirmation, and a button to subscribe again should it have been a mistake.
 */
export function UnsubscribePanel({ view }: { view: UnsubscribeView }) {
  const busy = useNavigation().state !== 'idle';
  return (
    <section
      aria-labelledby="unsubscribe-title"
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      {view.unsubscribed ? (
        <>
          <h2 id="unsubscribe-title" className="text-2xl font-bold text-ink" tabIndex={-1}>
            You are unsubscribed
          </h2>
          <p className="mt-3 text-slate-700" role={view.outcome === 'unsubscribed' ? 'status' : undefined}>
            We will send no more MOT reminders, tyre reminders or review requests to{' '}
            <strong className="font-semibold">{view.maskedEmail}</strong>. E-mails about a booking you make
            (its confirmation, changes and job report) still come, as they must.
          </p>
          <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
            <input type="hidden" name="intent" value="resubscribe" />
            <button type="submit" disabled={busy} className={buttonClass('outline', 'large')}>
              Subscribe again
            </button>
            <Link to="/" className="text-center font-semibold text-ink underline underline-offset-2">
              Back to Home
            </Link>
          </Form>
        </>
      ) : (
        <>
          <h2 id="unsubscribe-title" className="text-2xl font-bold text-ink" tabIndex={-1}>
            {view.outcome === 'resubscribed' ? 'You are subscribed again' : 'Stop reminders?'}
          </h2>
          <p className="mt-3 text-slate-700" role={view.outcome === 'resubscribed' ? 'status' : undefined}>
            {view.outcome === 'resubscribed'
              ? 'Thank you. Reminders you agreed to when booking can come to '
              : 'Press the button to stop MOT reminders, tyre reminders and review requests to '}
            <strong className="font-semibold">{view.maskedEmail}</strong>
            {view.outcome === 'resubscribed' ? ' again.' : '. It takes effect at once.'}
          </p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="intent" value="unsubscribe" />
            <button
              type="submit"
              disabled={busy}
              className={buttonClass('dark', 'large', 'w-full sm:w-auto')}
            >
              Unsubscribe
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

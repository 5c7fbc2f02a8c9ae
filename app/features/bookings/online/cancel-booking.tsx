import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { useHydrated } from '#app/lib/hydration.ts';
import { useSiteSettings } from '#app/features/site-content/index.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import type { ManagedBookingView } from './managed-booking-types.ts';

const cancelButtonClass =
  'inline-flex w-full items-center justify-center rounded-lg border border-red-700 px-5 py-3 font-semibold text-red-800 transition hover:bg-red-50 disabled:cursor-wait disabled:opacity-60 sm:w-auto';
const confirmButtonClass =
  'inline-flex w-full items-center justify-center rounded-lg bg-red-700 px-5 py-3 font-semibold text-white transition hover:bg-red-800 disabled:cursor-wait disabled:opacity-60 sm:w-auto';

/** Until when customers may cancel online: "4 hours before the appointment". */
const cancelUntilText = (hours: number) =>
  hours === 0
    ? 'the appointment starts'
    : `${hours === 1 ? '1 hour' : `${hours} hours`} before the appointment`;

/**
 * Cancelling through the manage link. With scripts the button asks in a dialog; without, the
 * first press comes back as a second form ("Yes, cancel"), so that one stray press cancels
 * nothing either way.
 */
export function CancelBooking({ confirming, booking }: { confirming: boolean; booking: ManagedBookingView }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const busy = useNavigation().state !== 'idle';
  const when = `${booking.date}, ${booking.window}`;
  const outcome = `${booking.serviceTitle} on ${when} will be cancelled and the time offered to others.`;
  const deposit = booking.cancelDeposit;
  const description = deposit ? `${outcome} ${deposit.text}${deposit.refunded ? '' : '.'}` : outcome;

  if (confirming) {
    return (
      <section
        aria-labelledby="cancel-title"
        className="rounded-2xl border-2 border-red-700 bg-red-50 p-5 sm:p-6"
      >
        <h2
          id="cancel-title"
          tabIndex={-1}
          autoFocus
          className="text-xl font-bold text-red-900 focus:outline-none"
        >
          Cancel this booking?
        </h2>
        <p className="mt-2 text-red-950">{outcome}</p>
        {deposit && <CancelDepositNote deposit={deposit} />}
        <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" disabled={busy} className={confirmButtonClass}>
            Yes, cancel
          </button>
          <Link to="." className="text-center font-semibold text-ink underline underline-offset-2">
            No, keep my booking
          </Link>
        </Form>
      </section>
    );
  }

  const button = (
    <button type="submit" disabled={busy} className={cancelButtonClass}>
      Cancel this booking
    </button>
  );
  return (
    <section
      aria-labelledby="cancel-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="cancel-title" className="text-xl font-bold">
        Need to cancel?
      </h2>
      <p className="mt-2 text-slate-700">
        You can cancel online until {cancelUntilText(booking.noticeHours)}.
      </p>
      {deposit && <CancelDepositNote deposit={deposit} />}
      {/* With scripts the form is sent by the dialog's confirmation only. */}
      <Form
        method="post"
        className="mt-4"
        onSubmit={hydrated ? (event) => event.preventDefault() : undefined}
      >
        <input type="hidden" name="intent" value="cancel" />
        {hydrated ? (
          <ConfirmDialog
            trigger={button}
            title="Cancel this booking?"
            description={description}
            confirmLabel="Yes, cancel"
            cancelLabel="No, keep it"
            destructive
            onConfirm={() => void submit({ intent: 'cancel', confirm: 'yes' }, { method: 'post' })}
          />
        ) : (
          button
        )}
      </Form>
    </section>
  );
}

/**
 * What cancelling now does to the deposit paid online: refunded to the card, or, this close to
 * the booking, not by itself (the business decides: the customer is asked to call).
 */
function CancelDepositNote({ deposit }: { deposit: NonNullable<ManagedBookingView['cancelDeposit']> }) {
  const site = useSiteSettings();
  return (
    <p className="mt-2 font-semibold text-ink">
      {deposit.text}
      {!deposit.refunded && (
        <>
          {' '}
          on{' '}
          <a href={`tel:${site.phone}`} className="underline underline-offset-2">
            {site.formattedPhone}
          </a>
          .
        </>
      )}
    </p>
  );
}

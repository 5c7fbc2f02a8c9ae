import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { depositWords } from '#common/payments/payments.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { CheckIcon } from '#app/components/ui/icons.tsx';
import { useHydrated } from '#app/lib/hydration.ts';
import { useSiteSettings } from '#app/features/site-content/index.ts';
import type { ManagedDeposit, PaymentReturn } from './managed-booking-types.ts';

/**
 * A customer's page asks Stripe's word of a payment again this often, this many times, after
 * they come back from paying: Stripe's webhook usually lands within a second or two, but may
 * come after the customer does.
 */
export const confirmationChecks = { everyMs: 3000, times: 10 } as const;

/** Under the paid deposit's notice, while the booking stands: paying it is what secures it. */
export const securedWords = 'Your booking is secured.';

type BookingDepositProps = {
  deposit: ManagedDeposit;
  reference: string;
  /** Just booked (the booking page's redirect): the deposit's notice is the confirmation. */
  booked: boolean;
  /** Back from Stripe Checkout, paid or not; null otherwise. */
  paymentReturn: PaymentReturn | null;
  /** Whether the booking is cancelled (a paid deposit may still be refunded). */
  cancelled: boolean;
};

/**
 * The deposit asked online, as the booking's page tells of it: while due, how much and the link
 * to pay it on Stripe's page (a plain link, which works without scripts too); back from paying
 * before Stripe has confirmed it, that it is being confirmed (with scripts the page checks again
 * by itself); then paid, refunded, or not paid in time and the booking released.
 */
export function BookingDeposit({
  deposit,
  reference,
  booked,
  paymentReturn,
  cancelled,
}: BookingDepositProps) {
  const confirming = deposit.status === 'due' && paymentReturn === 'paid';
  const gaveUp = usePaymentConfirmation(confirming);
  if (confirming) return <ConfirmingPayment gaveUp={gaveUp} />;
  switch (deposit.status) {
    case 'due':
      return (
        <DepositDue
          deposit={deposit}
          reference={reference}
          booked={booked}
          notPaid={paymentReturn === 'not-paid'}
        />
      );
    case 'paid':
      return (
        <div
          role={paymentReturn === 'paid' ? 'status' : undefined}
          className="flex gap-3 rounded-2xl border border-brand-dark/30 bg-brand-light p-5"
        >
          <CheckIcon className="mt-0.5 size-7 shrink-0 text-brand-dark" />
          <div>
            <p className="font-heading text-xl font-bold text-ink">{depositWords.paid(deposit.amount)}</p>
            <p className="mt-1 text-slate-700">{cancelled ? depositWords.refundAfterCancel : securedWords}</p>
          </div>
        </div>
      );
    case 'refunded':
      return (
        <p className="rounded-2xl border border-slate-300 bg-slate-50 p-5 font-semibold text-ink">
          {depositWords.refunded(deposit.amount)}
        </p>
      );
    case 'lapsed':
      return (
        <div className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
          <p className="font-semibold text-ink">{depositWords.lapsed}</p>
          <BookAgainLink />
        </div>
      );
  }
}

/** The deposit still to pay, with the link to Stripe's page: never followed by itself. */
function DepositDue({
  deposit,
  reference,
  booked,
  notPaid,
}: {
  deposit: Extract<ManagedDeposit, { status: 'due' }>;
  reference: string;
  booked: boolean;
  notPaid: boolean;
}) {
  const site = useSiteSettings();
  return (
    <section
      aria-labelledby="deposit-title"
      className="rounded-2xl border-2 border-amber-400 bg-amber-50 p-5 sm:p-8"
    >
      <h2 id="deposit-title" className="text-2xl font-extrabold">
        {booked ? depositWords.payToSecure : 'Deposit due'}
      </h2>
      {booked && (
        <p className="mt-2 text-slate-800">
          Your booking reference is <strong className="whitespace-nowrap text-ink">{reference}</strong>.
          Please quote it if you call us.
        </p>
      )}
      {notPaid && (
        <p role="status" className="mt-2 font-semibold text-ink">
          {depositWords.notCompleted}
        </p>
      )}
      <p className="mt-2 text-slate-800">{depositWords.dueSoon(deposit.amount)}</p>
      {deposit.payUrl ? (
        <a href={deposit.payUrl} className={buttonClass('primary', 'large', 'mt-4 w-full text-lg sm:w-auto')}>
          {depositWords.payDeposit}
        </a>
      ) : (
        <p className="mt-4 font-semibold text-ink">
          {depositWords.callToPay} on{' '}
          <a href={`tel:${site.phone}`} className="underline underline-offset-2">
            {site.formattedPhone}
          </a>
          .
        </p>
      )}
      <p className="mt-3 text-sm text-slate-600">{depositWords.handledBy}</p>
    </section>
  );
}

/** Back from paying before Stripe's word of it: being confirmed (or, after a while, to reload). */
function ConfirmingPayment({ gaveUp }: { gaveUp: boolean }) {
  // Without scripts the page does not check again by itself: it says to reload from the start.
  const checking = useHydrated() && !gaveUp;
  return (
    <div role="status" className="rounded-2xl border border-brand-dark/30 bg-brand-light p-5">
      <p className="font-heading text-xl font-bold text-ink">{depositWords.confirming}</p>
      <p className="mt-1 text-slate-700">
        {checking ? depositWords.confirmingDetail : depositWords.confirmingSlow}
      </p>
    </div>
  );
}

/**
 * While `waiting`, reads the booking again every few seconds (the route's loader), up to
 * `confirmationChecks.times`; true once those are spent and it is still waiting.
 */
export function usePaymentConfirmation(waiting: boolean): boolean {
  // The same function for the router's life (the revalidator's state changes, not it).
  const { revalidate } = useRevalidator();
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    if (!waiting || checks >= confirmationChecks.times) return;
    const timer = setTimeout(() => {
      setChecks((count) => count + 1);
      void revalidate();
    }, confirmationChecks.everyMs);
    return () => clearTimeout(timer);
  }, [waiting, checks, revalidate]);
  return waiting && checks >= confirmationChecks.times;
}

/** To the booking page, for a booking that is gone (released, cancelled). */
export function BookAgainLink() {
  return (
    <Link to="/book" className="mt-2 inline-block font-semibold text-brand-dark underline underline-offset-2">
      Book another time
    </Link>
  );
}

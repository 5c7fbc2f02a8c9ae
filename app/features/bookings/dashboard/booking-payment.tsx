import { useState } from 'react';
import type { Booking } from '#common/bookings/booking.ts';
import {
  bookingPaymentStatusLabels,
  lapsedBy,
  type BookingPaymentStatus,
  type Refund,
} from '#common/payments/payments.ts';
import { formatPence } from '#common/util/money.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { RefundOutcome, useRefund } from '#app/features/payments/index.ts';
import { messageOf } from '#app/lib/api.ts';

/** The badges of the money asked online: amber waits for the customer, green is paid, grey is over. */
const paymentBadges: Record<Exclude<BookingPaymentStatus, 'none'>, { text: string; tone: string }> = {
  due: { text: bookingPaymentStatusLabels.due, tone: 'border border-amber-300 bg-amber-50 text-amber-900' },
  paid: { text: bookingPaymentStatusLabels.paid, tone: 'bg-brand-light text-brand-dark' },
  lapsed: { text: 'Lapsed', tone: 'bg-red-100 text-red-800' },
  refunded: { text: 'Refunded', tone: 'bg-slate-100 text-slate-700' },
};

/** Where a booking stands with the deposit asked online, beside its status; nothing without one. */
export function BookingPaymentBadge({ booking }: { booking: Pick<Booking, 'payment'> }) {
  const { status } = booking.payment;
  if (status === 'none') return null;
  const badge = paymentBadges[status];
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${badge.tone}`}>
      {badge.text}
    </span>
  );
}

/**
 * The deposit asked online and what became of the money, for the booking's details; null without
 * one. Paid as asked, it says so in one amount; otherwise what was asked, then paid and refunded.
 */
export function depositText({
  status,
  amountPence,
  paidPence,
  refundedPence,
}: Booking['payment']): string | null {
  switch (status) {
    case 'none':
      return null;
    case 'due':
      return `${formatPence(amountPence)} asked online, not paid yet`;
    case 'lapsed':
      return `${formatPence(amountPence)} not paid in time`;
    case 'paid':
    case 'refunded': {
      const asAsked = paidPence === amountPence;
      const paid = asAsked
        ? `${formatPence(paidPence)} paid online`
        : `${formatPence(amountPence)} asked, ${formatPence(paidPence)} paid online`;
      if (refundedPence === 0) return paid;
      return refundedPence === paidPence
        ? `${paid}, refunded`
        : `${paid}, ${formatPence(refundedPence)} refunded`;
    }
  }
}

/**
 * A booking released because its deposit was not paid in time: the product cancelled it, which
 * staff read as a lapse rather than as anyone's cancellation.
 */
export const isLapsed = (booking: Pick<Booking, 'payment' | 'cancelledBy'>) =>
  booking.payment.status === 'lapsed' || booking.cancelledBy === lapsedBy;

/** What was paid online and not yet refunded, in pence: what "Refund deposit" gives back at most. */
export const refundablePence = ({ payment }: Pick<Booking, 'payment'>) =>
  payment.status === 'paid' ? Math.max(0, payment.paidPence - payment.refundedPence) : 0;

/**
 * "Refund deposit": what the customer paid online goes back to their card through Stripe, after a
 * confirmation, as it cannot be undone. Stripe's answer stays on the card (done, asked, or refused
 * with its reason and a way to try again), also once the booking reads as refunded.
 */
export function BookingRefund({ booking }: { booking: Booking }) {
  const refund = useRefund(booking.id);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Refund | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refundable = refundablePence(booking);
  if (!outcome && refundable === 0) return null;

  const ask = () =>
    refund.mutate(
      {},
      {
        onSuccess: (answer) => {
          setOutcome(answer);
          setRefusal(null);
          setOpen(false);
        },
        onError: (error) => setRefusal(messageOf(error)),
      },
    );

  return (
    <div className="mt-2 grid gap-2">
      {outcome && <RefundOutcome refund={outcome} onRetried={setOutcome} />}
      {!outcome && (
        <ConfirmDialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) setRefusal(null);
          }}
          trigger={
            <Button type="button" variant="danger" className="justify-self-start sm:justify-self-end">
              Refund deposit<span className="sr-only"> of {booking.name}'s booking</span>
              <span aria-hidden="true">…</span>
            </Button>
          }
          title="Refund the deposit"
          description={`Refund ${formatPence(refundable)} paid online for ${booking.name}'s booking (${booking.reference}) to their card? This cannot be undone.`}
          confirmLabel="Refund"
          busy={refund.isPending}
          busyLabel="Refunding…"
          closeOnConfirm={false}
          destructive
          onConfirm={ask}
        >
          {refusal && (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {refusal}
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}

import { bookingPaymentText } from '#common/bookings/words.ts';
import type { DepositNotice } from './booking-types.ts';

/**
 * How the customer pays: on the day; or with a deposit taken online, before they book, how much,
 * paid by card on Stripe's page within the hold or the booking is released, when it is refunded,
 * and who handles the card.
 */
export function Paying({ deposit }: { deposit: DepositNotice | null }) {
  if (!deposit) {
    return (
      <p className="mb-4 rounded-lg border border-slate-200 bg-white p-4 text-slate-800">
        <strong className="font-semibold text-ink">Paying: </strong>
        {bookingPaymentText}
      </p>
    );
  }
  return (
    <section
      id="book-deposit"
      aria-labelledby="book-deposit-title"
      className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-800 sm:p-5"
    >
      <h3 id="book-deposit-title" className="font-heading text-lg font-bold text-ink">
        Deposit by card
      </h3>
      <p className="mt-1">{deposit.due}</p>
      <ul className="mt-3 grid gap-2 border-t border-amber-200 pt-3 text-sm">
        {deposit.more.map((line) => (
          <li key={line} className="flex gap-2">
            <span aria-hidden="true" className="font-bold text-brand-dark">
              ✓
            </span>
            <span>{line}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-600">{deposit.handledBy}</p>
    </section>
  );
}

import type { Booking } from '#common/bookings/booking.ts';
import { driveFromText, type DriveThere } from '#common/routing/day-route.ts';
import { bookingStatusLabels } from '#common/bookings/state-words.ts';
import { ClockIcon, MailIcon, PhoneIcon } from '#app/components/ui/icons.tsx';
import { BookingActions } from './booking-actions.tsx';
import { TextsDisclosure } from '#app/features/messages/dashboard/index.ts';
import { BookingDetails } from './booking-details.tsx';
import { BookingFitter, NoFitterBadge } from './booking-fitter.tsx';
import { BookingPaymentBadge, BookingRefund, isLapsed } from './booking-payment.tsx';
import {
  bookingStatusBadgeClass,
  bookingStatusBorderClass,
  cancelledByText,
  needsFitter,
} from './booking-format.ts';

/** A booking's status, as a badge. */
export function BookingStatusBadge({ booking }: { booking: Pick<Booking, 'status'> }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${bookingStatusBadgeClass[booking.status]}`}
    >
      {bookingStatusLabels[booking.status]}
    </span>
  );
}

/**
 * One booking in the day's diary: who, what vehicle, where, its status, its fitter and how the
 * job goes, and what can be done with it. `today` is London's date, for the "No fitter yet" badge;
 * `drive`, the drive to it from the fitter's job before, when their route knows it.
 */
export function BookingCard({
  booking,
  today,
  drive = null,
}: {
  booking: Booking;
  today: string;
  drive?: DriveThere | null;
}) {
  const headingId = `booking-${booking.id}-name`;
  const cancelled = booking.status === 'cancelled';
  return (
    <article
      aria-labelledby={headingId}
      className={`min-w-0 rounded-xl border border-l-4 border-slate-200 p-4 shadow-sm ${
        bookingStatusBorderClass[booking.status]
      } ${cancelled ? 'bg-slate-50 text-slate-500' : 'bg-white'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h5
            id={headingId}
            className={`text-base font-bold break-words ${cancelled ? 'text-slate-500 line-through' : 'text-ink'}`}
          >
            {booking.name}
          </h5>
          <p className="font-mono text-xs font-semibold tracking-wide text-slate-600 select-all">
            {booking.reference}
          </p>
          {drive && (
            <p className="mt-1 flex items-center gap-1 text-xs text-slate-600">
              <ClockIcon className="size-3.5 shrink-0 text-slate-500" />
              {driveFromText(drive)}
            </p>
          )}
        </div>
        <div className="flex flex-col items-end gap-1.5">
          <BookingStatusBadge booking={booking} />
          <BookingPaymentBadge booking={booking} />
          {needsFitter(booking, today) && <NoFitterBadge />}
          {booking.outsideArea && (
            <span className="rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-bold text-amber-900">
              Outside area
            </span>
          )}
        </div>
      </div>

      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a
          href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`}
          className="inline-flex min-h-8 items-center gap-1.5 font-semibold text-ink underline-offset-2 hover:underline"
        >
          <PhoneIcon className="size-4" />
          {booking.phone}
        </a>
        <a
          href={`mailto:${booking.email}?subject=${encodeURIComponent(`Your booking ${booking.reference}`)}`}
          className="inline-flex min-h-8 min-w-0 items-center gap-1.5 break-all text-slate-700 underline-offset-2 hover:underline"
        >
          <MailIcon className="size-4 shrink-0" />
          {booking.email}
        </a>
      </div>

      <BookingDetails booking={booking} />

      {booking.notes && (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-line break-words text-slate-700">
          {booking.notes}
        </p>
      )}

      {cancelled && isLapsed(booking) && (
        <p className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-semibold break-words text-red-800">
          Lapsed: deposit not paid
          {booking.cancelReason && <span className="block font-normal">{booking.cancelReason}</span>}
        </p>
      )}

      {cancelled && !isLapsed(booking) && (
        <p className="mt-3 rounded-lg border border-slate-200 bg-white p-3 text-sm break-words text-slate-700">
          <span className="font-semibold text-ink">
            Cancelled{booking.cancelledBy ? ` by ${cancelledByText(booking.cancelledBy)}` : ''}:
          </span>{' '}
          {booking.cancelReason ?? 'no reason given'}
        </p>
      )}

      <TextsDisclosure of={{ booking: booking.id }} />

      <BookingFitter booking={booking} />
      <BookingActions booking={booking} />
      <BookingRefund booking={booking} />
    </article>
  );
}

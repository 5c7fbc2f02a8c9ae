import { type Booking } from '#common/bookings/booking.ts';
import { formatRegistration } from '#common/vehicles/registration.ts';
import { jobStatusLabels } from '#common/bookings/state-words.ts';
import { BookingStatusBadge } from './booking-card.tsx';
import { NoFitterBadge, PriceChangedBadge } from './booking-fitter.tsx';
import { BookingPaymentBadge } from './booking-payment.tsx';
import { bookingStatusBorderClass, formatWindow, needsFitter } from './booking-format.ts';

/** Who has the job and how it goes, in a line; the warning when nobody has it yet. */
function EntryFitter({ booking, today }: { booking: Booking; today: string }) {
  if (needsFitter(booking, today)) {
    return (
      <p>
        <NoFitterBadge />
      </p>
    );
  }
  const { fitter, job } = booking;
  if (!fitter && !job) return null;
  const notCompleted = job?.status === 'not-completed';
  return (
    <p className="text-xs text-slate-600">
      {fitter && (
        <>
          Fitter: <span className="font-semibold text-ink">{fitter.name}</span>
        </>
      )}
      {fitter && job && ' · '}
      {job && (
        <span className={notCompleted ? 'font-semibold text-red-700' : undefined}>
          {jobStatusLabels[job.status]}
        </span>
      )}
      {job?.priceHeld && (
        <>
          {' '}
          <PriceChangedBadge />
        </>
      )}
    </p>
  );
}

/** A booking in a day of the week: when, its status, who, which vehicle and service, and its fitter. */
export function WeekEntry({ booking, today }: { booking: Booking; today: string }) {
  const cancelled = booking.status === 'cancelled';
  return (
    <li
      className={`grid min-w-0 gap-0.5 rounded-lg border border-l-4 border-slate-200 p-2 text-sm ${
        bookingStatusBorderClass[booking.status]
      } ${cancelled ? 'bg-slate-50 text-slate-500' : 'bg-white'}`}
    >
      <p className="flex flex-wrap items-center justify-between gap-1">
        <span className="font-mono text-xs font-bold text-ink">{formatWindow(booking)}</span>
        <span className="flex flex-wrap gap-1">
          <BookingStatusBadge booking={booking} />
          <BookingPaymentBadge booking={booking} />
        </span>
      </p>
      <p className={`font-semibold break-words ${cancelled ? 'line-through' : 'text-ink'}`}>{booking.name}</p>
      <p className="text-xs break-words text-slate-600">
        <span className="font-mono font-semibold">{formatRegistration(booking.registration)}</span> ·{' '}
        {booking.serviceTitle}
      </p>
      <EntryFitter booking={booking} today={today} />
    </li>
  );
}

import {
  bookingNextStatuses,
  isActiveBooking,
  type Booking,
  type BookingStatus,
  type BookingUpdate,
} from '#common/bookings/booking.ts';
import type { JobStatus } from '#common/jobs/jobs.ts';
import { dayText } from '#common/bookings/words.ts';
import { dayRangeText, shortDayText } from '#common/time/formats.ts';

/** "Tuesday 24 November 2026". */
export const formatDiaryDate = dayText;

/** "Tue 24 Nov", for the narrow columns of the week. */
export const formatShortDate = shortDayText;

/** "23 – 29 November 2026", "30 November – 6 December 2026". */
export const formatDateRange = dayRangeText;

/** "08:00–10:00". */
export const formatWindow = ({ start, end }: { start: string; end: string }) => `${start}–${end}`;

/** The badge of each status, in the enquiry badges' colours: amber waits for staff, green is settled. */
export const bookingStatusBadgeClass: Record<BookingStatus, string> = {
  booked: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-brand-light text-brand-dark',
  completed: 'bg-slate-200 text-ink',
  'no-show': 'bg-red-100 text-red-800',
  cancelled: 'bg-slate-100 text-slate-600',
};

/** The left border of a booking's card and entry, as the enquiry cards have one. */
export const bookingStatusBorderClass: Record<BookingStatus, string> = {
  booked: 'border-l-accent',
  confirmed: 'border-l-brand',
  completed: 'border-l-ink',
  'no-show': 'border-l-red-700',
  cancelled: 'border-l-slate-300',
};

type BookingAction = 'confirm' | 'move' | 'cancel' | 'complete' | 'no-show';

const actionOfStatus = {
  confirmed: 'confirm',
  completed: 'complete',
  'no-show': 'no-show',
  cancelled: 'cancel',
} as const;

/** What staff may do with a booking in each status: the shared rules, with Move while it is still to happen. */
export function bookingActionsFor(status: BookingStatus): readonly BookingAction[] {
  const actions: BookingAction[] = bookingNextStatuses[status].map(
    (next) => actionOfStatus[next as keyof typeof actionOfStatus],
  );
  if (isActiveBooking(status)) actions.splice(actions.indexOf('cancel'), 0, 'move');
  return actions;
}

/** "the customer", or the member of staff who cancelled, as named when they did. */
export const cancelledByText = (cancelledBy: string | null) =>
  cancelledBy === 'customer' ? 'the customer' : cancelledBy;

/**
 * A booking that still has to be given to someone: still to happen, today or later (London), and
 * no fitter has it. Past days are history, not a warning.
 */
export const needsFitter = (booking: Pick<Booking, 'status' | 'date' | 'fitter'>, today: string) =>
  isActiveBooking(booking.status) && booking.date >= today && booking.fitter === null;

/** "1 without a fitter", "3 without a fitter". */
export const withoutFitterText = (count: number) => `${count} without a fitter`;

/** The badge of each step of the fitter's visit: blue while under way, green done, red not done. */
export const jobStatusBadgeClass: Record<JobStatus, string> = {
  scheduled: 'bg-slate-100 text-slate-700 ring-1 ring-slate-300',
  'on-the-way': 'bg-sky-100 text-sky-900',
  arrived: 'bg-indigo-100 text-indigo-900',
  completed: 'bg-brand-light text-brand-dark',
  'not-completed': 'bg-red-100 text-red-800',
};

/** The toast after a change went through; `answered` is the booking as the server answered it. */
export function bookingUpdatedToast(
  booking: Pick<Booking, 'reference' | 'fitter'>,
  update: BookingUpdate,
  answered: Pick<Booking, 'fitter'>,
) {
  const reference = booking.reference;
  if ('fitterId' in update) {
    return answered.fitter
      ? { title: 'Fitter changed', description: `Booking ${reference} given to ${answered.fitter.name}.` }
      : {
          title: 'Fitter removed',
          description: booking.fitter
            ? `Booking ${reference} taken back from ${booking.fitter.name}.`
            : `Booking ${reference} is not given to a fitter.`,
        };
  }
  if (!('status' in update)) {
    return {
      title: 'Booking moved',
      description: `Booking ${reference} moved. The customer has been e-mailed.`,
    };
  }
  switch (update.status) {
    case 'confirmed':
      return { title: 'Booking confirmed', description: `Booking ${reference} confirmed.` };
    case 'completed':
      return { title: 'Booking completed', description: `Booking ${reference} marked as completed.` };
    case 'no-show':
      return { title: 'Booking updated', description: `Booking ${reference} marked as a no-show.` };
    case 'cancelled':
      return { title: 'Booking cancelled', description: `Booking ${reference} cancelled.` };
  }
}

import {
  bookingNextStatuses,
  isActiveBooking,
  type Booking,
  type BookingStatus,
  type BookingUpdate,
} from '#common/bookings/booking.ts';

/** The parts of a calendar date, read as UTC so that no time zone moves it to another day. */
const longDateParts = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const shortDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

const rangeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const utcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * "Tuesday 24 November 2026" (en-GB). Put together from its parts, as engines
 * differ on the comma after the weekday.
 */
export function formatDiaryDate(date: string): string {
  const parts = Object.fromEntries(
    longDateParts.formatToParts(utcMidnight(date)).map((part) => [part.type, part.value]),
  ) as Record<Intl.DateTimeFormatPartTypes, string>;
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** "Tue 24 Nov", for the narrow columns of the week. */
export const formatShortDate = (date: string) => shortDate.format(utcMidnight(date)).replace(',', '');

/** "23 – 29 November 2026", "30 November – 6 December 2026". */
export const formatDateRange = (from: string, to: string) =>
  rangeFormat.formatRange(utcMidnight(from), utcMidnight(to));

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

export type BookingAction = 'confirm' | 'move' | 'cancel' | 'complete' | 'no-show';

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

/** "the customer", or the username of the member of staff who cancelled. */
export const cancelledByText = (cancelledBy: string | null) =>
  cancelledBy === 'customer' ? 'the customer' : cancelledBy;

/** The toast after a change went through. */
export function bookingUpdatedToast(booking: Pick<Booking, 'reference'>, update: BookingUpdate) {
  const reference = booking.reference;
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

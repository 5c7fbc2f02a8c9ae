import { bookingWindowText, type Booking } from '#common/bookings/booking.ts';
import { formatRegistration } from '#common/vehicles/registration.ts';
import { maxTyresHeld } from '#common/bookings/holds.ts';
import { formatDateTime } from '#common/time/formats.ts';
import { Button } from '#app/components/ui/button.tsx';
import { messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { BookingTyresPanel, type WithTyres } from './booking-tyres-panel.tsx';
import { useHeldTyres, useReleaseHeldTyres } from './tyre-queries.ts';
import { plural, wordFor } from '#common/util/words.ts';

type HeldBooking = WithTyres<Booking>;

/** One booking not yet confirmed holding tyres from stock: what, for whom, since when, and Release. */
function HeldCard({ booking }: { booking: HeldBooking }) {
  const release = useReleaseHeldTyres();
  const headingId = `held-${booking.id}`;
  const what = `${booking.tyre.quantity} × ${booking.tyre.description}`;
  const onRelease = () =>
    release.mutate(booking.id, {
      onSuccess: () =>
        toast({
          title: 'Tyres released',
          description: `${what} are back on sale; ${booking.reference} now has its tyres to order.`,
        }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Releasing failed', description: messageOf(error) }),
    });
  return (
    <article
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-l-4 border-slate-200 border-l-amber-500 bg-white p-4 shadow-sm"
    >
      <h4 id={headingId} className="font-bold break-words text-ink">
        {what}
      </h4>
      <p className="mt-1 text-sm text-slate-700">
        {booking.name}, {booking.email}, {booking.phone},{' '}
        <span className="rounded bg-yellow-100 px-1.5 font-mono font-bold text-ink">
          {formatRegistration(booking.registration)}
        </span>{' '}
        <span className="font-mono text-xs text-slate-600">{booking.reference}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Booked online {formatDateTime(booking.createdAt)} for {bookingWindowText(booking)},{' '}
        {booking.locationName}
      </p>
      <Button
        variant="dark"
        className="mt-3"
        aria-disabled={release.isPending}
        onClick={() => !release.isPending && onRelease()}
      >
        Release
      </Button>
    </article>
  );
}

/**
 * The tyres held from stock by online bookings staff have not yet confirmed, soonest first: a
 * customer holds at most a few, and staff put those of a booking that will not happen back on
 * sale at a press (confirming a booking in the diary keeps its tyres).
 */
export function HeldPanel() {
  return (
    <BookingTyresPanel
      list={useHeldTyres()}
      loading="Loading the tyres held…"
      failure="The tyres held could not be loaded"
      summary={(bookings) => {
        const tyres = bookings.reduce((sum, booking) => sum + booking.tyre.quantity, 0);
        return (
          <p className="max-w-3xl text-sm text-slate-600">
            {bookings.length === 0
              ? 'No online booking waiting to be confirmed holds tyres from stock.'
              : `${plural(tyres, 'tyre is', 'tyres are')} held by ${bookings.length} online ${wordFor(bookings.length, 'booking')} not confirmed yet.`}{' '}
            A customer’s bookings not yet confirmed hold at most {maxTyresHeld} tyres. Release puts a
            booking’s tyres back on sale; the booking stays in the diary with its tyres to order.
          </p>
        );
      }}
      card={(booking) => <HeldCard key={booking.id} booking={booking} />}
    />
  );
}

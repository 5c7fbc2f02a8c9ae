import { bookingWindowText } from '#common/bookings/booking.ts';
import { formatRegistration } from '#common/vehicles/registration.ts';
import { formatDateTime } from '#common/time/formats.ts';
import { formatPence } from '#common/util/money.ts';
import { Button } from '#app/components/ui/button.tsx';
import { messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import type { TyreToOrder } from '#common/tyres/staff.ts';
import { BookingTyresPanel, type WithTyres } from './booking-tyres-panel.tsx';
import { TyreSources } from './tyre-sources.tsx';
import { useMarkTyresOrdered, useTyresToOrder } from './tyre-queries.ts';
import { plural } from '#common/util/words.ts';

type Ordered = WithTyres<TyreToOrder>;

/** One booking whose tyres come from the supplier: what to order, for when, and whether it is. */
function ToOrderCard({ booking }: { booking: Ordered }) {
  const mark = useMarkTyresOrdered();
  const headingId = `to-order-${booking.id}`;
  const ordered = booking.tyre.orderedAt !== null;
  const setOrdered = (value: boolean) =>
    mark.mutate(
      { id: booking.id, ordered: value },
      {
        onSuccess: () =>
          toast({
            title: value ? 'Marked ordered' : 'Marked not ordered',
            description: `${booking.tyre.quantity} × ${booking.tyre.description} for ${booking.reference}.`,
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Saving failed', description: messageOf(error) }),
      },
    );
  return (
    <article
      aria-labelledby={headingId}
      className={`min-w-0 rounded-xl border border-l-4 border-slate-200 bg-white p-4 shadow-sm ${
        ordered ? 'border-l-sky-500' : 'border-l-amber-500'
      }`}
    >
      <h4 id={headingId} className="font-bold break-words text-ink">
        {booking.tyre.quantity} × {booking.tyre.description}
      </h4>
      <p className="mt-1 text-sm text-slate-700">
        For {bookingWindowText(booking)}, {booking.locationName}: {booking.name},{' '}
        <span className="rounded bg-yellow-100 px-1.5 font-mono font-bold text-ink">
          {formatRegistration(booking.registration)}
        </span>{' '}
        <span className="font-mono text-xs text-slate-600">{booking.reference}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {formatPence(booking.tyre.total)} fitted ·{' '}
        {ordered ? `Ordered ${formatDateTime(booking.tyre.orderedAt!)}` : 'Not ordered yet'}
      </p>
      <TyreSources sources={booking.sources} />
      <Button
        variant={ordered ? 'outline' : 'dark'}
        className="mt-3"
        aria-disabled={mark.isPending}
        onClick={() => !mark.isPending && setOrdered(!ordered)}
      >
        {ordered ? 'Mark not ordered' : 'Mark ordered'}
      </Button>
    </article>
  );
}

/** Bookings whose tyres the supplier delivers, soonest first: staff's list of what to order. */
export function ToOrderPanel() {
  return (
    <BookingTyresPanel
      list={useTyresToOrder()}
      loading="Loading the tyres to order…"
      failure="The tyres to order could not be loaded"
      summary={(bookings) => {
        const waiting = bookings.filter((booking) => booking.tyre.orderedAt === null).length;
        return (
          <p className="text-sm text-slate-600">
            {bookings.length === 0
              ? 'No booking is waiting for tyres from the supplier.'
              : `${plural(bookings.length, 'booking needs', 'bookings need')} tyres from the supplier; ${waiting} not ordered yet.`}
          </p>
        );
      }}
      card={(booking) => <ToOrderCard key={booking.id} booking={booking} />}
    />
  );
}

import { Button } from '#app/components/ui/button.tsx';
import type { Booking } from '#common/bookings/booking.ts';
import { toast } from '#app/lib/use-toast.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { messageOf } from '#app/lib/api.ts';
import { bookingActionsFor, formatDiaryDate, formatWindow } from './booking-format.ts';
import { useBookingUpdate } from './booking-queries.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { MoveDialog } from './move-dialog.tsx';

/**
 * What may be done with a booking in its status: Confirm at once; Move and Cancel in their own
 * dialogs; Completed and No-show after a confirmation, as they are final. While a change is
 * under way the buttons stay focusable (aria-disabled), so focus is not lost.
 */
export function BookingActions({ booking }: { booking: Booking }) {
  const update = useBookingUpdate(booking);
  const actions = bookingActionsFor(booking.status);
  if (actions.length === 0) return null;

  const busy = update.isPending;
  const whose = `${booking.name}'s booking`;
  const when = `${formatDiaryDate(booking.date)}, ${formatWindow(booking)}`;
  const change = (status: 'confirmed' | 'completed' | 'no-show') => {
    if (busy) return;
    update.mutate(
      { status },
      {
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Update failed', description: messageOf(error) }),
      },
    );
  };

  return (
    <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-3">
      {actions.includes('confirm') && (
        <Button type="button" aria-disabled={busy} onClick={() => change('confirmed')} variant="primary">
          Confirm<span className="sr-only"> {whose}</span>
        </Button>
      )}
      {actions.includes('move') && <MoveDialog booking={booking} disabled={busy} />}
      {actions.includes('complete') && (
        <ConfirmDialog
          trigger={
            <Button type="button" aria-disabled={busy} variant="outline">
              <span className="sr-only">Mark {whose} as </span>Completed
            </Button>
          }
          title="Mark as completed"
          description={`Mark ${whose} (${booking.reference}, ${when}) as completed? This cannot be undone.`}
          confirmLabel="Mark as completed"
          onConfirm={() => change('completed')}
        />
      )}
      {actions.includes('no-show') && (
        <ConfirmDialog
          trigger={
            <Button type="button" aria-disabled={busy} variant="outline">
              <span className="sr-only">Mark {whose} as </span>No-show
            </Button>
          }
          title="Mark as a no-show"
          description={`Mark ${whose} (${booking.reference}, ${when}) as a no-show? This cannot be undone.`}
          confirmLabel="Mark as no-show"
          destructive
          onConfirm={() => change('no-show')}
        />
      )}
      {actions.includes('cancel') && <CancelDialog booking={booking} disabled={busy} />}
    </div>
  );
}

import { Button } from '#app/components/ui/button.tsx';
import { useId, useState } from 'react';
import { bookingCancelReasonMaxLength, type Booking } from '#common/bookings/booking.ts';
import { ApiError, messageOf } from '#app/lib/api.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { formatDiaryDate, formatWindow } from './booking-format.ts';
import { useBookingUpdate } from './booking-queries.ts';

export const cancelReasonRequiredMessage = 'Enter why the booking is cancelled';

/** Cancel…: asks why (required, kept with the booking), and shows a refusal in the dialog. */
export function CancelDialog({ booking, disabled }: { booking: Booking; disabled: boolean }) {
  const id = useId();
  const update = useBookingUpdate(booking);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const onOpenChange = (next: boolean) => {
    if (update.isPending) return;
    if (next) {
      setReason('');
      setMissing(false);
      update.reset();
    }
    setOpen(next);
  };
  const cancel = () => {
    const trimmed = reason.trim();
    if (trimmed === '') {
      setMissing(true);
      return;
    }
    update.mutate({ status: 'cancelled', reason: trimmed }, { onSuccess: () => setOpen(false) });
  };

  const refusal = update.error;
  const fieldError = refusal instanceof ApiError ? refusal.fieldErrors?.reason?.[0] : undefined;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button type="button" aria-disabled={disabled} variant="danger" className="sm:ml-auto">
          Cancel<span className="sr-only"> {booking.name}'s booking</span>
          <span aria-hidden="true">…</span>
        </Button>
      }
      title="Cancel booking"
      description={`Cancel ${booking.name}'s booking ${booking.reference} on ${formatDiaryDate(booking.date)}, ${formatWindow(booking)}? Its place becomes free for others.`}
      cancelLabel="Keep booking"
      confirmLabel="Cancel booking"
      destructive
      closeOnConfirm={false}
      busy={update.isPending}
      busyLabel="Cancelling…"
      onConfirm={cancel}
    >
      <div className="mt-4">
        <FormField
          id={`${id}-reason`}
          label="Reason"
          required
          hint={`Kept with the booking; at most ${bookingCancelReasonMaxLength} characters.`}
          error={missing ? cancelReasonRequiredMessage : fieldError}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              value={reason}
              maxLength={bookingCancelReasonMaxLength}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim() !== '') setMissing(false);
                if (update.isError) update.reset();
              }}
            />
          )}
        </FormField>
      </div>
      {refusal && !fieldError && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {messageOf(refusal)}
        </p>
      )}
    </ConfirmDialog>
  );
}

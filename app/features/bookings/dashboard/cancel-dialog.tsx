import { Button } from '#app/components/ui/button.tsx';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { bookingCancelReasonMaxLength, type Booking } from '#common/bookings/booking.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { FormError } from '#app/components/ui/field-error.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { formatDiaryDate, formatWindow } from './booking-format.ts';
import { useBookingUpdate } from './booking-queries.ts';

const cancelReasonRequiredMessage = 'Enter why the booking is cancelled';

type Cancellation = { reason: string };

/** The reason as sent: trimmed, and not empty (the API's limit is the field's own). */
const cancellationSchema = z.object({
  reason: z.pipe(
    z.transform((typed: unknown) => (typeof typed === 'string' ? typed.trim() : '')),
    z.string().check(z.minLength(1, cancelReasonRequiredMessage)),
  ),
});

/** Cancel…: asks why (required, kept with the booking), and shows a refusal in the dialog. */
export function CancelDialog({ booking, disabled }: { booking: Booking; disabled: boolean }) {
  const id = useId();
  const update = useBookingUpdate(booking);
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Cancellation>({
    resolver: schemaResolver<Cancellation, Cancellation>(cancellationSchema),
    defaultValues: { reason: '' },
  });
  // From the press until the answer: the check comes first, then the request.
  const busy = isSubmitting || update.isPending;

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    if (next) reset();
    setOpen(next);
  };
  const cancel = handleSubmit(async ({ reason }) => {
    try {
      await update.mutateAsync({ status: 'cancelled', reason });
      setOpen(false);
    } catch (error) {
      showRefusal(error, { fields: ['reason'], setError });
    }
  });

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
      busy={busy}
      busyLabel="Cancelling…"
      onConfirm={() => void cancel()}
    >
      <div className="mt-4">
        <FormField
          id={`${id}-reason`}
          label="Reason"
          required
          hint={`Kept with the booking; at most ${bookingCancelReasonMaxLength} characters.`}
          error={errors.reason?.message}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={bookingCancelReasonMaxLength}
              {...register('reason')}
            />
          )}
        </FormField>
      </div>
      <FormError errors={errors} className="mt-3" />
    </ConfirmDialog>
  );
}

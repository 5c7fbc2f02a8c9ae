import { Button } from '#app/components/ui/button.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Booking } from '#common/bookings/booking.ts';
import { type ToldAvailabilityDay } from '#common/bookings/slots.ts';
import { londonDate } from '#common/time/london.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { FormError } from '#app/components/ui/field-error.tsx';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { formatDiaryDate, formatWindow } from './booking-format.ts';
import {
  availabilityQueryKey,
  useAvailability,
  useBookingLocations,
  useBookingUpdate,
} from './booking-queries.ts';
import { MoveWindowPicker, type MoveTarget } from './move-window-picker.tsx';

const chooseWindowMessage = 'Choose a free window';

/** The free windows, less the one the booking already has. */
function freeElsewhere(days: readonly ToldAvailabilityDay[], booking: Booking, location: string) {
  return days
    .map((day) => ({
      ...day,
      windows: day.windows.filter(
        (window) =>
          !(location === booking.location && day.date === booking.date && window.start === booking.start),
      ),
    }))
    .filter((day) => day.windows.length > 0);
}

/** The choice as shown: until a day is picked, the first with a free window; a window no longer free is no choice. */
function shownTarget(target: MoveTarget, days: readonly ToldAvailabilityDay[] | undefined): MoveTarget {
  const day = days?.find((entry) => entry.date === target.date) ?? days?.[0];
  return {
    location: target.location,
    date: day?.date ?? '',
    start: day?.windows.some((window) => window.start === target.start) ? target.start : '',
  };
}

/**
 * Move…: a location (the booking's own to begin with), a day, then one of its free windows, from
 * today on. The server e-mails the customer; a refusal (the window has just filled) shows here
 * and the free windows are read again.
 */
export function MoveDialog({ booking, disabled }: { booking: Booking; disabled: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(() => londonDate(new Date()));
  const update = useBookingUpdate(booking);
  const { control, handleSubmit, setValue, setError, clearErrors, reset, formState } = useForm<MoveTarget>({
    defaultValues: { location: booking.location, date: '', start: '' },
  });
  const [location, date, start] = useWatch({ control, name: ['location', 'date', 'start'] });
  const target: MoveTarget = { location, date, start };
  const places = useBookingLocations({ enabled: open, service: booking.service });
  const { locations, searchDays } = places;
  // How far to look follows the content's booking settings: wait for them rather than ask twice.
  const availability = useAvailability(
    { location: target.location, service: booking.service },
    from,
    searchDays,
    {
      enabled: open && !places.isPending,
    },
  );

  const choices = [...(locations ?? [])];
  if (!choices.some((location) => location.key === booking.location)) {
    choices.unshift({ key: booking.location, name: booking.locationName });
  }
  const days = availability.data && freeElsewhere(availability.data, booking, target.location);
  const chosen = shownTarget(target, days);
  const busy = formState.isSubmitting || update.isPending;

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    if (next) {
      setFrom(londonDate(new Date()));
      reset({ location: booking.location, date: '', start: '' });
    }
    setOpen(next);
  };
  const choose = (next: MoveTarget) => {
    setValue('location', next.location);
    setValue('date', next.date);
    setValue('start', next.start);
    // A refusal, or the missing window, was about the choice before.
    clearErrors();
  };
  // Checked against the free windows as they are now, which no schema knows.
  const move = handleSubmit(async () => {
    if (!chosen.start) {
      setError('start', { type: 'required', message: chooseWindowMessage });
      return;
    }
    try {
      await update.mutateAsync(chosen);
      setOpen(false);
    } catch (error) {
      // The window may have filled meanwhile: show what is free now.
      void queryClient.invalidateQueries({ queryKey: availabilityQueryKey });
      showRefusal(error, { fields: ['start'], setError });
    }
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button type="button" aria-disabled={disabled} variant="outline">
          Move<span className="sr-only"> {booking.name}'s booking</span>
          <span aria-hidden="true">…</span>
        </Button>
      }
      title="Move booking"
      description={`Move ${booking.name}'s booking ${booking.reference} from ${formatDiaryDate(booking.date)}, ${formatWindow(booking)} at ${booking.locationName} to a free window. The customer is e-mailed the new time.`}
      confirmLabel="Move booking"
      closeOnConfirm={false}
      busy={busy}
      busyLabel="Moving…"
      onConfirm={() => void move()}
    >
      <MoveWindowPicker
        id={id}
        locations={choices}
        days={days}
        loadError={availability.error}
        searchDays={searchDays}
        target={chosen}
        error={formState.errors.start?.message}
        onChange={choose}
      />
      <FormError errors={formState.errors} className="mt-3" />
    </ConfirmDialog>
  );
}

import { Button } from '#app/components/ui/button.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Booking } from '#common/bookings/booking.ts';
import { type AvailabilityDay } from '#common/bookings/slots.ts';
import { londonDate } from '#common/time/london.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { messageOf } from '#app/lib/api.ts';
import { formatDiaryDate, formatWindow } from './booking-format.ts';
import {
  availabilityQueryKey,
  useAvailability,
  useBookingLocations,
  useBookingUpdate,
} from './booking-queries.ts';
import { MoveWindowPicker, type MoveTarget } from './move-window-picker.tsx';

export const chooseWindowMessage = 'Choose a free window';

/** The free windows, less the one the booking already has. */
function freeElsewhere(days: readonly AvailabilityDay[], booking: Booking, location: string) {
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
  const [target, setTarget] = useState<MoveTarget>({ location: booking.location, date: '', start: '' });
  const [missing, setMissing] = useState(false);
  const update = useBookingUpdate(booking);
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
  // Until one is picked, the first day with a free window; a window no longer free is no choice.
  const day = days?.find((entry) => entry.date === target.date) ?? days?.[0];
  const chosen: MoveTarget = {
    location: target.location,
    date: day?.date ?? '',
    start: day?.windows.some((window) => window.start === target.start) ? target.start : '',
  };

  const onOpenChange = (next: boolean) => {
    if (update.isPending) return;
    if (next) {
      setFrom(londonDate(new Date()));
      setTarget({ location: booking.location, date: '', start: '' });
      setMissing(false);
      update.reset();
    }
    setOpen(next);
  };
  const move = () => {
    if (!chosen.start) {
      setMissing(true);
      return;
    }
    update.mutate(
      { date: chosen.date, start: chosen.start, location: chosen.location },
      {
        onSuccess: () => setOpen(false),
        // The window may have filled meanwhile: show what is free now.
        onError: () => void queryClient.invalidateQueries({ queryKey: availabilityQueryKey }),
      },
    );
  };

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
      busy={update.isPending}
      busyLabel="Moving…"
      onConfirm={move}
    >
      <MoveWindowPicker
        id={id}
        locations={choices}
        days={days}
        loadError={availability.error}
        searchDays={searchDays}
        target={chosen}
        error={missing && !chosen.start ? chooseWindowMessage : undefined}
        onChange={(next) => {
          setTarget(next);
          setMissing(false);
          // A refusal was about the window chosen before.
          if (update.isError) update.reset();
        }}
      />
      {update.error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {messageOf(update.error)}
        </p>
      )}
    </ConfirmDialog>
  );
}

import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { Booking } from '#common/bookings/booking.ts';
import { errorAttributes, FieldError } from '#app/components/ui/field-error.tsx';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { messageOf } from '#app/lib/api.ts';
import { useBookingUpdate, useFitters } from './booking-queries.ts';

/** The option for no fitter: the booking is in the office's hands. */
const noFitter = '';

/** Text size 16 px on phones, where a smaller one makes the browser zoom into the list on focus. */
const selectClass =
  'min-h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-base text-ink shadow-sm focus:border-brand-dark focus:ring-2 focus:ring-brand/40 focus:outline-none aria-[invalid=true]:border-red-700 sm:w-64 sm:flex-none sm:text-sm';

/** The width of the labels of the fitter's panel (Fitter, Job), so that what follows them lines up. */
export const fitterPanelLabelClass = 'w-12 shrink-0';

type FitterChoice = { fitterId: string };

/**
 * Fitter: gives a booking still to happen to a fitter, to another one, or takes it back, as soon
 * as it is chosen. While the change is on its way the list shows the choice; when the server
 * refuses it, the fitter the booking has shows again, with the reason under the list.
 */
export function FitterSelect({ booking }: { booking: Booking }) {
  const id = useId();
  const fitters = useFitters();
  const update = useBookingUpdate(booking);
  // Nothing to submit: the list sends each choice at once. The form holds the server's refusal.
  const {
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<FitterChoice>();
  const chosen = update.isPending && 'fitterId' in update.variables ? update.variables.fitterId : undefined;
  const shown = chosen === undefined ? (booking.fitter?.id ?? null) : chosen;

  const choices = [...(fitters.data ?? [])];
  // The fitter it has may have been disabled since: still shown, as the booking's.
  if (booking.fitter && !choices.some((fitter) => fitter.id === booking.fitter?.id)) {
    choices.unshift(booking.fitter);
  }
  // At the field when the server named it (a fitter no longer there), else its sentence; both here.
  const refusal = errors.fitterId?.message ?? errors.root?.server?.message;
  const noneToChoose = fitters.data?.length === 0 && !booking.fitter;

  return (
    <div className="grid min-w-0 gap-1.5">
      <div className="flex items-center gap-3">
        <label htmlFor={id} className={`${fitterPanelLabelClass} text-sm font-semibold text-ink`}>
          Fitter
        </label>
        <select
          id={id}
          value={shown === null ? noFitter : String(shown)}
          {...errorAttributes(id, refusal)}
          onChange={(event) => {
            if (update.isPending) return;
            const value = event.target.value;
            clearErrors();
            update.mutate(
              { fitterId: value === noFitter ? null : Number(value) },
              { onError: (error) => showRefusal(error, { fields: ['fitterId'], setError }) },
            );
          }}
          className={selectClass}
        >
          <option value={noFitter}>Not given to a fitter</option>
          {choices.map((fitter) => (
            <option key={fitter.id} value={String(fitter.id)}>
              {fitter.name}
            </option>
          ))}
          {fitters.isPending && <option disabled>Loading fitters…</option>}
        </select>
        {chosen !== undefined && (
          <span role="status" className="text-sm text-slate-600">
            Saving…
          </span>
        )}
      </div>
      <FieldError fieldId={id} message={refusal} />
      {fitters.isError && (
        <p className="text-sm text-red-700">The fitters could not be loaded: {messageOf(fitters.error)}</p>
      )}
      {noneToChoose && (
        <p className="text-sm text-slate-600">
          There are no fitter accounts yet. An owner adds them in Staff.
        </p>
      )}
    </div>
  );
}

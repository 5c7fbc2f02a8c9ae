import type { ToldAvailabilityDay } from '#common/bookings/slots.ts';
import { errorIdOf, FieldError } from '#app/components/ui/field-error.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { formatDiaryDate, formatWindow } from './booking-format.ts';
import type { BookingLocation } from './booking-queries.ts';
import { plural } from '#common/util/words.ts';

export type MoveTarget = { location: string; date: string; start: string };

type MoveWindowPickerProps = {
  id: string;
  locations: readonly BookingLocation[];
  /** The free windows at the chosen location: undefined while they load. */
  days: readonly ToldAvailabilityDay[] | undefined;
  loadError: unknown;
  searchDays: number;
  target: MoveTarget;
  /** Why the move cannot be sent yet (no window chosen). */
  error: string | undefined;
  onChange: (target: MoveTarget) => void;
};

/** Where, which day, then which free window: the choices of the Move dialog. */
export function MoveWindowPicker({
  id,
  locations,
  days,
  loadError,
  searchDays,
  target,
  error,
  onChange,
}: MoveWindowPickerProps) {
  const day = days?.find((entry) => entry.date === target.date);
  const locationName = locations.find((entry) => entry.key === target.location)?.name ?? target.location;
  return (
    <div className="mt-4 grid gap-4">
      <div>
        <label htmlFor={`${id}-location`} className="text-sm font-semibold text-ink">
          Location
        </label>
        <select
          id={`${id}-location`}
          value={target.location}
          onChange={(event) => onChange({ location: event.target.value, date: '', start: '' })}
          className={fieldClass}
        >
          {locations.map((location) => (
            <option key={location.key} value={location.key}>
              {location.name}
            </option>
          ))}
        </select>
      </div>

      {loadError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          Failed to load the free windows: {messageOf(loadError)}
        </p>
      ) : days === undefined ? (
        <Spinner label="Finding free windows..." showLabel />
      ) : days.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          No free windows at {locationName} in the next {searchDays} days.
        </p>
      ) : (
        <>
          <div>
            <label htmlFor={`${id}-day`} className="text-sm font-semibold text-ink">
              Day
            </label>
            <select
              id={`${id}-day`}
              value={target.date}
              onChange={(event) => onChange({ ...target, date: event.target.value, start: '' })}
              className={fieldClass}
            >
              {days.map((entry) => (
                <option key={entry.date} value={entry.date}>
                  {formatDiaryDate(entry.date)} ({plural(entry.windows.length, 'window')})
                </option>
              ))}
            </select>
          </div>
          {day && (
            <fieldset aria-describedby={error ? errorIdOf(`${id}-window`) : undefined}>
              <legend className="text-sm font-semibold text-ink">Free windows</legend>
              <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
                {day.windows.map((window) => (
                  <label
                    key={window.start}
                    className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-dark has-checked:bg-brand-light"
                  >
                    <input
                      type="radio"
                      name={`${id}-window`}
                      value={window.start}
                      checked={target.start === window.start}
                      onChange={() => onChange({ ...target, start: window.start })}
                      className="size-4 accent-brand-dark"
                    />
                    <span>
                      <span className="font-semibold text-ink">{formatWindow(window)}</span>
                      <span className="block text-xs text-slate-600">
                        {window.free === null ? 'Free' : `${plural(window.free, 'place')} left`}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              <FieldError fieldId={`${id}-window`} message={error} />
            </fieldset>
          )}
        </>
      )}
    </div>
  );
}

import { memo } from 'react';
import { bookingLimits, type ClosedDate } from '#common/bookings/settings.ts';
import { bankHolidaysAhead, newClosedDate, withBankHoliday } from './booking-draft.ts';
import { controlClass, FieldFrame, TextField } from '#app/components/editor/fields.tsx';
import { fieldId, type Path } from '#app/components/editor/draft.ts';
import { useEditor } from '#app/components/editor/editor-context.ts';
import { AddButton, ItemControls } from '#app/components/editor/list-controls.tsx';
import { shortDayYearText } from '#common/time/formats.ts';
import { settingsFieldLabel } from './settings-labels.ts';
import { ListFieldset } from './settings-list-fieldset.tsx';

/** A place customers book, for the closed dates' "Where": its key and its name. */
type BookingPlace = { key: string; name: string };

const closedDatesPath = ['booking', 'closedDates'] as const;
const openBankHolidaysPath = ['booking', 'openBankHolidays'] as const;

function DateInput({ path, value }: { path: Path; value: string }) {
  const { dispatch } = useEditor();
  return (
    <FieldFrame path={path} label={settingsFieldLabel(path)}>
      {(control) => (
        <input
          {...control}
          type="date"
          value={value}
          onChange={(event) => dispatch({ type: 'set', path, value: event.target.value })}
          className={controlClass}
        />
      )}
    </FieldFrame>
  );
}

function PlaceSelect({
  path,
  value,
  places,
}: {
  path: Path;
  value: string;
  places: readonly BookingPlace[];
}) {
  const { dispatch } = useEditor();
  const known = value === '' || places.some((place) => place.key === value);
  return (
    <FieldFrame path={path} label={settingsFieldLabel(path)}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) => dispatch({ type: 'set', path, value: event.target.value })}
          className={controlClass}
        >
          <option value="">All locations</option>
          {places.map((place) => (
            <option key={place.key} value={place.key}>
              {place.name}
            </option>
          ))}
          {!known && <option value={value}>A removed branch ({value})</option>}
        </select>
      )}
    </FieldFrame>
  );
}

/** Days when nobody can book online: for every location, or for one. */
export const ClosedDatesField = memo(function ClosedDatesField({
  closedDates,
  places,
}: {
  closedDates: readonly ClosedDate[];
  places: readonly BookingPlace[];
}) {
  return (
    <ListFieldset
      path={closedDatesPath}
      hint="Days when customers cannot book online (holidays, training). The note is for staff only."
    >
      {closedDates.length > 0 && (
        <ol className="grid gap-3">
          {closedDates.map((entry, index) => {
            const path = [...closedDatesPath, index];
            return (
              <li key={index} data-entry={fieldId(path)}>
                <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)_auto] items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[10.5rem_minmax(0,13rem)_minmax(0,1fr)_auto]">
                  <legend className="sr-only">Closed date {index + 1}</legend>
                  <DateInput path={[...path, 'date']} value={entry.date} />
                  <div className="col-span-2 sm:col-span-1">
                    <PlaceSelect path={[...path, 'location']} value={entry.location} places={places} />
                  </div>
                  <TextField
                    path={[...path, 'note']}
                    value={entry.note}
                    className="col-span-2 sm:col-span-1"
                  />
                  <div className="mt-[1.625rem] max-sm:col-start-2 max-sm:row-start-1">
                    <ItemControls
                      listPath={closedDatesPath}
                      index={index}
                      count={closedDates.length}
                      name={`closed date ${index + 1}`}
                      movable={false}
                    />
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <AddButton
        listPath={closedDatesPath}
        item={newClosedDate}
        count={closedDates.length}
        limit={bookingLimits.closedDates}
        noun="closed dates"
      >
        Add a closed date
      </AddButton>
    </ListFieldset>
  );
});

/** The coming bank holidays, each closed for booking unless staff tick that the business opens. */
export const BankHolidaysField = memo(function BankHolidaysField({
  openDates,
  today,
}: {
  openDates: readonly string[];
  /** London's date today, YYYY-MM-DD. */
  today: string;
}) {
  const { dispatch } = useEditor();
  const id = fieldId(openBankHolidaysPath);
  return (
    <ListFieldset
      path={openBankHolidaysPath}
      hint="Online booking is closed on bank holidays in England and Wales, unless you tick “We open”."
    >
      <ul className="grid gap-x-6 sm:grid-cols-2">
        {bankHolidaysAhead(today).map(({ date, name }) => {
          const checkboxId = `${id}-${date}`;
          const open = openDates.includes(date);
          return (
            <li key={date} className="flex items-center justify-between gap-3 border-b border-slate-200 py-1">
              <span className="min-w-0 text-sm">
                <span className="block font-semibold text-ink">{name}</span>
                <span className="block text-slate-600">{shortDayYearText(date)}</span>
              </span>
              <label
                htmlFor={checkboxId}
                className="flex min-h-11 shrink-0 cursor-pointer items-center gap-2 text-sm font-semibold text-ink"
              >
                <input
                  id={checkboxId}
                  type="checkbox"
                  checked={open}
                  onChange={(event) =>
                    dispatch({
                      type: 'set',
                      path: openBankHolidaysPath,
                      value: withBankHoliday(openDates, date, event.target.checked),
                    })
                  }
                  className="size-5 accent-brand-dark scroll-mb-36"
                />
                We open
                <span className="sr-only">
                  {' '}
                  on {name}, {shortDayYearText(date)}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </ListFieldset>
  );
});

import { bookingLimits, type BookingWeek, type BookingWindow } from '#common/bookings/settings.ts';
import { weekdayNames, weekdays, type Weekday } from '#common/time/week.ts';
import { nextWindow } from './booking-draft.ts';
import { FieldFrame, ListError, useNumberInput } from '#app/components/editor/fields.tsx';
import { fieldId, type Path } from '#app/components/editor/draft.ts';
import { useEditor } from '#app/components/editor/editor-context.ts';
import { AddButton, ItemControls } from '#app/components/editor/list-controls.tsx';
import { settingsFieldLabel } from './settings-labels.ts';

/** Start, end, jobs and the remove button: narrow enough for a phone held upright. */
const windowColumns =
  'grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_3.25rem_auto] items-start gap-1.5 sm:grid-cols-[9rem_9rem_4.5rem_auto] sm:gap-2';

/**
 * Narrower padding than other fields, so that two times and a number fit side by side on a phone;
 * as tall as them (2.875rem), and without the space for a label above.
 */
const compactClass =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-2.5 text-base text-ink shadow-sm scroll-mt-24 scroll-mb-36 focus:border-brand-dark focus:outline-none focus:ring-2 focus:ring-brand/40 aria-[invalid=true]:border-red-700';

function TimeInput({ path, value }: { path: Path; value: string }) {
  const { dispatch } = useEditor();
  return (
    <FieldFrame path={path} label={settingsFieldLabel(path)} labelHidden>
      {(control) => (
        <input
          {...control}
          type="time"
          value={value}
          onChange={(event) => dispatch({ type: 'set', path, value: event.target.value })}
          className={`${compactClass} max-sm:[&::-webkit-calendar-picker-indicator]:hidden`}
        />
      )}
    </FieldFrame>
  );
}

function PlacesInput({ path, value }: { path: Path; value: number }) {
  const input = useNumberInput(path, value);
  return (
    <FieldFrame path={path} label={settingsFieldLabel(path)} labelHidden>
      {(control) => <input {...control} {...input} className={compactClass} />}
    </FieldFrame>
  );
}

function WindowRow({
  path,
  index,
  count,
  window,
}: {
  path: Path;
  index: number;
  count: number;
  window: BookingWindow;
}) {
  const windowPath = [...path, index];
  return (
    <li data-entry={fieldId(windowPath)} className={windowColumns}>
      <TimeInput path={[...windowPath, 'start']} value={window.start} />
      <TimeInput path={[...windowPath, 'end']} value={window.end} />
      <PlacesInput path={[...windowPath, 'places']} value={window.places} />
      {/* As tall as the inputs, so that the button stays level with them above a message. */}
      <div className="flex h-[2.875rem] items-center">
        <ItemControls
          listPath={path}
          index={index}
          count={count}
          name={settingsFieldLabel(windowPath)}
          movable={false}
        />
      </div>
    </li>
  );
}

function DayWindows({
  path,
  day,
  windows,
  what,
}: {
  path: Path;
  day: Weekday;
  windows: readonly BookingWindow[];
  what: string | undefined;
}) {
  const dayPath = [...path, day];
  const id = fieldId(dayPath);
  return (
    <div
      id={id}
      role="group"
      tabIndex={-1}
      aria-labelledby={`${id}-name`}
      className="grid gap-2 border-t border-slate-200 py-3 focus:outline-none sm:grid-cols-[7rem_minmax(0,1fr)]"
    >
      <p
        id={`${id}-name`}
        className="text-sm font-semibold text-ink sm:flex sm:h-[2.875rem] sm:items-center sm:self-start"
      >
        {weekdayNames[day]}
      </p>
      <div className="grid min-w-0 gap-2">
        <ListError path={dayPath} />
        {windows.length === 0 ? (
          <p className="text-sm text-slate-600">No windows: not bookable online.</p>
        ) : (
          <ol className="grid gap-2">
            {windows.map((window, index) => (
              <WindowRow key={index} path={dayPath} index={index} count={windows.length} window={window} />
            ))}
          </ol>
        )}
        <AddButton
          listPath={dayPath}
          item={nextWindow(windows)}
          count={windows.length}
          limit={bookingLimits.windowsPerDay}
          noun="windows a day"
        >
          Add a window
          <span className="sr-only">
            {' '}
            on {weekdayNames[day]}
            {what && ` for ${what}`}
          </span>
        </AddButton>
      </div>
    </div>
  );
}

/**
 * A location's windows for each weekday (or a branch's MOT testing's or servicing's, `what`):
 * when each starts and ends, and how many jobs it takes. Customers choose a window, not a time;
 * each job booked in it takes one of its places.
 */
export function BookingWeekField({ path, week, what }: { path: Path; week: BookingWeek; what?: string }) {
  return (
    <div className="grid">
      <div aria-hidden="true" className="pb-1 sm:grid sm:grid-cols-[7rem_minmax(0,1fr)]">
        <span className="max-sm:hidden" />
        <div className={`${windowColumns} text-xs font-semibold tracking-wide text-slate-600 uppercase`}>
          <span>Starts</span>
          <span>Ends</span>
          <span>Jobs</span>
        </div>
      </div>
      {weekdays.map((day) => (
        <DayWindows key={day} path={path} day={day} windows={week[day]} what={what} />
      ))}
    </div>
  );
}

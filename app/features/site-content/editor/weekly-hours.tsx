import {
  weekdayNames,
  weekdays,
  type BranchContent,
  type DayHours,
  type Weekday,
} from '#common/site-content/site-content.ts';
import { fieldLabel } from './content-errors.ts';
import { fieldId, type Path } from '#app/components/editor/draft.ts';
import { useEditor, useFieldError } from '#app/components/editor/editor-context.ts';

const timeClass =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-2 text-base text-ink shadow-sm scroll-mt-24 scroll-mb-36 focus:border-brand-dark focus:outline-none focus:ring-2 focus:ring-brand/40 max-sm:[&::-webkit-calendar-picker-indicator]:hidden disabled:bg-slate-100 disabled:text-slate-400 aria-[invalid=true]:border-red-700';

function TimeCell({ path, value, disabled }: { path: Path; value: string; disabled: boolean }) {
  const { dispatch } = useEditor();
  const error = useFieldError(path);
  const id = fieldId(path);
  return (
    <td className="px-0.5 py-1.5 align-top sm:px-1">
      <label htmlFor={id} className="sr-only">
        {fieldLabel(path)}
      </label>
      <input
        id={id}
        type="time"
        value={value}
        disabled={disabled}
        onChange={(event) => dispatch({ type: 'set', path, value: event.target.value })}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className={timeClass}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </td>
  );
}

function DayRow({ path, day, hours }: { path: Path; day: Weekday; hours: DayHours }) {
  const { dispatch } = useEditor();
  const dayPath = [...path, day];
  const closedId = fieldId([...dayPath, 'closed']);
  return (
    <tr className="border-t border-slate-200">
      <th scope="row" className="py-1.5 pr-1 text-left align-top text-sm font-semibold text-ink">
        <span className="flex min-h-11 items-center">
          <span aria-hidden="true" className="sm:hidden">
            {weekdayNames[day].slice(0, 3)}
          </span>
          <span className="sr-only sm:not-sr-only">{weekdayNames[day]}</span>
        </span>
      </th>
      <td className="px-0.5 py-1.5 align-top sm:px-1">
        <label htmlFor={closedId} className="flex min-h-11 cursor-pointer items-center justify-center">
          <input
            id={closedId}
            type="checkbox"
            checked={hours.closed}
            onChange={(event) =>
              dispatch({ type: 'set', path: [...dayPath, 'closed'], value: event.target.checked })
            }
            className="size-5 accent-brand-dark"
          />
          <span className="sr-only">{fieldLabel([...dayPath, 'closed'])}</span>
        </label>
      </td>
      <TimeCell path={[...dayPath, 'opens']} value={hours.opens} disabled={hours.closed} />
      <TimeCell path={[...dayPath, 'closes']} value={hours.closes} disabled={hours.closed} />
    </tr>
  );
}

/** A branch's week: per day, closed or the opening and closing times. */
export function WeeklyHours({
  path,
  hours,
  branchName,
}: {
  path: Path;
  hours: BranchContent['hours'];
  branchName: string;
}) {
  return (
    <table className="w-full table-fixed border-collapse sm:max-w-xl">
      <caption className="mb-1 text-left text-base font-semibold text-ink">
        Opening hours of {branchName}
      </caption>
      <colgroup>
        <col className="w-10 sm:w-32" />
        <col className="w-15 sm:w-20" />
        <col />
        <col />
      </colgroup>
      <thead>
        <tr className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <th scope="col" className="py-1.5 pr-1">
            Day
          </th>
          <th scope="col" className="px-1 py-1.5 text-center">
            Closed
          </th>
          <th scope="col" className="px-1 py-1.5">
            Opens
          </th>
          <th scope="col" className="px-1 py-1.5">
            Closes
          </th>
        </tr>
      </thead>
      <tbody>
        {weekdays.map((day) => (
          <DayRow key={day} path={path} day={day} hours={hours[day]} />
        ))}
      </tbody>
    </table>
  );
}

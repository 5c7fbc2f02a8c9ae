import { memo } from 'react';
import { mobileLocation, weekWithin, type BookingLocationSettings } from '#common/bookings/settings.ts';
import type { BranchContent } from '#common/site-content/site-content.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { ChevronDownIcon } from '#app/components/ui/icons.tsx';
import { Switch } from '#app/components/ui/switch.tsx';
import { weekSummary } from './booking-draft.ts';
import { BookingWeekField } from './booking-week.tsx';
import { fieldId } from './draft-state.ts';
import { useEditor } from './editor-context.ts';

type BookingLocationEditorProps = {
  location: BookingLocationSettings;
  index: number;
  /** "Mobile fitting", "Harold Hill branch". */
  name: string;
  /** The branch it is, for its opening hours; undefined for mobile fitting. */
  branch: BranchContent | undefined;
  open: boolean;
  onToggle: (key: string) => void;
};

function OnlineBookingSwitch({ index, name, enabled }: { index: number; name: string; enabled: boolean }) {
  const { dispatch } = useEditor();
  const path = ['booking', 'locations', index, 'enabled'];
  const id = fieldId(path);
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="block cursor-pointer py-0.5 text-sm font-semibold text-ink">
          Online booking
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {enabled
            ? `Customers can choose ${name} on the booking page.`
            : `Customers cannot book ${name} online. Its windows are kept for when you switch it on again.`}
        </p>
      </div>
      <Switch
        id={id}
        checked={enabled}
        aria-describedby={`${id}-hint`}
        onCheckedChange={(value) => dispatch({ type: 'set', path, value })}
        className="mt-1"
      />
    </div>
  );
}

function FillFromHoursButton({
  index,
  branch,
  name,
}: {
  index: number;
  branch: BranchContent;
  name: string;
}) {
  const { dispatch } = useEditor();
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-ink transition hover:bg-slate-100 sm:min-h-10"
        >
          Fill from opening hours
        </button>
      }
      title={`Replace the windows of ${name}?`}
      description={`Each day gets two-hour windows of two jobs each, from opening to closing time as ${name} has them in this draft. The windows it has now are replaced.`}
      confirmLabel="Replace windows"
      onConfirm={() =>
        dispatch({
          type: 'set',
          path: ['booking', 'locations', index, 'week'],
          value: weekWithin(branch.hours),
        })
      }
    />
  );
}

/** One place customers book (mobile fitting or a branch), as a disclosure headed by its name. */
export const BookingLocationEditor = memo(function BookingLocationEditor({
  location,
  index,
  name,
  branch,
  open,
  onToggle,
}: BookingLocationEditorProps) {
  const { errors } = useEditor();
  const path = ['booking', 'locations', index] as const;
  const panelId = `booking-${location.key}-panel`;
  const needsAttention = Object.keys(errors).some((key) => key.startsWith(`booking.locations.${index}.`));
  const expanded = open || needsAttention;
  return (
    <article
      aria-labelledby={`booking-${location.key}-heading`}
      className={`rounded-xl border bg-white ${needsAttention ? 'border-red-300' : 'border-slate-200'}`}
    >
      <h3 id={`booking-${location.key}-heading`} className="p-2 sm:p-3">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => onToggle(location.key)}
          className="flex min-h-12 w-full items-center gap-3 rounded-lg px-2 text-left transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
        >
          <ChevronDownIcon className={`size-5 shrink-0 transition ${expanded ? 'rotate-180' : ''}`} />
          <span className="grid min-w-0">
            <span className="text-base font-bold break-words text-ink">{name}</span>
            <span className="text-sm font-normal text-slate-600">
              {location.enabled ? weekSummary(location.week) : 'Online booking off'}
            </span>
          </span>
        </button>
      </h3>
      {expanded && (
        <div id={panelId} className="grid gap-4 border-t border-slate-200 px-2 py-3 sm:p-5">
          <OnlineBookingSwitch index={index} name={name} enabled={location.enabled} />
          {location.key !== mobileLocation && branch && (
            <div>
              <FillFromHoursButton index={index} branch={branch} name={name} />
            </div>
          )}
          <BookingWeekField path={[...path, 'week']} week={location.week} />
        </div>
      )}
    </article>
  );
});

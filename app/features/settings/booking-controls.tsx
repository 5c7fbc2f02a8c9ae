import { tyreWindows, weekWithin, type WindowPattern } from '#common/bookings/settings.ts';
import type { BranchContent } from '#common/site-content/site-content.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { ChevronDownIcon } from '#app/components/ui/icons.tsx';
import { Switch } from '#app/components/ui/switch.tsx';
import type { BookingWeek } from '#common/bookings/settings.ts';
import { weekSummary } from './booking-draft.ts';
import { fieldId, type Path } from '#app/components/editor/draft.ts';
import { useEditor } from '#app/components/editor/editor-context.ts';

/**
 * Whether customers can book a place, or a branch's MOT testing or servicing, online: a switch
 * whose label and hint say what it turns on or off.
 */
export function OnlineBookingSwitch({
  path,
  label,
  enabled,
  onText,
  offText,
}: {
  /** The `enabled` field. */
  path: Path;
  label: string;
  enabled: boolean;
  /** What the hint says while it is on, and while it is off. */
  onText: string;
  offText: string;
}) {
  const { dispatch } = useEditor();
  const id = fieldId(path);
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="block cursor-pointer py-0.5 text-sm font-semibold text-ink">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {enabled ? onText : offText}
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

/**
 * Replaces a week's windows with the default ones within the branch's opening hours as the
 * draft has them (`pattern` cuts them), after asking.
 */
export function FillFromHoursButton({
  path,
  branch,
  name,
  pattern = tyreWindows,
  patternText = 'two-hour windows of two jobs each',
  what,
}: {
  /** The week to fill. */
  path: Path;
  branch: BranchContent;
  /** "Harold Hill branch". */
  name: string;
  /** How the windows are cut, and in words. */
  pattern?: WindowPattern;
  patternText?: string;
  /** Whose windows they are, when not the branch's tyre work: "MOT Testing". */
  what?: string;
}) {
  const { dispatch } = useEditor();
  const whose = what ? `${what} at ${name}` : name;
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-ink transition hover:bg-slate-100 sm:min-h-10"
        >
          Fill from opening hours{what && <span className="sr-only"> for {what}</span>}
        </button>
      }
      title={`Replace the windows of ${whose}?`}
      description={`Each day gets ${patternText}, from opening to closing time as ${name} has them in this draft. The windows it has now are replaced.`}
      confirmLabel="Replace windows"
      onConfirm={() => dispatch({ type: 'set', path, value: weekWithin(branch.hours, pattern) })}
    />
  );
}

/**
 * The button that opens or closes a place's panel, or its MOT testing's or servicing's: its name
 * and what customers can book there (the week in short, or that online booking is off).
 */
export function BookingPanelToggle({
  title,
  enabled,
  week,
  expanded,
  controls,
  onToggle,
  large = false,
}: {
  title: string;
  enabled: boolean;
  week: BookingWeek;
  expanded: boolean;
  /** The id of the panel it opens. */
  controls: string;
  onToggle: () => void;
  /** A place's (a larger heading); else one of its services'. */
  large?: boolean;
}) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      className={`flex ${large ? 'min-h-12' : 'min-h-11'} w-full items-center gap-3 rounded-lg px-2 text-left transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink`}
    >
      <ChevronDownIcon className={`size-5 shrink-0 transition ${expanded ? 'rotate-180' : ''}`} />
      <span className="grid min-w-0">
        <span className={large ? 'text-base font-bold break-words text-ink' : 'font-semibold text-ink'}>
          {title}
        </span>
        <span className="text-sm font-normal text-slate-600">
          {enabled ? weekSummary(week) : 'Online booking off'}
        </span>
      </span>
    </button>
  );
}

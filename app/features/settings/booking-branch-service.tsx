import { useState } from 'react';
import {
  branchServiceWindows,
  type BranchService,
  type BranchServiceSettings,
} from '#common/bookings/settings.ts';
import { branchServiceTitles } from '#common/bookings/branch-services.ts';
import type { BranchContent } from '#common/site-content/site-content.ts';
import { BookingPanelToggle, FillFromHoursButton, OnlineBookingSwitch } from './booking-controls.tsx';
import { BookingWeekField } from './booking-week.tsx';
import { fieldId } from '#app/components/editor/draft.ts';
import { useEditor } from '#app/components/editor/editor-context.ts';

/** The default windows of each, in words, as "Fill from opening hours" asks before using them. */
const patternTexts: Record<BranchService, string> = {
  mot: 'hour-long windows of one job each',
  servicing: 'four-hour windows of one job each',
};

type BranchServiceEditorProps = {
  /** The branch's position among the booking locations. */
  locationIndex: number;
  service: BranchService;
  settings: BranchServiceSettings;
  branch: BranchContent;
  /** "Harold Hill branch". */
  name: string;
};

/**
 * A branch's MOT testing or servicing, inside the branch's panel: whether customers can book it
 * online there, and its own windows and places, which it shares with nothing else. A disclosure
 * of its own, closed at first and open while one of its fields needs attention.
 */
export function BranchServiceEditor({
  locationIndex,
  service,
  settings,
  branch,
  name,
}: BranchServiceEditorProps) {
  const { errors } = useEditor();
  const [open, setOpen] = useState(false);
  const path = ['booking', 'locations', locationIndex, 'services', service];
  const id = fieldId(path);
  const title = branchServiceTitles[service];
  const needsAttention = Object.keys(errors).some((key) => key.startsWith(`${path.join('.')}.`));
  const expanded = open || needsAttention;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`rounded-lg border ${needsAttention ? 'border-red-300' : 'border-slate-200'}`}
    >
      <h4 id={`${id}-heading`} className="p-1.5 sm:p-2">
        <BookingPanelToggle
          title={title}
          enabled={settings.enabled}
          week={settings.week}
          expanded={expanded}
          controls={`${id}-panel`}
          onToggle={() => setOpen(!open)}
        />
      </h4>
      {expanded && (
        <div id={`${id}-panel`} className="grid gap-4 border-t border-slate-200 px-2 py-3 sm:p-4">
          <OnlineBookingSwitch
            path={[...path, 'enabled']}
            label={`Online booking of ${title}`}
            enabled={settings.enabled}
            onText={`Customers can book ${title} at ${name}, in these windows: their places are not shared with the tyre services.`}
            offText={`Customers cannot book ${title} at ${name} online. Its windows are kept for when you switch it on again.`}
          />
          <div>
            <FillFromHoursButton
              path={[...path, 'week']}
              branch={branch}
              name={name}
              pattern={branchServiceWindows[service]}
              patternText={patternTexts[service]}
              what={title}
            />
          </div>
          <BookingWeekField path={[...path, 'week']} week={settings.week} what={title} />
        </div>
      )}
    </section>
  );
}

import { memo } from 'react';
import { branchServices, mobileLocation, type BookingLocationSettings } from '#common/bookings/settings.ts';
import type { BranchContent } from '#common/site-content/site-content.ts';
import { BranchServiceEditor } from './booking-branch-service.tsx';
import { BookingPanelToggle, FillFromHoursButton, OnlineBookingSwitch } from './booking-controls.tsx';
import { BookingWeekField } from './booking-week.tsx';
import { useEditor } from '#app/components/editor/editor-context.ts';

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
  const isBranch = location.key !== mobileLocation && branch !== undefined;
  return (
    <article
      aria-labelledby={`booking-${location.key}-heading`}
      className={`rounded-xl border bg-white ${needsAttention ? 'border-red-300' : 'border-slate-200'}`}
    >
      <h3 id={`booking-${location.key}-heading`} className="p-2 sm:p-3">
        <BookingPanelToggle
          title={name}
          enabled={location.enabled}
          week={location.week}
          expanded={expanded}
          controls={panelId}
          onToggle={() => onToggle(location.key)}
          large
        />
      </h3>
      {expanded && (
        <div id={panelId} className="grid gap-4 border-t border-slate-200 px-2 py-3 sm:p-5">
          <OnlineBookingSwitch
            path={[...path, 'enabled']}
            label="Online booking"
            enabled={location.enabled}
            onText={`Customers can choose ${name} on the booking page.`}
            offText={`Customers cannot book ${name} online. Its windows are kept for when you switch it on again.`}
          />
          {isBranch && (
            <div className="grid justify-items-start gap-2">
              <p className="text-sm text-slate-600">
                The tyre services share these windows. MOT testing and servicing have windows of their own,
                below.
              </p>
              <FillFromHoursButton path={[...path, 'week']} branch={branch} name={name} />
            </div>
          )}
          <BookingWeekField path={[...path, 'week']} week={location.week} />
          {isBranch &&
            branchServices.map((service) => {
              const settings = location.services?.[service];
              return settings ? (
                <BranchServiceEditor
                  key={service}
                  locationIndex={index}
                  service={service}
                  settings={settings}
                  branch={branch}
                  name={name}
                />
              ) : null;
            })}
        </div>
      )}
    </article>
  );
});

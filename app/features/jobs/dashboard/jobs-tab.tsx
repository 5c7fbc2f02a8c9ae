import { useQueryClient } from '@tanstack/react-query';
import type { StaffRole } from '#common/accounts/accounts.ts';
import { formatRegistration } from '#common/vehicles/registration.ts';
import { DateStepper } from './date-stepper.tsx';
import { DayJobs } from './day-jobs.tsx';
import { jobsPartsFor, useJobsPlace, type JobsPart } from './jobs-place.ts';
import { TakingsPanel } from './takings-panel.tsx';
import { VehicleVisit } from './vehicle-visit.tsx';
import { VehicleHistoryResult, VehicleSearch, vehicleQueryKey } from '#app/features/vehicles/index.ts';

const partLabels: Record<JobsPart, string> = {
  day: 'The day',
  vehicle: 'Vehicle history',
  takings: 'Takings',
};

function PartSwitch({
  parts,
  part,
  onChange,
}: {
  parts: readonly JobsPart[];
  part: JobsPart;
  onChange: (part: JobsPart) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Show"
      className="flex rounded-lg bg-slate-200/70 p-1 sm:inline-flex sm:justify-self-start"
    >
      {parts.map((entry) => (
        <button
          key={entry}
          type="button"
          aria-pressed={part === entry}
          onClick={() => onChange(entry)}
          className="min-h-9 flex-1 rounded-md px-3 text-sm font-semibold whitespace-nowrap text-slate-600 transition hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink aria-pressed:bg-white aria-pressed:text-ink aria-pressed:shadow-sm sm:px-4"
        >
          {partLabels[entry]}
        </button>
      ))}
    </div>
  );
}

/**
 * The Jobs section: the day's jobs by fitter as they happen, a vehicle's history by registration,
 * and, for owners, the day's takings for cashing up.
 */
export function JobsTab({ role }: { role: StaffRole }) {
  const { part, date, vehicle, registration, today, go } = useJobsPlace(role);
  const queryClient = useQueryClient();
  // Find again for the same vehicle reads it afresh (a job may have been completed since).
  const find = (found: string) => {
    if (found === registration) void queryClient.refetchQueries({ queryKey: vehicleQueryKey(found) });
    else go({ vehicle: found });
  };
  return (
    <section aria-labelledby="jobs-title" className="grid min-w-0 gap-4">
      <h2 id="jobs-title" className="text-xl font-bold text-ink">
        Jobs
      </h2>
      <PartSwitch parts={jobsPartsFor(role)} part={part} onChange={(next) => go({ part: next })} />
      {part === 'vehicle' ? (
        <div className="grid min-w-0 gap-6">
          <VehicleSearch
            key={vehicle}
            initial={registration ? formatRegistration(registration) : vehicle}
            onFind={find}
          />
          {registration && (
            <VehicleHistoryResult registration={registration} role={role} Visit={VehicleVisit} />
          )}
        </div>
      ) : (
        <div className="grid min-w-0 gap-4">
          <DateStepper
            label={part === 'takings' ? 'Takings day' : 'Jobs day'}
            date={date}
            today={today}
            onDateChange={(next) => go({ date: next })}
          />
          {part === 'takings' ? <TakingsPanel date={date} /> : <DayJobs date={date} role={role} />}
        </div>
      )}
    </section>
  );
}

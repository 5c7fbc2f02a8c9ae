import type { ComponentType } from 'react';
import type { StaffRole } from '#common/accounts/accounts.ts';
import type { VehicleJob } from '#common/jobs/jobs.ts';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { MotExpiry } from './mot-expiry.tsx';
import { RegistrationPlate } from './registration-plate.tsx';
import { motExpirySourceText, VehicleData } from './vehicle-data.tsx';
import { useVehicleHistory } from './vehicle-queries.ts';
import { plural } from '#common/util/words.ts';

/** How one visit of the history shows: the jobs' own card of it (jobs/dashboard, VehicleVisit). */
export type VisitComponent = ComponentType<{ job: VehicleJob; role: StaffRole }>;

/** Every job on one vehicle, newest first, each shown as `Visit`, under its plate and MOT expiry. */
export function VehicleHistoryResult({
  registration,
  role,
  Visit,
}: {
  registration: string;
  role: StaffRole;
  Visit: VisitComponent;
}) {
  const history = useVehicleHistory(registration);
  if (history.isPending) return <Spinner label="Looking up the vehicle..." showLabel />;
  if (history.isError) {
    return (
      <LoadFailure
        title="Failed to look up the vehicle"
        detail={messageOf(history.error)}
        onRetry={() => void history.refetch()}
      />
    );
  }
  const { vehicle, jobs, motExpiry } = history.data;
  return (
    <section aria-labelledby="vehicle-history-result" className="grid min-w-0 gap-4">
      <h3
        id="vehicle-history-result"
        className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-lg font-bold text-ink"
      >
        <RegistrationPlate registration={history.data.registration} />
        {vehicle && <span>{vehicle}</span>}
        <span className="font-sans text-sm font-semibold text-slate-600">{plural(jobs.length, 'job')}</span>
      </h3>
      <MotExpiry
        key={`${history.data.registration}:${motExpiry ?? ''}`}
        registration={history.data.registration}
        motExpiry={motExpiry}
        source={motExpirySourceText(history.data)}
      />
      <VehicleData history={history.data} />
      {jobs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No jobs on this vehicle yet.
        </p>
      ) : (
        <div className="grid gap-3">
          {jobs.map((job) => (
            <Visit key={job.id} job={job} role={role} />
          ))}
        </div>
      )}
    </section>
  );
}

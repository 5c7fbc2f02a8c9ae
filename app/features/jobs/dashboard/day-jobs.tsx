import { isOfficeRole, type StaffRole } from '#common/accounts/accounts.ts';
import { driveThere } from '#common/routing/day-route.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { jobStatusLabels, type JobStatus } from '#common/bookings/state-words.ts';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { JobCard } from './job-card.tsx';
import { jobsByFitter, type FitterGroup } from './jobs-format.ts';
import { RouteOrder, RouteTotal } from './fitter-route.tsx';
import { useDayJobs, useDayRoute } from './jobs-queries.ts';
import { plural } from '#common/util/words.ts';

/** "2 completed, 1 on the way": how far a fitter's day has gone, in the statuses' order. */
function progressOf(jobs: readonly Job[]): string {
  const counts = new Map<JobStatus, number>();
  for (const job of jobs) counts.set(job.status, (counts.get(job.status) ?? 0) + 1);
  return (Object.keys(jobStatusLabels) as JobStatus[])
    .filter((status) => counts.has(status))
    .map((status) => `${counts.get(status)} ${jobStatusLabels[status].toLowerCase()}`)
    .join(', ');
}

/**
 * A fitter's jobs of the day, in route order; for the office, the drive to each mobile job and the
 * day's in all, and "Put in route order" once there are two mobile jobs to order.
 */
function FitterJobs({ group, date, role }: { group: FitterGroup; date: string; role: StaffRole }) {
  const headingId = `jobs-${date}-${group.key}`;
  const office = isOfficeRole(role);
  const fitterId = office ? (group.jobs[0]?.fitter?.id ?? null) : null;
  const route = useDayRoute(date, fitterId);
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <h3
        id={headingId}
        className="flex flex-wrap items-baseline gap-x-2 border-b border-slate-200 pb-1 text-lg font-bold text-ink"
      >
        {group.name}
        <span className="font-sans text-sm font-semibold text-slate-600">
          {plural(group.jobs.length, 'job')} · {progressOf(group.jobs)}
        </span>
      </h3>
      {route.data && (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 empty:hidden">
          <RouteTotal route={route.data} />
          {route.data.stops.length >= 2 && <RouteOrder date={date} fitterId={route.data.fitterId} />}
        </div>
      )}
      <div className="grid gap-3 lg:grid-cols-2">
        {group.jobs.map((job) => (
          <JobCard key={job.id} job={job} role={role} drive={driveThere(route.data, job.id)} />
        ))}
      </div>
    </section>
  );
}

/** A day's jobs, by fitter, each in route order with where it stands. */
export function DayJobs({ date, role }: { date: string; role: StaffRole }) {
  const jobs = useDayJobs(date);
  if (jobs.isPending) return <Spinner label="Loading jobs..." showLabel />;
  if (jobs.data === undefined) {
    return (
      <LoadFailure
        title="Failed to load the day’s jobs"
        detail={messageOf(jobs.error)}
        onRetry={() => void jobs.refetch()}
      />
    );
  }
  if (jobs.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        No jobs on this day
      </p>
    );
  }
  return (
    <div className="grid gap-8">
      {jobs.isError && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          The jobs could not be refreshed ({messageOf(jobs.error)}). They are tried again in a moment.
        </p>
      )}
      {jobsByFitter(jobs.data).map((group) => (
        <FitterJobs key={group.key} group={group} date={date} role={role} />
      ))}
    </div>
  );
}

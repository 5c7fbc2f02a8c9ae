import { jobStatusLabels, type JobStatus } from '#common/bookings/state-words.ts';
import { jobStatusBadgeClass } from './jobs-format.ts';

/** A job's status, as a badge. */
export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${jobStatusBadgeClass[status]}`}
    >
      {jobStatusLabels[status]}
    </span>
  );
}

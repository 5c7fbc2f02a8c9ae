import { dayText } from '#common/bookings/booking.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import type { EventWithoutKey } from './add-action.ts';

/**
 * Whether the job is booked for later than tomorrow: completed now, it is most likely the wrong
 * job's card (the day after tomorrow's, opened by mistake), so the fitter is asked first.
 */
export const isEarly = (job: Pick<Job, 'date'>, now = new Date()) => job.date > addDays(londonDate(now), 1);

/** Asks before a job is completed more than a day before its booked date. */
export function EarlyCompletion({
  job,
  completed,
  onCancel,
  onConfirm,
}: {
  job: Job;
  /** The checked record waiting for the answer; the dialog is open while there is one. */
  completed: EventWithoutKey | null;
  onCancel: () => void;
  onConfirm: (completed: EventWithoutKey) => void;
}) {
  return (
    <ConfirmDialog
      open={completed !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Complete a job booked for a later day?"
      description={`${job.reference} is booked for ${dayText(job.date)}, more than a day from now. Complete it only if the work is done today.`}
      cancelLabel="Not yet"
      confirmLabel="Complete it now"
      onConfirm={() => {
        if (completed) onConfirm(completed);
      }}
    />
  );
}

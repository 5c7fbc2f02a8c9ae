import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { etaSchema, notCompletedReasonSchema, notCompletedReasons, type Job } from '#common/jobs/jobs.ts';
import { londonTime } from '#common/time/london.ts';
import { formatTime } from '#common/time/week.ts';
import { Button } from '#app/components/ui/button.tsx';
import { errorAttributes, FieldError } from '#app/components/ui/field-error.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import type { EventWithoutKey } from './add-action.ts';

/** Queues an event of the job under `label`, then closes the form. */
type SendEvent = (label: string, body: EventWithoutKey) => Promise<void>;

const onTheWaySchema = z.object({ eta: etaSchema });
type OnTheWay = z.output<typeof onTheWaySchema>;

/**
 * When the fitter setting off now should arrive, by London's clock: now and the drive there from
 * the stop before, when the day's route knows it; else the window's start.
 */
export function arrivalEstimate(
  job: Pick<Job, 'window'>,
  driveMinutes: number | null,
  now: Date = new Date(),
): string {
  if (driveMinutes === null) return job.window.start;
  return londonTime(new Date(now.getTime() + driveMinutes * 60_000));
}

/** On my way: when the fitter expects to arrive (as estimated unless changed), for the customer. */
export function OnTheWayForm({
  job,
  send,
  driveMinutes = null,
}: {
  job: Job;
  send: SendEvent;
  driveMinutes?: number | null;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OnTheWay>({
    resolver: schemaResolver<OnTheWay, OnTheWay>(onTheWaySchema),
    defaultValues: { eta: arrivalEstimate(job, driveMinutes) },
  });
  const id = `eta-${job.id}`;
  const submit = handleSubmit(({ eta }) =>
    send(`On my way, arriving about ${formatTime(eta)}`, { type: 'on-the-way', eta }),
  );
  return (
    <form
      noValidate
      className="grid gap-2 rounded-xl bg-slate-50 p-3"
      onSubmit={(event) => void submit(event)}
    >
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Arriving about
      </label>
      <input
        id={id}
        type="time"
        required
        {...register('eta')}
        {...errorAttributes(id, errors.eta?.message)}
        className={fieldClass}
      />
      <FieldError fieldId={id} message={errors.eta?.message} />
      <Button type="submit" size="large">
        Tell the customer I am on my way
      </Button>
    </form>
  );
}

/** The choice that opens the fitter's own words. */
const other = 'Other';

type NotCompletedValues = { choice: string; reason: string };

/** The reason sent: the choice, or the fitter's own words (the field `reason`) for Other. */
const notCompletedSchema = z.pipe(
  z.transform(({ choice, reason }: NotCompletedValues): { reason: unknown } => ({
    reason: choice === other ? reason : choice,
  })),
  z.object({ reason: notCompletedReasonSchema }),
);
type NotCompleted = z.output<typeof notCompletedSchema>;

/** Could not complete: one of the common reasons, or the fitter's own. */
export function NotCompletedForm({ job, send }: { job: Job; send: SendEvent }) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<NotCompletedValues, unknown, NotCompleted>({
    resolver: schemaResolver<NotCompletedValues, NotCompleted>(notCompletedSchema),
    defaultValues: { choice: notCompletedReasons[0], reason: '' },
  });
  const choice = useWatch({ control, name: 'choice' });
  const id = `other-${job.id}`;
  const submit = handleSubmit(({ reason }) =>
    send(`Could not complete: ${reason}`, { type: 'not-completed', reason }),
  );
  return (
    <form noValidate className="grid gap-2 rounded-xl bg-red-50 p-3" onSubmit={(event) => void submit(event)}>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-semibold text-ink">Why could it not be completed?</legend>
        {[...notCompletedReasons, other].map((reason) => (
          <label key={reason} className="flex min-h-11 items-center gap-2 text-base">
            <input type="radio" value={reason} {...register('choice')} className="size-5" />
            {reason}
          </label>
        ))}
      </fieldset>
      {choice === other && (
        <>
          <label htmlFor={id} className="text-sm font-semibold text-ink">
            The reason
          </label>
          <input
            id={id}
            required
            maxLength={500}
            {...register('reason')}
            {...errorAttributes(id, errors.reason?.message)}
            className={fieldClass}
          />
          <FieldError fieldId={id} message={errors.reason?.message} />
        </>
      )}
      <Button type="submit" variant="danger-solid" size="large">
        Hand the job back to the office
      </Button>
    </form>
  );
}

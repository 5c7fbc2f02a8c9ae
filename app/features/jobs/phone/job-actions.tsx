import { useState } from 'react';
import { notCompletedReasons, type Job, type JobEventInput } from '#common/jobs/jobs.ts';
import { formatTime } from '#common/time/week.ts';
import { Button } from '#app/components/ui/button.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import type { ActionRequest } from './action-queue.ts';
import { CompleteJobForm } from './complete-job-form.tsx';
import { PaymentForm } from './payment-form.tsx';

/** Keeps an action on the phone and sends it when it can. */
export type AddAction = (job: Job, label: string, request: (key: string) => ActionRequest) => Promise<void>;

type Open = 'on-the-way' | 'not-completed' | 'complete' | 'payment' | null;

/** An event as the fitter gives it; the key is added when it is queued. */
export type EventWithoutKey = JobEventInput extends infer Event
  ? Event extends unknown
    ? Omit<Event, 'idempotencyKey'>
    : never
  : never;

/** Queues an event of the job with a new key. */
export const addEvent = (add: AddAction, job: Job, label: string, body: EventWithoutKey) =>
  add(job, label, (key) => ({
    kind: 'event',
    body: { ...body, idempotencyKey: key } as JobEventInput & { idempotencyKey: string },
  }));

/** What the fitter can do next on a job, each a big button; the longer ones open a form below. */
export function JobActions({ job, add }: { job: Job; add: AddAction }) {
  const [open, setOpen] = useState<Open>(null);
  const [eta, setEta] = useState(job.window.start);
  const [reason, setReason] = useState<string>(notCompletedReasons[0]);
  const [otherReason, setOtherReason] = useState('');
  const event = (label: string, body: EventWithoutKey) =>
    addEvent(add, job, label, body).then(() => setOpen(null));
  const live = job.status !== 'completed' && job.status !== 'not-completed';
  const due = job.total - job.paid;

  return (
    <div className="mt-4 grid gap-3">
      <div className="flex flex-wrap gap-2">
        {(job.status === 'scheduled' || job.status === 'on-the-way') && (
          <Button
            variant={job.status === 'scheduled' ? 'primary' : 'outline'}
            size="large"
            onClick={() => setOpen('on-the-way')}
          >
            On my way
          </Button>
        )}
        {(job.status === 'scheduled' || job.status === 'on-the-way') && (
          <Button
            variant={job.status === 'on-the-way' ? 'primary' : 'outline'}
            size="large"
            onClick={() => void event('Arrived', { type: 'arrived' })}
          >
            Arrived
          </Button>
        )}
        {live && (
          <Button
            variant={job.status === 'arrived' ? 'primary' : 'outline'}
            size="large"
            onClick={() => setOpen('complete')}
          >
            Complete job
          </Button>
        )}
        {due > 0 && job.status !== 'not-completed' && (
          <Button
            variant={job.status === 'completed' ? 'primary' : 'outline'}
            size="large"
            onClick={() => setOpen('payment')}
          >
            Take payment
          </Button>
        )}
        {live && (
          <Button variant="danger-outline" size="large" onClick={() => setOpen('not-completed')}>
            Could not complete
          </Button>
        )}
      </div>

      {open === 'on-the-way' && (
        <form
          className="grid gap-2 rounded-xl bg-slate-50 p-3"
          onSubmit={(submitted) => {
            submitted.preventDefault();
            void event(`On my way, arriving about ${formatTime(eta)}`, { type: 'on-the-way', eta });
          }}
        >
          <label htmlFor={`eta-${job.id}`} className="text-sm font-semibold text-ink">
            Arriving about
          </label>
          <input
            id={`eta-${job.id}`}
            type="time"
            required
            value={eta}
            onChange={(changed) => setEta(changed.target.value)}
            className={fieldClass}
          />
          <Button type="submit" size="large">
            Tell the customer I am on my way
          </Button>
        </form>
      )}

      {open === 'not-completed' && (
        <form
          className="grid gap-2 rounded-xl bg-red-50 p-3"
          onSubmit={(submitted) => {
            submitted.preventDefault();
            const why = reason === 'Other' ? otherReason.trim() : reason;
            if (why) void event(`Could not complete: ${why}`, { type: 'not-completed', reason: why });
          }}
        >
          <fieldset className="grid gap-1">
            <legend className="text-sm font-semibold text-ink">Why could it not be completed?</legend>
            {[...notCompletedReasons, 'Other'].map((choice) => (
              <label key={choice} className="flex min-h-11 items-center gap-2 text-base">
                <input
                  type="radio"
                  name={`reason-${job.id}`}
                  value={choice}
                  checked={reason === choice}
                  onChange={() => setReason(choice)}
                  className="size-5"
                />
                {choice}
              </label>
            ))}
          </fieldset>
          {reason === 'Other' && (
            <>
              <label htmlFor={`other-${job.id}`} className="text-sm font-semibold text-ink">
                The reason
              </label>
              <input
                id={`other-${job.id}`}
                required
                maxLength={500}
                value={otherReason}
                onChange={(changed) => setOtherReason(changed.target.value)}
                className={fieldClass}
              />
            </>
          )}
          <Button type="submit" variant="danger-solid" size="large">
            Hand the job back to the office
          </Button>
        </form>
      )}

      {open === 'complete' && (
        <CompleteJobForm job={job} add={add} onDone={() => setOpen(due > 0 ? 'payment' : null)} />
      )}
      {open === 'payment' && <PaymentForm job={job} add={add} onDone={() => setOpen(null)} />}
    </div>
  );
}

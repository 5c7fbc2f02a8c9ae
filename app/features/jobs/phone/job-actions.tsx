import { useState } from 'react';
import type { Job } from '#common/jobs/jobs.ts';
import type { PaymentLink } from '#common/payments/payments.ts';
import { Button } from '#app/components/ui/button.tsx';
import { usePaymentsStatus } from '#app/features/payments/index.ts';
import { addEvent, type AddAction, type EventWithoutKey } from './add-action.ts';
import { CompleteJobForm } from './complete-job-form.tsx';
import { NotCompletedForm, OnTheWayForm } from './job-event-forms.tsx';
import { PaymentForm } from './payment-form.tsx';
import { PaymentLinkButton, PaymentLinkShown } from './payment-link.tsx';
import { useOnline } from './use-online.ts';

type Open = 'on-the-way' | 'not-completed' | 'complete' | 'payment' | { link: PaymentLink } | null;

/**
 * What the fitter can do next on a job, each a big button; the longer ones open a form below.
 * `driveMinutes` is the drive there from the stop before, when the day's route is known.
 */
export function JobActions({
  job,
  add,
  driveMinutes = null,
}: {
  job: Job;
  add: AddAction;
  driveMinutes?: number | null;
}) {
  const [open, setOpen] = useState<Open>(null);
  const event = (label: string, body: EventWithoutKey) =>
    addEvent(add, job, label, body).then(() => setOpen(null));
  const live = job.status !== 'completed' && job.status !== 'not-completed';
  const due = job.total - job.paid;
  const payable = due > 0 && job.status !== 'not-completed';
  // Card payment links only while card payments are set up; asked once, and kept without signal.
  const payments = usePaymentsStatus({ enabled: payable });
  const online = useOnline();

  return (
    <div className="mt-4 grid gap-3">
      <div className="flex flex-wrap gap-2 max-sm:*:grow">
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
        {payable && (
          <Button
            variant={job.status === 'completed' ? 'primary' : 'outline'}
            size="large"
            onClick={() => setOpen('payment')}
          >
            Take payment
          </Button>
        )}
        {payable && payments.data?.configured && (
          <PaymentLinkButton job={job} online={online} onOpen={(link) => setOpen({ link })} />
        )}
        {live && (
          <Button variant="danger-outline" size="large" onClick={() => setOpen('not-completed')}>
            Could not complete
          </Button>
        )}
      </div>

      {open === 'on-the-way' && <OnTheWayForm job={job} send={event} driveMinutes={driveMinutes} />}
      {open === 'not-completed' && <NotCompletedForm job={job} send={event} />}

      {open === 'complete' && (
        <CompleteJobForm job={job} add={add} onDone={() => setOpen(due > 0 ? 'payment' : null)} />
      )}
      {open === 'payment' && <PaymentForm job={job} add={add} onDone={() => setOpen(null)} />}
      {typeof open === 'object' && open !== null && (
        <PaymentLinkShown job={job} link={open.link} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}

import { useState } from 'react';
import { flushSync } from 'react-dom';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { jobLimits, type Job } from '#common/jobs/jobs.ts';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { addEvent, type AddAction, type EventWithoutKey } from './add-action.ts';
import { ChargeFields } from './charge-fields.tsx';
import { CheckFields } from './check-fields.tsx';
import { completionErrors, completionSections, sectionHeadingId } from './completion-sections.ts';
import { StepButtons, StepHeading } from './completion-steps.tsx';
import { completionResolver, initialValues, type CompletionValues } from './completion-values.ts';
import { EarlyCompletion, isEarly } from './early-completion.tsx';
import { FittedTyreFields, TreadFields } from './fitted-tyre-fields.tsx';
import { SignaturePad } from './signature-pad.tsx';

/** Shows an element of the form, once its section is on screen. */
function goTo(id: string) {
  const element = document.getElementById(id);
  element?.focus({ preventScroll: true });
  element?.scrollIntoView?.({ block: 'center' });
}

/**
 * The job record, filled in at the kerb a phone screen at a time (the tyres, the checks and
 * photos, the charge, the customer's signature): checked on the phone with the server's rules when
 * the fitter completes it, every problem then listed at the top, each a link to its field in its
 * section; queued with its photos as one action each.
 */
export function CompleteJobForm({ job, add, onDone }: { job: Job; add: AddAction; onDone: () => void }) {
  const form = useForm<CompletionValues, unknown, EventWithoutKey>({
    defaultValues: initialValues(job),
    resolver: completionResolver(job),
    // The summary takes the focus, and the first error may be in a section not shown.
    shouldFocusError: false,
  });
  const photos = useController({ control: form.control, name: 'photos' }).field;
  const signature = useController({ control: form.control, name: 'signature' }).field;
  const room = Math.max(0, jobLimits.photos - job.photos);
  const [step, setStep] = useState(0);
  const [refusals, setRefusals] = useState(0);
  const [early, setEarly] = useState<EventWithoutKey | null>(null);
  const errors = completionErrors(form.formState.errors, job.id);
  const sectionOf = (target: string) => errors.find((error) => error.target === target)?.section ?? step;

  const move = (to: number, focus: string = sectionHeadingId(job.id, to)) => {
    flushSync(() => setStep(to));
    goTo(focus);
  };

  const queue = async (completed: EventWithoutKey) => {
    for (const picture of photos.value.slice(0, room)) {
      await add(job, 'Photo', (key) => ({ kind: 'file', fileKind: 'photo', idempotencyKey: key, picture }));
    }
    const signed = signature.value;
    if (signed) {
      await add(job, 'Customer’s signature', (key) => ({
        kind: 'file',
        fileKind: 'signature',
        idempotencyKey: key,
        picture: signed,
      }));
    }
    await addEvent(add, job, 'Completed', completed);
    onDone();
  };

  const submit = form.handleSubmit(
    (completed) => (isEarly(job) ? setEarly(completed) : queue(completed)),
    (refused) => {
      // The first problem's section on screen, under the summary (focused as it appears).
      const first = completionErrors(refused, job.id)[0];
      setStep(first?.section ?? step);
      setRefusals((count) => count + 1);
    },
  );

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Complete the job"
        onSubmit={(event) => {
          if (step < completionSections.length - 1) {
            // Enter in a field of an earlier section moves on rather than completing.
            event.preventDefault();
            move(step + 1);
          } else void submit(event);
        }}
        className="grid scroll-mt-4 gap-5 rounded-xl bg-slate-50 p-3"
      >
        {refusals > 0 && (
          <ErrorSummary
            key={refusals}
            id={`complete-${job.id}-errors`}
            heading="h4"
            errors={errors}
            onSelect={({ target }) => move(sectionOf(target), target)}
          />
        )}
        <StepHeading jobId={job.id} step={step} />
        <div hidden={step !== 0} className="grid gap-5">
          <FittedTyreFields />
          <TreadFields />
        </div>
        <div hidden={step !== 1} className="grid gap-5">
          <CheckFields jobId={job.id} room={room} />
        </div>
        <div hidden={step !== 2}>
          <ChargeFields job={job} />
        </div>
        <div hidden={step !== 3}>
          <SignaturePad onChange={signature.onChange} />
        </div>
        <StepButtons step={step} onMove={(to) => move(to)} />
      </form>
      <EarlyCompletion
        job={job}
        completed={early}
        onCancel={() => setEarly(null)}
        onConfirm={(completed) => void queue(completed)}
      />
    </FormProvider>
  );
}

import { FormProvider, useController, useForm } from 'react-hook-form';
import { jobLimits, type Job } from '#common/jobs/jobs.ts';
import { Button } from '#app/components/ui/button.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import { addEvent, type AddAction, type EventWithoutKey } from './add-action.ts';
import { ChargeFields } from './charge-fields.tsx';
import { completionResolver, initialValues, type CompletionValues } from './completion-values.ts';
import { FittedTyreFields, TreadFields } from './fitted-tyre-fields.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { SignaturePad } from './signature-pad.tsx';

/**
 * The job record, filled in at the kerb: what was fitted, what came off, the checks, photos, the
 * charge and, if the customer gives it, a signature. Checked on the phone with the server's rules;
 * queued with its photos as one action each.
 */
export function CompleteJobForm({ job, add, onDone }: { job: Job; add: AddAction; onDone: () => void }) {
  const form = useForm<CompletionValues, unknown, EventWithoutKey>({
    defaultValues: initialValues(job),
    resolver: completionResolver(job),
  });
  const photos = useController({ control: form.control, name: 'photos' }).field;
  const signature = useController({ control: form.control, name: 'signature' }).field;
  const room = Math.max(0, jobLimits.photos - job.photos);

  const submit = form.handleSubmit(async (completed) => {
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
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-5 rounded-xl bg-slate-50 p-3"
      >
        <FittedTyreFields />
        <TreadFields />
        <fieldset className="grid gap-1">
          <legend className="text-sm font-semibold text-ink">Checks</legend>
          <label className="flex min-h-11 items-center gap-3 text-base">
            <input type="checkbox" {...form.register('torqued')} className="size-5 accent-brand-dark" /> Wheel
            nuts torqued
          </label>
          <label className="flex min-h-11 items-center gap-3 text-base">
            <input type="checkbox" {...form.register('tpmsReset')} className="size-5 accent-brand-dark" />{' '}
            TPMS reset
          </label>
        </fieldset>
        <div>
          <label htmlFor={`advisories-${job.id}`} className="text-sm font-semibold text-ink">
            Advisories
          </label>
          <textarea
            id={`advisories-${job.id}`}
            rows={2}
            {...form.register('advisories')}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor={`notes-${job.id}`} className="text-sm font-semibold text-ink">
            Notes
          </label>
          <textarea id={`notes-${job.id}`} rows={2} {...form.register('notes')} className={fieldClass} />
        </div>
        <PhotoPicker id={`photos-${job.id}`} room={room} photos={photos.value} onChange={photos.onChange} />
        <ChargeFields job={job} />
        <SignaturePad onChange={signature.onChange} />
        <Button type="submit" size="large">
          Complete the job
        </Button>
      </form>
    </FormProvider>
  );
}

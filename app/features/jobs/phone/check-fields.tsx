import { useController, useFormContext } from 'react-hook-form';
import { FieldError, useFieldError } from '#app/components/ui/field-error.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import type { CompletionValues } from './completion-values.ts';
import { PhotoPicker } from './photo-picker.tsx';

const checkboxClass = 'size-6 accent-brand-dark';

/** The checks made (each ticked by the fitter, none in advance), what to tell the customer, and photos. */
export function CheckFields({ jobId, room }: { jobId: number; room: number }) {
  const { register, control } = useFormContext<CompletionValues>();
  const torquedId = `torqued-${jobId}`;
  const torqued = useFieldError('torqued', torquedId);
  const photos = useController({ control, name: 'photos' }).field;
  return (
    <>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-semibold text-ink">Checks</legend>
        <label className="flex min-h-12 items-center gap-3 text-base">
          <input
            id={torquedId}
            type="checkbox"
            {...register('torqued')}
            {...torqued.attributes}
            className={checkboxClass}
          />
          Wheel nuts torqued
        </label>
        <FieldError fieldId={torquedId} message={torqued.message} />
        <label className="flex min-h-12 items-center gap-3 text-base">
          <input type="checkbox" {...register('tpmsReset')} className={checkboxClass} /> TPMS reset
        </label>
      </fieldset>
      <div>
        <label htmlFor={`advisories-${jobId}`} className="text-sm font-semibold text-ink">
          Advisories
        </label>
        <textarea id={`advisories-${jobId}`} rows={2} {...register('advisories')} className={fieldClass} />
      </div>
      <div>
        <label htmlFor={`notes-${jobId}`} className="text-sm font-semibold text-ink">
          Notes
        </label>
        <textarea id={`notes-${jobId}`} rows={2} {...register('notes')} className={fieldClass} />
      </div>
      <PhotoPicker id={`photos-${jobId}`} room={room} photos={photos.value} onChange={photos.onChange} />
    </>
  );
}

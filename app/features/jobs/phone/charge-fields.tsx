import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { Job } from '#common/jobs/jobs.ts';
import { formatPence } from '#common/util/money.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FieldError, useFieldError } from '#app/components/ui/field-error.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import type { CompletionValues } from './completion-values.ts';
import { paidText } from './paid-text.ts';

function LineField({
  index,
  part,
  label,
  inputMode,
}: {
  index: number;
  part: 'description' | 'quantity' | 'price';
  label: string;
  inputMode?: 'numeric' | 'decimal';
}) {
  const { register } = useFormContext<CompletionValues>();
  const name = `lines.${index}.${part}` as const;
  const id = `line-${index}-${part}`;
  const error = useFieldError(name, id);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input id={id} inputMode={inputMode} {...register(name)} {...error.attributes} className={fieldClass} />
      <FieldError fieldId={id} message={error.message} />
    </div>
  );
}

/** What the customer pays: the booking's lines, which the fitter may change, saying why. */
export function ChargeFields({ job }: { job: Job }) {
  const { control, register } = useFormContext<CompletionValues>();
  const changing = useWatch({ control, name: 'changeCharge' });
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const reasonId = `lines-reason-${job.id}`;
  const reasonError = useFieldError('linesReason', reasonId);
  return (
    <fieldset className="grid gap-2">
      <legend className="font-heading text-base font-bold text-ink">The charge (VAT included)</legend>
      {!changing && (
        <ul className="text-base text-ink">
          {job.lines.map((line, index) => (
            <li key={index}>
              {line.quantity} × {line.description}: {formatPence(line.quantity * line.unitPence)}
            </li>
          ))}
          <li className="font-semibold">Total {formatPence(job.total)}</li>
          {job.paid > 0 && <li className="font-semibold">{paidText(job)}</li>}
        </ul>
      )}
      <label className="flex min-h-11 items-center gap-3 text-base">
        <input type="checkbox" {...register('changeCharge')} className="size-5 accent-brand-dark" /> Change
        the charge
      </label>
      {changing && (
        <>
          {fields.map((field, index) => (
            <div
              key={field.id}
              className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_5rem_7rem]"
            >
              <LineField index={index} part="description" label="What" />
              <LineField index={index} part="quantity" label="How many" inputMode="numeric" />
              <LineField index={index} part="price" label="Price of one (£)" inputMode="decimal" />
              <Button type="button" variant="danger" onClick={() => remove(index)}>
                Remove this line
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            onClick={() => append({ description: '', quantity: '1', price: '' })}
          >
            Add a line
          </Button>
          <div>
            <label htmlFor={reasonId} className="text-sm font-semibold text-ink">
              Why the charge changed
            </label>
            <input
              id={reasonId}
              {...register('linesReason')}
              {...reasonError.attributes}
              className={fieldClass}
            />
            <FieldError fieldId={reasonId} message={reasonError.message} />
          </div>
        </>
      )}
    </fieldset>
  );
}

import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { tyrePositionLabels, tyrePositions, type TyrePosition } from '#common/jobs/jobs.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FieldError, useFieldError } from '#app/components/ui/field-error.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import type { CompletionValues } from './completion-values.ts';

function TextField({
  name,
  label,
  inputMode,
}: {
  name: `tyres.${number}.${'brand' | 'pattern' | 'size' | 'dot'}`;
  label: string;
  inputMode?: 'numeric';
}) {
  const { register } = useFormContext<CompletionValues>();
  const id = `field-${name}`;
  const error = useFieldError(name, id);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input id={id} {...register(name)} {...error.attributes} inputMode={inputMode} className={fieldClass} />
      <FieldError fieldId={id} message={error.message} />
    </div>
  );
}

/** Where the tyre at `index` was fitted. */
function PositionField({ index, fieldId }: { index: number; fieldId: string }) {
  const { register } = useFormContext<CompletionValues>();
  const name = `tyres.${index}.position` as const;
  const error = useFieldError(name, fieldId);
  return (
    <div>
      <label htmlFor={fieldId} className="text-sm font-semibold text-ink">
        Position
      </label>
      <select id={fieldId} {...register(name)} {...error.attributes} className={fieldClass}>
        {tyrePositions.map((position) => (
          <option key={position} value={position}>
            {tyrePositionLabels[position]}
          </option>
        ))}
      </select>
      <FieldError fieldId={fieldId} message={error.message} />
    </div>
  );
}

/** The tread depth left on the tyre taken off at `position`. */
function TreadField({ position }: { position: TyrePosition }) {
  const { register } = useFormContext<CompletionValues>();
  const name = `tread.${position}` as const;
  const id = `tread-${position}`;
  const error = useFieldError(name, id);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {tyrePositionLabels[position]}
      </label>
      <input id={id} inputMode="decimal" {...register(name)} {...error.attributes} className={fieldClass} />
      <FieldError fieldId={id} message={error.message} />
    </div>
  );
}

/** The tyres fitted, one row each: position, brand, pattern, size and the DOT week and year. */
export function FittedTyreFields() {
  const { control } = useFormContext<CompletionValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'tyres' });
  const used = useWatch({ control, name: 'tyres' }).map((tyre) => tyre.position);
  const free = tyrePositions.find((position) => !used.includes(position));
  return (
    <fieldset className="grid gap-3">
      <legend className="font-heading text-base font-bold text-ink">Tyres fitted</legend>
      {fields.length === 0 && <p className="text-sm text-slate-600">No tyres fitted on this job.</p>}
      {fields.map((field, index) => (
        <div
          key={field.id}
          className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2"
        >
          <PositionField index={index} fieldId={`field-tyres.${index}.position`} />
          <TextField name={`tyres.${index}.dot`} label="DOT week and year (e.g. 2324)" inputMode="numeric" />
          <TextField name={`tyres.${index}.brand`} label="Brand" />
          <TextField name={`tyres.${index}.pattern`} label="Pattern" />
          <TextField name={`tyres.${index}.size`} label="Size" />
          <div className="flex items-end">
            <Button type="button" variant="danger" onClick={() => remove(index)}>
              Remove this tyre
            </Button>
          </div>
        </div>
      ))}
      {free && (
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            const last = fields.at(-1);
            append({
              position: free,
              brand: last?.brand ?? '',
              pattern: last?.pattern ?? '',
              size: last?.size ?? '',
              dot: '',
            });
          }}
        >
          Add a tyre
        </Button>
      )}
    </fieldset>
  );
}

/** The tread depth of each tyre taken off, in mm, at the positions where tyres were fitted. */
export function TreadFields() {
  const { control } = useFormContext<CompletionValues>();
  const positions = useWatch({ control, name: 'tyres' }).map((tyre) => tyre.position);
  const shown = tyrePositions.filter((position: TyrePosition) => positions.includes(position));
  if (shown.length === 0) return null;
  return (
    <fieldset className="grid gap-2 sm:grid-cols-2">
      <legend className="font-heading text-base font-bold text-ink">
        Tread left on the tyres taken off (mm)
      </legend>
      {shown.map((position) => (
        <TreadField key={position} position={position} />
      ))}
    </fieldset>
  );
}

import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { vehicleChangeSchema } from '#common/vehicles/vehicles.ts';
import { Button } from '#app/components/ui/button.tsx';
import { errorAttributes, FieldError, FormError } from '#app/components/ui/field-error.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { toast } from '#app/lib/use-toast.ts';
import { dayText } from '#common/bookings/words.ts';
import { useSetMotExpiry } from './vehicle-queries.ts';

type VehicleChange = z.output<typeof vehicleChangeSchema>;

/**
 * A vehicle's MOT expiry, as recorded by an MOT done here, set by staff or read from the DVSA's MOT
 * history, with where it came from, and a form to set it by hand: a new date schedules the
 * vehicle's MOT reminders afresh (28 and 7 days before), and the MOT history never replaces it.
 */
export function MotExpiry({
  registration,
  motExpiry,
  source = null,
}: {
  registration: string;
  motExpiry: string | null;
  /** Where the date came from, in words ("set by hand"). */
  source?: string | null;
}) {
  const id = useId();
  const fieldId = `${id}-date`;
  const save = useSetMotExpiry(registration);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VehicleChange>({
    resolver: schemaResolver<VehicleChange, VehicleChange>(vehicleChangeSchema),
    defaultValues: { motExpiry: motExpiry ?? '' },
  });
  const submit = handleSubmit(async ({ motExpiry: date }) => {
    try {
      await save.mutateAsync(date);
      toast({ title: 'MOT expiry saved', description: `The reminders follow ${dayText(date)}.` });
    } catch (error) {
      showRefusal(error, { fields: ['motExpiry'], setError });
    }
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="MOT expiry"
      className="flex flex-wrap items-end gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-4"
    >
      <p className="min-w-48 flex-1 text-sm text-slate-700">
        <span className="block font-semibold text-ink">MOT expiry</span>
        {motExpiry ? `Runs out on ${dayText(motExpiry)}${source ? `, ${source}` : ''}` : 'Not known yet'}
      </p>
      <div className="grid gap-1">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
          New MOT expiry
        </label>
        <input
          id={fieldId}
          type="date"
          {...register('motExpiry')}
          {...errorAttributes(fieldId, errors.motExpiry?.message)}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-700"
        />
      </div>
      <Button type="submit" variant="outline" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save MOT expiry'}
      </Button>
      <div className="w-full empty:hidden">
        <FieldError fieldId={fieldId} message={errors.motExpiry?.message} />
        <FormError errors={errors} />
      </div>
    </form>
  );
}

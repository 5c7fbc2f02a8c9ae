import { Button } from '#app/components/ui/button.tsx';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { ownDisplayNameSchema } from '#common/accounts/accounts.ts';
import { displayNameLimits } from '#common/accounts/limits.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';

type DisplayNameValues = { displayName: string };
type DisplayNameInput = z.output<typeof ownDisplayNameSchema>;

const fields = ['displayName'] as const;

type DisplayNameFormProps = {
  /** The field's id, unique on the page. */
  id: string;
  label: string;
  current: string | null;
  /** Saves the name (null clears it); a refusal's field error shows under the field. */
  onSave: (displayName: string | null) => Promise<unknown>;
  /** The toast's title when the refusal names no field. */
  refusalTitle: string;
};

/**
 * A staff member's display name ("Dave Smith"): what colleagues read instead of the username, and
 * whose first word customers' e-mails name the fitter by. Empty clears it. My account's and the
 * Staff section's, under the API's rules.
 */
export function DisplayNameForm({ id, label, current, onSave, refusalTitle }: DisplayNameFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DisplayNameValues, unknown, DisplayNameInput>({
    resolver: schemaResolver<DisplayNameValues, DisplayNameInput>(ownDisplayNameSchema),
    values: { displayName: current ?? '' },
  });

  const submit = handleSubmit(async ({ displayName }) => {
    try {
      await onSave(displayName);
      reset({ displayName: displayName ?? '' });
    } catch (error) {
      showRefusal(error, { fields, setError, title: refusalTitle });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid max-w-md gap-3">
      <FormField
        id={id}
        label={label}
        hint={`Up to ${displayNameLimits.max} characters, e.g. Dave Smith. Empty shows the username.`}
        error={errors.displayName?.message}
      >
        {(control) => <input {...control} {...register('displayName')} autoComplete="off" />}
      </FormField>
      <div>
        <Button type="submit" disabled={isSubmitting || !isDirty} variant="outline" className="px-5">
          {isSubmitting ? 'Saving…' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}

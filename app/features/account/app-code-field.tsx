import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appCodeInput } from './account-format.ts';

/** A field for the 6-digit code of an authenticator app, as phones offer to fill it in. */
export function AppCodeField({
  id,
  label,
  error,
  registration,
}: {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          {...registration}
          {...appCodeInput}
          className={`${control.className} font-mono tracking-widest`}
        />
      )}
    </FormField>
  );
}

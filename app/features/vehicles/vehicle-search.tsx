import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import * as z from 'zod/mini';
import { isRegistration, normaliseRegistration, registrationMessage } from '#common/vehicles/registration.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';

type Search = { registration: string };

/** The API's rule for a registration, and the form it looks it up in. */
const searchSchema = z.object({
  registration: z.pipe(
    z.string().check(z.refine(isRegistration, registrationMessage)),
    z.transform(normaliseRegistration),
  ),
});

/**
 * The registration to look up, checked in the browser on submit first, then as it is corrected
 * (the API's own rule). One the address gave that is not a registration shows its error at once.
 */
export function VehicleSearch({
  initial,
  onFind,
}: {
  initial: string;
  onFind: (registration: string) => void;
}) {
  // The address's registration is checked as if submitted: its error shows at once, then goes as it is corrected.
  const [initialErrors] = useState<FieldErrors<Search> | undefined>(() =>
    initial !== '' && !isRegistration(initial)
      ? { registration: { type: 'validate', message: registrationMessage } }
      : undefined,
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Search>({
    resolver: schemaResolver<Search, Search>(searchSchema),
    defaultValues: { registration: initial },
    mode: initial === '' ? 'onSubmit' : 'onChange',
    errors: initialErrors,
  });
  const find = handleSubmit(({ registration }) => onFind(registration));

  return (
    <form
      noValidate
      onSubmit={(event) => void find(event)}
      role="search"
      aria-label="Vehicle history"
      className="max-w-md"
    >
      <FormField id="vehicle-registration" label="Registration" error={errors.registration?.message}>
        {(control) => (
          <div className="flex items-start gap-2">
            <input
              {...control}
              {...register('registration')}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="AB12 CDE"
              className={`${control.className} min-w-0 flex-1 font-semibold tracking-wider uppercase placeholder:font-normal placeholder:tracking-normal placeholder:normal-case`}
            />
            <Button type="submit" variant="dark" className="mt-1.5 min-h-11 shrink-0 justify-center px-5">
              Find
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}

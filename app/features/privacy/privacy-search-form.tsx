import { Button } from '#app/components/ui/button.tsx';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { personalDataRequestSchema } from '#common/privacy/privacy.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';

type PersonalDataRequest = z.output<typeof personalDataRequestSchema>;

/**
 * The e-mail address to look up, checked in the browser on submit first, then as it is corrected,
 * by the API's own rule. Find again for the same address reads it afresh.
 */
export function PersonalDataSearch({ onFind }: { onFind: (email: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PersonalDataRequest>({
    resolver: schemaResolver<PersonalDataRequest, PersonalDataRequest>(personalDataRequestSchema),
    defaultValues: { email: '' },
  });
  const find = handleSubmit(({ email }) => onFind(email));

  return (
    <form
      noValidate
      onSubmit={(event) => void find(event)}
      role="search"
      aria-label="Personal data"
      className="max-w-xl"
    >
      <FormField id="personal-data-email" label="Customer's e-mail address" error={errors.email?.message}>
        {(control) => (
          <div className="flex items-start gap-2">
            <input
              {...control}
              {...register('email')}
              type="email"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="name@example.com"
              className={`${control.className} min-w-0 flex-1`}
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

import { Button } from '#app/components/ui/button.tsx';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { passwordChangeSchema } from '#common/accounts/accounts.ts';
import { passwordLimits } from '#common/accounts/limits.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { preloadToaster } from '#app/components/ui/toaster.tsx';
import { AccountSection } from './account-section.tsx';
import { useChangePassword } from './account-queries.ts';

/** The API's rules (common/accounts/accounts.ts), and the new password typed twice alike. */
const passwordFormSchema = z
  .extend(passwordChangeSchema, {
    confirmNewPassword: z.pipe(
      z.transform((value: unknown) => (typeof value === 'string' ? value : '')),
      z.string().check(z.minLength(1, 'Type your new password again')),
    ),
  })
  .check(
    z.refine((form) => form.newPassword === form.confirmNewPassword, {
      message: 'The new passwords do not match',
      path: ['confirmNewPassword'],
    }),
  );

type PasswordValues = { currentPassword: string; newPassword: string; confirmNewPassword: string };
type PasswordInput = z.output<typeof passwordFormSchema>;

const fields = ['currentPassword', 'newPassword'] as const;

/** Change password: checked on submit, then on change; the server's verdict shows under its field. */
export function PasswordChangeForm({ username }: { username: string }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues, unknown, PasswordInput>({
    resolver: schemaResolver<PasswordValues, PasswordInput>(passwordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
    } catch (error) {
      showRefusal(error, { fields, setError, title: 'Password not changed' });
    }
  });

  return (
    <AccountSection
      id="account-password"
      title="Change password"
      lead={`At least ${passwordLimits.min} characters: a short sentence you will remember works well. Everywhere else you are signed in is signed out when you change it.`}
    >
      <form noValidate onSubmit={submit} onFocus={preloadToaster} className="grid max-w-md gap-4">
        {/* Tells password managers whose password this is (they save the new one against it). */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <FormField
          id="account-current-password"
          label="Current password"
          error={errors.currentPassword?.message}
        >
          {(control) => (
            <input
              {...control}
              {...register('currentPassword')}
              type="password"
              autoComplete="current-password"
            />
          )}
        </FormField>
        <FormField id="account-new-password" label="New password" error={errors.newPassword?.message}>
          {(control) => (
            <input {...control} {...register('newPassword')} type="password" autoComplete="new-password" />
          )}
        </FormField>
        <FormField
          id="account-confirm-password"
          label="Confirm new password"
          error={errors.confirmNewPassword?.message}
        >
          {(control) => (
            <input
              {...control}
              {...register('confirmNewPassword')}
              type="password"
              autoComplete="new-password"
            />
          )}
        </FormField>
        <div>
          <Button type="submit" disabled={isSubmitting} variant="dark" className="px-5">
            {isSubmitting ? 'Changing password…' : 'Change password'}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}

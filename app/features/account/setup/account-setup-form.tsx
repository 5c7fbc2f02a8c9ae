import { Button } from '#app/components/ui/button.tsx';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { accountSetupSchema } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { passwordLimits } from '#common/accounts/limits.ts';
import { useHydrated } from '#app/lib/hydration.ts';
import { toast } from '#app/lib/use-toast.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { preloadToaster } from '#app/components/ui/toaster.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { useCompleteAccountSetup } from './account-setup-queries.ts';

/**
 * Where a person lands once their account is set up: a fitter on My jobs, the day they came to
 * work (My account is a link away there); anyone else on My account, where two-factor sign-in and
 * the rest are.
 */
const afterSetupPath = (user: StaffUser) =>
  user.role === 'fitter' ? '/admin/jobs' : '/admin/dashboard/account';

const passwordsDifferMessage = 'The passwords do not match';

/** The new password by the API's own rule, typed twice alike. */
const setupFormSchema = z.object({ password: accountSetupSchema.shape.password, confirm: z.string() }).check(
  z.refine((values) => values.password === values.confirm, {
    error: passwordsDifferMessage,
    path: ['confirm'],
  }),
);

type SetupValues = { password: string; confirm: string };

/**
 * New password and Confirm password, checked on submit, then as they are corrected. The server
 * may still refuse a password (a common one, say): its reason shows under the field.
 */
export function AccountSetupForm({ token, username }: { token: string; username: string }) {
  const navigate = useNavigate();
  const ready = useHydrated();
  const complete = useCompleteAccountSetup(token);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SetupValues, unknown, SetupValues>({
    resolver: schemaResolver<SetupValues, SetupValues>(setupFormSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const submit = handleSubmit(async ({ password }) => {
    try {
      const user = await complete.mutateAsync(password);
      toast({ title: 'Account set up', description: `Welcome, ${user.username}!` });
      await navigate(afterSetupPath(user), { replace: true });
    } catch (error) {
      showRefusal(error, { fields: ['password'], setError, title: 'Set-up failed' });
    }
  });

  const busy = isSubmitting || complete.isSuccess;
  return (
    <form
      method="post"
      onSubmit={submit}
      onFocus={preloadToaster}
      noValidate
      aria-label="Set up your account"
      className="mt-6 grid gap-4"
    >
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <FormField
        id="setup-password"
        label="New password"
        hint={`At least ${passwordLimits.min} characters. A few unrelated words make a good one.`}
        error={errors.password?.message}
      >
        {(control) => (
          <input {...control} {...register('password')} type="password" autoComplete="new-password" />
        )}
      </FormField>
      <FormField id="setup-confirm" label="Confirm password" error={errors.confirm?.message}>
        {(control) => (
          <input {...control} {...register('confirm')} type="password" autoComplete="new-password" />
        )}
      </FormField>
      <Button type="submit" disabled={!ready || busy} size="large" className="mt-2 w-full">
        {isSubmitting ? 'Setting up...' : 'Set password and sign in'}
      </Button>
    </form>
  );
}

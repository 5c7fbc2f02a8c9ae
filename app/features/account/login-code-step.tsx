import { Button } from '#app/components/ui/button.tsx';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { codeSchema, noPendingSignInMessage } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { ApiError } from '#app/lib/api.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { appCodeInput, recoveryCodeInput } from './account-format.ts';
import { useSignInCode } from './account-queries.ts';

type CodeValues = { code: string };
type CodeInput = z.output<typeof codeSchema>;

/** The toast's words when the server gave none (a network failure, say). */
const codeRefusal = (error: unknown) =>
  (error instanceof ApiError && error.serverMessage) || 'The code could not be checked. Please try again.';

type LoginCodeStepProps = {
  /** False until the page can run the form (as for the password step). */
  ready: boolean;
  /** Signed in: the form waits for the page to move on. */
  signedIn: boolean;
  onSignedIn: (user: StaffUser) => void;
  /** Back to the username and password, with the reason when the server ended the sign-in. */
  onRestart: (reason?: string) => void;
};

/**
 * The second step of signing in with two-factor sign-in on: a code from the authenticator app, or
 * one of the recovery codes (POST /api/login/two-factor). Focus starts in the code field.
 */
export function LoginCodeStep({ ready, signedIn, onSignedIn, onRestart }: LoginCodeStepProps) {
  const [recovery, setRecovery] = useState(false);
  const signInCode = useSignInCode();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues, unknown, CodeInput>({
    resolver: schemaResolver<CodeValues, CodeInput>(codeSchema),
    defaultValues: { code: '' },
  });
  // On arrival, and when the field changes between an app code and a recovery code.
  useEffect(() => setFocus('code'), [recovery, setFocus]);

  const submit = handleSubmit(async ({ code }) => {
    try {
      onSignedIn(await signInCode.mutateAsync(code));
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 401 ? error.serverMessage : undefined;
      if (refused === noPendingSignInMessage) {
        onRestart(noPendingSignInMessage);
        return;
      }
      // A wrong code (401) is the field's fault, said under it as well; throttling (429) is not.
      if (refused) setError('code', { type: 'server', message: refused }, { shouldFocus: true });
      showRefusal(error, { fields: ['code'], setError, title: 'Login failed', describe: codeRefusal });
    }
  });

  const busy = isSubmitting || signedIn;
  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className="mt-6 grid gap-4"
      aria-label="Two-factor sign-in"
      aria-describedby="login-code-prompt"
    >
      <p id="login-code-prompt" className="text-sm font-semibold text-ink">
        {recovery
          ? 'Enter one of your recovery codes. Each one works once.'
          : 'Enter the 6-digit code from your authenticator app'}
      </p>
      <FormField
        id="login-code"
        label={recovery ? 'Recovery code' : 'Authentication code'}
        hint={recovery ? 'It looks like abcde-fghij.' : undefined}
        error={errors.code?.message}
      >
        {(control) =>
          recovery ? (
            <input {...control} {...register('code')} {...recoveryCodeInput} key="recovery" />
          ) : (
            <input
              {...control}
              {...register('code')}
              {...appCodeInput}
              key="app"
              className={`${control.className} font-mono tracking-widest`}
            />
          )
        }
      </FormField>
      <button
        type="button"
        onClick={() => {
          reset();
          setRecovery(!recovery);
        }}
        className="justify-self-start text-sm font-semibold text-brand-dark underline-offset-4 hover:underline"
      >
        {recovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
      </button>
      <Button type="submit" disabled={!ready || busy} size="large" className="mt-2 w-full">
        {isSubmitting ? 'Verifying...' : signedIn ? 'Signed in' : 'Verify'}
      </Button>
      <button
        type="button"
        onClick={() => onRestart()}
        disabled={busy}
        className="w-full rounded-lg border border-slate-300 px-6 py-2.5 text-sm font-semibold text-ink transition hover:bg-slate-100 disabled:opacity-60"
      >
        Back
      </button>
    </form>
  );
}

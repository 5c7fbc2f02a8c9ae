import { Button } from '#app/components/ui/button.tsx';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginInput, type StaffUser } from '#common/auth/auth.ts';
import { ApiError } from '#app/lib/api.ts';
import { useHydrated } from '#app/lib/hydration.ts';
import { afterLoginPath } from './staff-session.ts';
import { toast } from '#app/lib/use-toast.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { preloadToaster } from '#app/components/ui/toaster.tsx';
import { needsCode, useSignIn } from './account-queries.ts';
import { LoginCodeStep } from './login-code-step.tsx';

/** After a successful login the page waits this long, then navigates. */
const loginRedirectDelayMs = 500;

type LoginValues = { username: string; password: string };

const fields = ['username', 'password'] as const;

/** The toast's words when the server gave none (a network failure, say). */
const loginRefusal = (error: unknown) =>
  (error instanceof ApiError && error.serverMessage) || 'Invalid username or password';

/**
 * The sign-in form of owners, staff and fitters alike. Checked on submit, then on change. After a
 * successful login, a full navigation loads the dashboard (or the admin page last visited) with
 * the new session. With two-factor sign-in on, a right password leads to a second step that asks
 * for a code; going back from it (or its expiry) starts again from the password.
 */
export function LoginForm() {
  const signIn = useSignIn();
  // Without scripts the form cannot sign in; it stays disabled rather than post the password.
  const ready = useHydrated();
  const [signedIn, setSignedIn] = useState(false);
  const [step, setStep] = useState<'password' | 'code'>('password');
  /** Why the person is asked for their password again (the pending sign-in expired). */
  const [restartReason, setRestartReason] = useState<string>();
  const restarted = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues, unknown, LoginInput>({
    resolver: schemaResolver<LoginValues, LoginInput>(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  // Back from the code step: the username stays, the password is typed again.
  useEffect(() => {
    if (step === 'password' && restarted.current) {
      restarted.current = false;
      setFocus('password');
    }
  }, [step, setFocus]);

  function enter(user: StaffUser) {
    setSignedIn(true);
    toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    setTimeout(() => window.location.assign(afterLoginPath()), loginRedirectDelayMs);
  }

  function restart(reason?: string) {
    resetField('password');
    setRestartReason(reason);
    restarted.current = true;
    setStep('password');
  }

  const submit = handleSubmit(async (credentials) => {
    setRestartReason(undefined);
    try {
      const answer = await signIn.mutateAsync(credentials);
      if (needsCode(answer)) setStep('code');
      else enter(answer);
    } catch (error) {
      showRefusal(error, { fields, setError, title: 'Login failed', describe: loginRefusal });
    }
  });

  if (step === 'code') {
    return <LoginCodeStep ready={ready} signedIn={signedIn} onSignedIn={enter} onRestart={restart} />;
  }

  const busy = isSubmitting || signedIn;
  return (
    <form
      method="post"
      onSubmit={submit}
      onFocus={preloadToaster}
      noValidate
      className="mt-6 grid gap-4"
      aria-label="Sign in"
    >
      {restartReason && (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2.5 text-sm text-ink"
        >
          {restartReason}
        </p>
      )}
      <FormField id="login-username" label="Username" error={errors.username?.message}>
        {(control) => (
          <input
            {...control}
            {...register('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        {(control) => (
          <input {...control} {...register('password')} type="password" autoComplete="current-password" />
        )}
      </FormField>
      <Button type="submit" disabled={!ready || busy} size="large" className="mt-2 w-full">
        {isSubmitting ? 'Signing in...' : signedIn ? 'Signed in' : 'Sign In'}
      </Button>
    </form>
  );
}

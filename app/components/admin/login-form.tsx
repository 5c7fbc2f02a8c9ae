import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { loginSchema, type LoginInput, type StaffUser } from '#common/auth.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { afterLoginPath, currentUserQueryKey, storeUser } from '../../lib/staff-session.ts';
import { toast } from '../../lib/use-toast.ts';
import { FormField } from '../ui/form-field.tsx';
import { preloadToaster } from '../ui/toaster.tsx';

/** Spec section 9: after a successful login the page waits this long, then navigates. */
export const loginRedirectDelayMs = 500;

type LoginValues = { username: string; password: string };

/**
 * The Admin Login form (spec sections 2, 5 and 8). Checked on submit, then on change. After a
 * successful login, a full navigation loads the dashboard (or the admin page last visited) with
 * the new session.
 */
export function LoginForm() {
  const queryClient = useQueryClient();
  // Without scripts the form cannot sign in; it stays disabled rather than post the password.
  const ready = useHydrated();
  const [signedIn, setSignedIn] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues, unknown, LoginInput>({
    resolver: zodResolver(loginSchema) as unknown as Resolver<LoginValues, unknown, LoginInput>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', password: '' },
  });

  const submit = handleSubmit(async (credentials) => {
    try {
      const user = await apiRequest<StaffUser>('POST', '/api/login', credentials);
      storeUser(user);
      queryClient.setQueryData(currentUserQueryKey, user);
      setSignedIn(true);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
      setTimeout(() => window.location.assign(afterLoginPath()), loginRedirectDelayMs);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : undefined;
      for (const [field, messages] of Object.entries(apiError?.fieldErrors ?? {})) {
        if ((field === 'username' || field === 'password') && messages[0]) {
          setError(field, { message: messages[0] });
        }
      }
      toast({
        variant: 'destructive',
        title: 'Login failed',
        description: apiError?.serverMessage ?? 'Invalid username or password',
      });
    }
  });

  const busy = isSubmitting || signedIn;
  return (
    <form
      method="post"
      onSubmit={submit}
      onFocus={preloadToaster}
      noValidate
      className="mt-6 grid gap-4"
      aria-label="Admin Login"
    >
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
      <button
        type="submit"
        disabled={!ready || busy}
        className="mt-2 w-full rounded-lg bg-brand px-6 py-3 font-semibold text-ink shadow-sm transition hover:bg-brand-dark hover:text-white disabled:cursor-not-allowed disabled:opacity-60"
      >
        {isSubmitting ? 'Signing in...' : signedIn ? 'Signed in' : 'Sign In'}
      </button>
    </form>
  );
}

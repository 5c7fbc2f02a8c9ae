import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodes,
  StaffSession,
  TwoFactorChallenge,
  TwoFactorSetup,
} from '#common/accounts/accounts.ts';
import type { LoginInput, StaffUser } from '#common/auth/auth.ts';
import { apiRequest, messageOf } from '#app/lib/api.ts';
import { currentUserQueryKey, storeUser } from './staff-session.ts';
import { toast } from '#app/lib/use-toast.ts';
import { deviceName } from './account-format.ts';

const staffSessionsQueryKey = ['/api/user/sessions'] as const;

/**
 * Recovery codes just made, until the person says they have saved them. Kept in the query cache
 * rather than in a component, so that the dashboard unlocking (and drawing its tabs anew) after
 * two-factor sign-in is turned on cannot lose them: they are shown once, never again. Emptied with
 * the rest of the cache at sign-out.
 */
const newRecoveryCodesKey = ['account', 'new-recovery-codes'] as const;

/** The signed-in user's own sessions (GET /api/user/sessions), read afresh whenever shown. */
export function useStaffSessions() {
  return useQuery({
    queryKey: staffSessionsQueryKey,
    queryFn: ({ signal }) => apiRequest<StaffSession[]>('GET', '/api/user/sessions', undefined, { signal }),
    staleTime: 0,
  });
}

/** "Sign out" of one other session (DELETE /api/user/sessions/{id}). */
export function useEndSession({ onEnded }: { onEnded: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: StaffSession) => apiRequest<void>('DELETE', `/api/user/sessions/${session.id}`),
    onSuccess: (_answer, session) => {
      queryClient.setQueryData<StaffSession[]>(staffSessionsQueryKey, (sessions) =>
        sessions?.filter((other) => other.id !== session.id),
      );
      toast({ title: 'Signed out', description: `${deviceName(session)} is no longer signed in.` });
      onEnded();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not sign that out', description: messageOf(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffSessionsQueryKey }),
  });
}

/** "Sign out everywhere else" (DELETE /api/user/sessions): every session but this one ends. */
export function useEndOtherSessions({ onEnded }: { onEnded: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', '/api/user/sessions'),
    onSuccess: () => {
      queryClient.setQueryData<StaffSession[]>(staffSessionsQueryKey, (sessions) =>
        sessions?.filter((session) => session.current),
      );
      toast({ title: 'Signed out everywhere else', description: 'You are now signed in only here.' });
      onEnded();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not sign out', description: messageOf(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffSessionsQueryKey }),
  });
}

/**
 * A new pending secret (POST /api/user/two-factor/setup); each call replaces the last. With
 * two-factor sign-in on already, it takes the password and a code of the current app.
 */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (proof?: { password: string; code: string }) =>
      apiRequest<TwoFactorSetup>('POST', '/api/user/two-factor/setup', proof),
  });
}

/** The recovery codes made when two-factor sign-in was turned on, while they are still to be saved. */
export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  const codes = useQuery<string[] | null>({
    queryKey: newRecoveryCodesKey,
    queryFn: skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return {
    codes: codes.data ?? null,
    keep: (recoveryCodes: string[]) => queryClient.setQueryData(newRecoveryCodesKey, recoveryCodes),
    forget: () => queryClient.setQueryData(newRecoveryCodesKey, null),
  };
}

/**
 * Turns two-factor sign-in on with a code from the app (POST /api/user/two-factor/enable), or
 * moves it to a new app (`newCode`, with the password and a code of the current one). The
 * recovery codes are kept to be shown, then the current user is read again, which unlocks the
 * dashboard when the business requires two-factor sign-in.
 */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  const { keep } = useNewRecoveryCodes();
  return useMutation({
    mutationFn: (body: { code: string } | { password: string; code: string; newCode: string }) =>
      apiRequest<RecoveryCodes>('POST', '/api/user/two-factor/enable', body),
    onSuccess: ({ recoveryCodes }, body) => {
      keep(recoveryCodes);
      toast(
        'newCode' in body
          ? {
              title: 'Authenticator app replaced',
              description: 'Save your new recovery codes now: the old ones no longer work.',
            }
          : { title: 'Two-factor sign-in is on', description: 'Save your recovery codes now.' },
      );
      return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

/**
 * New recovery codes in place of the old ones (POST /api/user/two-factor/recovery-codes) for the
 * password and a code; kept to be shown, as at set-up.
 */
export function useRenewRecoveryCodes() {
  const { keep } = useNewRecoveryCodes();
  return useMutation({
    mutationFn: (proof: { password: string; code: string }) =>
      apiRequest<RecoveryCodes>('POST', '/api/user/two-factor/recovery-codes', proof),
    onSuccess: ({ recoveryCodes }) => {
      keep(recoveryCodes);
      toast({ title: 'New recovery codes', description: 'Save them now: the old ones no longer work.' });
    },
  });
}

/** Turns two-factor sign-in off (POST /api/user/two-factor/disable) with the password and a code. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: { password: string; code: string }) =>
      apiRequest<void>('POST', '/api/user/two-factor/disable', proof),
    onSuccess: () => {
      toast({
        title: 'Two-factor sign-in is off',
        description: 'Signing in now needs only your username and password.',
      });
      return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

/** POST /api/user/password; every other session of the account ends. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { currentPassword: string; newPassword: string }) =>
      apiRequest<void>('POST', '/api/user/password', change),
    onSuccess: () => {
      toast({
        title: 'Password changed',
        description: 'Everywhere else you were signed in has been signed out.',
      });
      return queryClient.invalidateQueries({ queryKey: staffSessionsQueryKey });
    },
  });
}

/** The password was right, and a code from the authenticator app is asked for next. */
export const needsCode = (answer: StaffUser | TwoFactorChallenge): answer is TwoFactorChallenge =>
  'twoFactorRequired' in answer && answer.twoFactorRequired;

/** The person signed in: kept for the next page load and as the current user. */
function useKeepSignedInUser() {
  const queryClient = useQueryClient();
  return (user: StaffUser) => {
    storeUser(user);
    queryClient.setQueryData(currentUserQueryKey, user);
  };
}

/**
 * POST /api/login: the signed-in user, or a two-factor challenge when a code is needed too.
 * Sent even when the browser believes it is offline, so that a failure is told at once.
 */
export function useSignIn() {
  const keep = useKeepSignedInUser();
  return useMutation({
    mutationFn: (credentials: LoginInput) =>
      apiRequest<StaffUser | TwoFactorChallenge>('POST', '/api/login', credentials),
    networkMode: 'always',
    onSuccess: (answer) => {
      if (!needsCode(answer)) keep(answer);
    },
  });
}

/** POST /api/login/two-factor: the second step, with an app code or a recovery code. */
export function useSignInCode() {
  const keep = useKeepSignedInUser();
  return useMutation({
    mutationFn: (code: string) => apiRequest<StaffUser>('POST', '/api/login/two-factor', { code }),
    networkMode: 'always',
    onSuccess: keep,
  });
}

/** PUT /api/user/display-name: the signed-in person's name, set or cleared (null). */
export function useChangeOwnDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (displayName: string | null) =>
      apiRequest<StaffUser>('PUT', '/api/user/display-name', { displayName }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      storeUser(user);
      toast({
        title: 'Name saved',
        description: user.displayName
          ? `Colleagues now see you as ${user.displayName}.`
          : `Colleagues now see your username, ${user.username}.`,
      });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NewStaffAccount,
  SecuritySettings,
  SetupLink,
  StaffAccount,
  StaffRole,
} from '#common/accounts/accounts.ts';
import { apiRequest, messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';

/** GET /api/users (owners): every account, for the Staff section and the activity log's filter. */
const staffAccountsQueryKey = ['/api/users'] as const;
const securitySettingsQueryKey = ['/api/settings/security'] as const;

/** Read afresh whenever the section opens: another owner may have changed an account. */
export function useStaffAccounts() {
  return useQuery<StaffAccount[]>({ queryKey: staffAccountsQueryKey, staleTime: 0 });
}

export function useSecuritySettings() {
  return useQuery<SecuritySettings>({ queryKey: securitySettingsQueryKey, staleTime: 0 });
}

const failed = (title: string) => (error: unknown) =>
  toast({ variant: 'destructive', title, description: messageOf(error) });

/** The list shows `account` as the server answered it, then is read again. */
function useAccountsRefresh() {
  const queryClient = useQueryClient();
  return {
    replace: (account: StaffAccount) =>
      queryClient.setQueryData<StaffAccount[]>(staffAccountsQueryKey, (accounts) =>
        accounts?.map((stored) => (stored.id === account.id ? account : stored)),
      ),
    refetch: () => queryClient.invalidateQueries({ queryKey: staffAccountsQueryKey }),
  };
}

/** POST /api/users: the new account and its one-time set-up link. Field errors are the form's. */
export function useAddStaffAccount() {
  const accounts = useAccountsRefresh();
  return useMutation({
    mutationFn: (account: { username: string; displayName: string | null; role: StaffRole }) =>
      apiRequest<NewStaffAccount>('POST', '/api/users', account),
    onSettled: accounts.refetch,
  });
}

type AccountChange = { role?: StaffRole; disabled?: boolean };

const changeTitle = ({ role, disabled }: AccountChange) =>
  role ? 'Role changed' : disabled ? 'Account disabled' : 'Account enabled';

/** PATCH /api/users/{id}: a new role, or disabled / enabled. */
export function useChangeStaffAccount(account: StaffAccount) {
  const accounts = useAccountsRefresh();
  return useMutation({
    mutationFn: (change: AccountChange) =>
      apiRequest<StaffAccount>('PATCH', `/api/users/${account.id}`, change),
    onSuccess: (changed, change) => {
      accounts.replace(changed);
      toast({
        title: changeTitle(change),
        description: change.role
          ? `${changed.username} is now ${change.role === 'owner' ? 'an owner' : 'a member of staff'}.`
          : change.disabled
            ? `${changed.username} can no longer sign in.`
            : `${changed.username} can sign in again.`,
      });
    },
    onError: failed('Change failed'),
    onSettled: accounts.refetch,
  });
}

/** PATCH /api/users/{id} with a display name (null clears it). Field errors are the form's. */
export function useRenameStaffAccount(account: StaffAccount) {
  const accounts = useAccountsRefresh();
  return useMutation({
    mutationFn: (displayName: string | null) =>
      apiRequest<StaffAccount>('PATCH', `/api/users/${account.id}`, { displayName }),
    onSuccess: (changed) => {
      accounts.replace(changed);
      toast({
        title: 'Name saved',
        description: changed.displayName
          ? `${changed.username} is now shown as ${changed.displayName}.`
          : `${changed.username} is shown by username again.`,
      });
    },
    onSettled: accounts.refetch,
  });
}

/** POST /api/users/{id}/reset-link: the person is signed out and needs the new link to get back in. */
export function useResetAccess(account: StaffAccount) {
  const accounts = useAccountsRefresh();
  return useMutation({
    mutationFn: () => apiRequest<SetupLink>('POST', `/api/users/${account.id}/reset-link`),
    onSuccess: () =>
      toast({ title: 'Access reset', description: `Send ${account.username} the new set-up link.` }),
    onError: failed('Reset failed'),
    onSettled: accounts.refetch,
  });
}

/** DELETE /api/users/{id}. */
export function useDeleteStaffAccount(account: StaffAccount, { onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const accounts = useAccountsRefresh();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', `/api/users/${account.id}`),
    onSuccess: () => {
      queryClient.setQueryData<StaffAccount[]>(staffAccountsQueryKey, (stored) =>
        stored?.filter(({ id }) => id !== account.id),
      );
      toast({ title: 'Account deleted', description: `${account.username} can no longer sign in.` });
      onDeleted();
    },
    onError: failed('Delete failed'),
    onSettled: accounts.refetch,
  });
}

/** PUT /api/settings/security. */
export function useChangeSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SecuritySettings) =>
      apiRequest<SecuritySettings>('PUT', '/api/settings/security', settings),
    onSuccess: (settings) => {
      queryClient.setQueryData(securitySettingsQueryKey, settings);
      toast({
        title: 'Security settings saved',
        description: settings.requireTwoFactor
          ? 'Every account now needs two-factor sign-in.'
          : 'Two-factor sign-in is now up to each person.',
      });
    },
    onError: failed('Saving failed'),
  });
}

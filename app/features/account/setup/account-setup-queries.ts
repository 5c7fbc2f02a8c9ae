import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSetupInfo } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { apiRequest } from '#app/lib/api.ts';
import { currentUserQueryKey, storeUser } from '#app/features/account/staff-session.ts';

const setupPath = (token: string) => `/api/account-setup/${encodeURIComponent(token)}`;

/** GET /api/account-setup/{token}: whose link it is and until when; 404 when it no longer works. */
export function useAccountSetupInfo(token: string) {
  return useQuery({
    queryKey: ['/api/account-setup', token],
    queryFn: ({ signal }) => apiRequest<AccountSetupInfo>('GET', setupPath(token), undefined, { signal }),
    // The link is used once: never shown from memory.
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/account-setup/{token}: the password is set and the person is signed in. */
export function useCompleteAccountSetup(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest<StaffUser>('POST', setupPath(token), { password }),
    onSuccess: (user) => {
      storeUser(user);
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}

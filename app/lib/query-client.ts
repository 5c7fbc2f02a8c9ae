import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api.ts';
import { currentUserQueryKey } from '#app/features/account/staff-session.ts';

/** Queries go stale after 5 minutes (the enquiry list sets 0 itself). */
const defaultStaleTimeMs = 5 * 60 * 1000;

/** The default read: a GET of the key's path (`['/api/enquiries']`), through the one API client. */
const getKeyPath: QueryFunction = ({ queryKey, signal }) => {
  const [path] = queryKey;
  if (typeof path !== 'string') throw new Error('A query key starts with the API path it reads.');
  return apiRequest('GET', path, undefined, { signal });
};

/**
 * Reads and writes of the staff area: no retries, no refetch on focus. A 401
 * means the session has ended (signed out elsewhere, expired, the account disabled or reset): the
 * signed-in user is asked for again, and a staff page whose user has gone leaves for /auth
 * (`useStaffPage`) on that request rather than showing errors.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      void client.invalidateQueries({ queryKey: currentUserQueryKey, exact: true });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: getKeyPath,
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: defaultStaleTimeMs,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

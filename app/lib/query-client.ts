import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from './api.ts';

/** Spec section 7: queries go stale after 5 minutes (the enquiry list sets 0 itself). */
export const defaultStaleTimeMs = 5 * 60 * 1000;

/** The default read: a GET of the key's path (`['/api/enquiries']`), through the one API client. */
const getKeyPath: QueryFunction = ({ queryKey, signal }) => {
  const [path] = queryKey;
  if (typeof path !== 'string') throw new Error('A query key starts with the API path it reads.');
  return apiRequest('GET', path, undefined, { signal });
};

/** Reads and writes of the staff area (spec section 7): no retries, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

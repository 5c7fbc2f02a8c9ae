import { useQuery } from '@tanstack/react-query';
import type { Fitter } from '#common/accounts/accounts.ts';
import { apiRequest } from './api.ts';

const fittersQueryKey = ['/api/fitters'] as const;

/** GET /api/fitters: the fitter accounts that can be given jobs (enabled ones), by name. */
const fetchFitters = (signal?: AbortSignal) =>
  apiRequest<Fitter[]>('GET', '/api/fitters', undefined, { signal });

/**
 * The fitters to choose from (the diary's cards, the routes' vans): one read for all of them, again whenever the diary
 * shows another day, so that an account just added in Staff is there to choose.
 */
export function useFitters() {
  return useQuery({ queryKey: fittersQueryKey, queryFn: ({ signal }) => fetchFitters(signal), staleTime: 0 });
}

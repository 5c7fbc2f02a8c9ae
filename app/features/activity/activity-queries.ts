import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { activityPageSize, type ActivityEntry, type ActivityKind } from '#common/accounts/accounts.ts';
import { apiRequest } from '#app/lib/api.ts';

/** Whose actions (an account id) and which kind; `'all'` for no filter. */
export type ActivityFilters = { actor: number | 'all'; kind: ActivityKind | 'all' };

export const noActivityFilters: ActivityFilters = { actor: 'all', kind: 'all' };

const activityQueryKey = ['/api/activity'] as const;
const activityListQueryKey = (filters: ActivityFilters) => [...activityQueryKey, filters] as const;

/** GET /api/activity for one page: newest first, the page after `before` when given. */
function activityPath(filters: ActivityFilters, before: number | undefined) {
  const params = new URLSearchParams();
  if (filters.actor !== 'all') params.set('actor', String(filters.actor));
  if (filters.kind !== 'all') params.set('kind', filters.kind);
  if (before !== undefined) params.set('before', String(before));
  params.set('limit', String(activityPageSize));
  return `/api/activity?${params}`;
}

/**
 * The activity log, one page at a time; read afresh whenever the section opens. The previous
 * result stays on screen while another filter loads.
 */
export function useActivityLog(filters: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: activityListQueryKey(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ActivityEntry[]>('GET', activityPath(filters, pageParam), undefined, { signal }),
    initialPageParam: undefined as number | undefined,
    // A short page is the last one.
    getNextPageParam: (lastPage) => (lastPage.length < activityPageSize ? undefined : lastPage.at(-1)?.id),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

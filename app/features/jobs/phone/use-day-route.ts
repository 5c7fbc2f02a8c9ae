import { useQuery } from '@tanstack/react-query';
import type { DayRoute } from '#common/routing/day-route.ts';
import { apiRequest } from '#app/lib/api.ts';

/**
 * The fitter's day as a route (the drive to each job and when they should arrive), asked for only
 * with signal and never kept on the phone: the page shows its jobs without it. Under the day's key,
 * so that it is read again whenever the day is.
 */
export function useDayRoute(userId: number, date: string, { online }: { online: boolean }) {
  return useQuery({
    queryKey: ['/api/jobs', userId, date, 'route'],
    queryFn: ({ signal }) =>
      apiRequest<DayRoute>(
        'GET',
        `/api/jobs/route?${new URLSearchParams({ date, fitterId: String(userId) })}`,
        undefined,
        { signal },
      ),
    enabled: online,
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditNoteInput, IssuedCreditNote, Job, JobPhoto, Takings } from '#common/jobs/jobs.ts';
import type { DayRoute, OrderedDayRoute } from '#common/routing/day-route.ts';
import { apiRequest } from '#app/lib/api.ts';
import { vehiclesQueryKey } from '#app/features/vehicles/index.ts';

/** Every jobs query sits under this key: the day's list and each job's photos. */
const jobsQueryKey = ['/api/jobs'] as const;
const dayJobsQueryKey = (date: string) => [...jobsQueryKey, { date }] as const;
/** Under the day's key, so that the routes are read again with the day's jobs. */
const dayRouteQueryKey = (date: string, fitterId: number) =>
  [...dayJobsQueryKey(date), 'route', fitterId] as const;
const jobPhotosQueryKey = (jobId: number) => [...jobsQueryKey, jobId, 'photos'] as const;
const takingsQueryKey = (date: string) => ['/api/takings', { date }] as const;

/** Fitters move their jobs on through the day: the office's view is read again as often as the diary. */
const jobsRefetchMs = 30_000;

/** A day's jobs, every fitter's, in window order (GET /api/jobs?date=). */
export function useDayJobs(date: string) {
  return useQuery({
    queryKey: dayJobsQueryKey(date),
    queryFn: ({ signal }) =>
      apiRequest<Job[]>('GET', `/api/jobs?${new URLSearchParams({ date })}`, undefined, { signal }),
    staleTime: 0,
    refetchInterval: jobsRefetchMs,
  });
}

const dayRouteQuery = (date: string, fitterId: number) => ({
  queryKey: dayRouteQueryKey(date, fitterId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest<DayRoute>(
      'GET',
      `/api/jobs/route?${new URLSearchParams({ date, fitterId: String(fitterId) })}`,
      undefined,
      { signal },
    ),
  staleTime: 0,
  refetchInterval: jobsRefetchMs,
});

/** A fitter's day as a route: the drive to each of their mobile jobs and the day's in all. */
export function useDayRoute(date: string, fitterId: number | null) {
  return useQuery({ ...dayRouteQuery(date, fitterId ?? 0), enabled: fitterId !== null });
}

/** The routes of several fitters' day (the diary's), by fitter; a route not (yet) read is missing. */
export function useDayRoutes(date: string, fitterIds: readonly number[]): Map<number, DayRoute> {
  return useQueries({
    queries: fitterIds.map((fitterId) => dayRouteQuery(date, fitterId)),
    combine: (results) =>
      new Map(
        results.flatMap((result, index) => (result.data ? [[fitterIds[index]!, result.data] as const] : [])),
      ),
  });
}

/**
 * POST /api/jobs/route/order (the office): puts a fitter's day in the order that drives least
 * while keeping every window. The day's jobs are read again afterwards, in their new order.
 */
export function useRouteOrder(date: string, fitterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<OrderedDayRoute>('POST', '/api/jobs/route/order', { date, fitterId }),
    onSuccess: (ordered) => queryClient.setQueryData(dayRouteQueryKey(date, fitterId), ordered),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dayJobsQueryKey(date) }),
  });
}

/** A job's photos, read when the gallery opens. */
export function useJobPhotos(jobId: number, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: jobPhotosQueryKey(jobId),
    queryFn: ({ signal }) =>
      apiRequest<JobPhoto[]>('GET', `/api/jobs/${jobId}/photos`, undefined, { signal }),
    enabled,
  });
}

/** What was taken on a day, in all, by method and by fitter (owners only). */
export function useTakings(date: string) {
  return useQuery({
    queryKey: takingsQueryKey(date),
    queryFn: ({ signal }) =>
      apiRequest<Takings>('GET', `/api/takings?${new URLSearchParams({ date })}`, undefined, { signal }),
    staleTime: 0,
    refetchInterval: jobsRefetchMs,
  });
}

/**
 * PUT /api/jobs/{id}/review-request (owners and staff): whether the job's customer is asked for a
 * review. The day's jobs are read again afterwards.
 */
export function useReviewRequest(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewRequest: boolean) =>
      apiRequest<{ id: number; reviewRequest: boolean }>('PUT', `/api/jobs/${jobId}/review-request`, {
        reviewRequest,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}

/**
 * POST /api/jobs/{id}/credit-notes (owners). A vehicle's history lists the job's invoices, so it
 * is read again afterwards.
 */
export function useCreditNote(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreditNoteInput) =>
      apiRequest<IssuedCreditNote>('POST', `/api/jobs/${jobId}/credit-notes`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehiclesQueryKey }),
  });
}

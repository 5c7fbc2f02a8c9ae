import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import type { EnquiryStatus } from '#common/enquiries/status.ts';
import { apiRequest } from '#app/lib/api.ts';

/** Every enquiry query sits under this key, so invalidating it refreshes the list and the counts. */
export const enquiriesQueryKey = ['/api/enquiries'] as const;
export const enquiryCountsQueryKey = [...enquiriesQueryKey, 'counts'] as const;

/** The staff inbox's filters: a status (or every status) and the search text. */
export type EnquiryFilters = { status: EnquiryStatus | 'all'; q: string };

export const noEnquiryFilters: EnquiryFilters = { status: 'all', q: '' };

/** One page of the list; the API's default and the "Load more" step. */
export const enquiryPageSize = 50;

export const enquiryListQueryKey = (filters: EnquiryFilters) =>
  [...enquiriesQueryKey, 'list', filters] as const;

/** GET /api/enquiries for one page: newest first, the page after `before` when given. */
export function enquiryListPath(filters: EnquiryFilters, before: number | undefined) {
  const params = new URLSearchParams({ limit: String(enquiryPageSize) });
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  if (before !== undefined) params.set('before', String(before));
  return `/api/enquiries?${params}`;
}

/** GET /api/enquiries/export.csv of the filters shown: every matching enquiry, not only the pages loaded. */
export function enquiryExportPath(filters: EnquiryFilters) {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  const query = params.toString();
  return `/api/enquiries/export.csv${query ? `?${query}` : ''}`;
}

/**
 * The inbox's list, one page of 50 at a time. The key sits under `enquiriesQueryKey`, so every
 * change staff make refreshes it; the previous result stays on screen while a new search loads.
 */
export function useEnquiryList(filters: EnquiryFilters) {
  return useInfiniteQuery({
    queryKey: enquiryListQueryKey(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Enquiry[]>('GET', enquiryListPath(filters, pageParam), undefined, { signal }),
    initialPageParam: undefined as number | undefined,
    // A short page is the last one.
    getNextPageParam: (lastPage) => (lastPage.length < enquiryPageSize ? undefined : lastPage.at(-1)?.id),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import {
  enquiryStatusLabels,
  type EnquiryCounts,
  type EnquiryNote,
  type EnquiryStatus,
  type EnquiryStatusFilter,
} from '#common/enquiries/status.ts';
import { apiRequest, messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';

/** Every enquiry query sits under this key, so invalidating it refreshes the list and the counts. */
export const enquiriesQueryKey = ['/api/enquiries'] as const;
export const enquiryCountsQueryKey = [...enquiriesQueryKey, 'counts'] as const;

/** The staff inbox's filters: a status (or every status) and the search text. */
export type EnquiryFilters = { status: EnquiryStatusFilter; q: string };

export const noEnquiryFilters: EnquiryFilters = { status: 'all', q: '' };

/** One page of the list; the API's default and the "Load more" step. */
const enquiryPageSize = 50;

export const enquiryListQueryKey = (filters: EnquiryFilters) =>
  [...enquiriesQueryKey, 'list', filters] as const;

/** GET /api/enquiries for one page: newest first, the page after `before` when given. */
function enquiryListPath(filters: EnquiryFilters, before: number | undefined) {
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

/** GET /api/enquiries/counts: every enquiry counted, not only the pages loaded. */
export function useEnquiryCounts() {
  return useQuery<EnquiryCounts>({
    queryKey: enquiryCountsQueryKey,
    queryFn: ({ signal }) => apiRequest<EnquiryCounts>('GET', '/api/enquiries/counts', undefined, { signal }),
    staleTime: 0,
  });
}

function useEnquiriesRefetch() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: enquiriesQueryKey });
}

/** PUT /api/enquiries/{id}/mark-contacted. */
export function useMarkEnquiryContacted() {
  const refetch = useEnquiriesRefetch();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Enquiry>('PUT', `/api/enquiries/${id}/mark-contacted`),
    onSuccess: () =>
      toast({ title: 'Enquiry updated', description: 'The enquiry has been marked as contacted.' }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Update failed', description: messageOf(error) }),
    onSettled: refetch,
  });
}

/** DELETE /api/enquiries/{id}. */
export function useDeleteEnquiry() {
  const refetch = useEnquiriesRefetch();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/enquiries/${id}`),
    onSuccess: () =>
      toast({ title: 'Enquiry deleted', description: 'The enquiry has been permanently removed.' }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Delete failed', description: messageOf(error) }),
    onSettled: refetch,
  });
}

/** PUT /api/enquiries/{id}/status: any status, as staff correct mistakes too. */
export function useChangeEnquiryStatus(enquiry: Enquiry) {
  const refetch = useEnquiriesRefetch();
  return useMutation({
    mutationFn: (status: EnquiryStatus) =>
      apiRequest<Enquiry>('PUT', `/api/enquiries/${enquiry.id}/status`, { status }),
    onSuccess: (updated) =>
      toast({
        title: 'Enquiry updated',
        description: `Status changed to ${enquiryStatusLabels[updated.status]}.`,
      }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Update failed', description: messageOf(error) }),
    onSettled: refetch,
  });
}

/** POST /api/enquiries/{id}/notes. A refusal is the form's to show (its `fieldErrors.text`). */
export function useAddEnquiryNote(enquiryId: number, { onAdded }: { onAdded: () => void }) {
  const refetch = useEnquiriesRefetch();
  return useMutation({
    mutationFn: (noteText: string) =>
      apiRequest<EnquiryNote>('POST', `/api/enquiries/${enquiryId}/notes`, { text: noteText }),
    onSuccess: () => {
      onAdded();
      toast({ title: 'Note added' });
      return refetch();
    },
  });
}

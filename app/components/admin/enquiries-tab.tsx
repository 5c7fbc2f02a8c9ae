import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Enquiry } from '#common/enquiry.ts';
import type { EnquiryCounts } from '#common/enquiry-status.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { toast } from '../../lib/use-toast.ts';
import { Spinner } from '../ui/spinner.tsx';
import { EnquiryCard } from './enquiry-card.tsx';

export const enquiriesQueryKey = ['/api/enquiries'] as const;
/** Under the list's key, so that whatever refreshes the list refreshes the counts too. */
export const enquiryCountsQueryKey = [...enquiriesQueryKey, 'counts'] as const;

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error);

function CountCard({ label, count, tone }: { label: string; count: number; tone: string }) {
  return (
    <div className={`rounded-xl border border-slate-200 border-t-4 bg-white p-4 shadow-sm sm:p-5 ${tone}`}>
      <p className="text-sm font-semibold text-slate-600">{label}</p>
      <p className="mt-1 font-heading text-3xl font-extrabold text-ink">{count}</p>
    </div>
  );
}

/** The Enquiries tab: counts and the inbox (spec section 2). The list is always fetched fresh. */
export function EnquiriesTab() {
  const queryClient = useQueryClient();
  const enquiries = useQuery<Enquiry[]>({ queryKey: enquiriesQueryKey, staleTime: 0 });
  // The list is one page (the newest 50); the cards count every enquiry.
  const counts = useQuery<EnquiryCounts>({
    queryKey: enquiryCountsQueryKey,
    queryFn: ({ signal }) => apiRequest<EnquiryCounts>('GET', '/api/enquiries/counts', undefined, { signal }),
    staleTime: 0,
  });
  const refetch = () => queryClient.invalidateQueries({ queryKey: enquiriesQueryKey });

  const markContacted = useMutation({
    mutationFn: (id: number) => apiRequest<Enquiry>('PUT', `/api/enquiries/${id}/mark-contacted`),
    onSuccess: () =>
      toast({ title: 'Enquiry updated', description: 'The enquiry has been marked as contacted.' }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Update failed', description: messageOf(error) }),
    onSettled: refetch,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/enquiries/${id}`),
    onSuccess: () =>
      toast({ title: 'Enquiry deleted', description: 'The enquiry has been permanently removed.' }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Delete failed', description: messageOf(error) }),
    onSettled: refetch,
  });

  if (enquiries.isPending) return <Spinner label="Loading enquiries..." showLabel />;
  if (enquiries.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
        <p className="font-semibold">Failed to load enquiries</p>
        <p className="mt-1 text-sm">{messageOf(enquiries.error)}</p>
        <button
          type="button"
          onClick={() => void enquiries.refetch()}
          className="mt-3 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white"
        >
          Try again
        </button>
      </div>
    );
  }

  const list = enquiries.data;
  const contacted = list.filter((enquiry) => enquiry.contacted).length;
  // Until the counts arrive, the page's own figures stand in (they are the same below one page).
  const total = counts.data?.total ?? list.length;
  const contactedCount = counts.data ? counts.data.total - counts.data.new : contacted;
  const busyId = markContacted.isPending
    ? markContacted.variables
    : remove.isPending
      ? remove.variables
      : undefined;
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <CountCard label="Total Enquiries" count={total} tone="border-t-ink" />
        <CountCard label="New Enquiries" count={total - contactedCount} tone="border-t-accent" />
        <CountCard label="Contacted" count={contactedCount} tone="border-t-brand" />
      </div>
      <section aria-labelledby="customer-enquiries" className="grid gap-4">
        <h2 id="customer-enquiries" className="text-xl font-bold text-ink">
          Customer Enquiries
        </h2>
        {list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
            No enquiries yet
          </p>
        ) : (
          list.map((enquiry) => (
            <EnquiryCard
              key={enquiry.id}
              enquiry={enquiry}
              busy={busyId === enquiry.id}
              onMarkContacted={() => markContacted.mutate(enquiry.id)}
              onDelete={() => remove.mutate(enquiry.id)}
            />
          ))
        )}
      </section>
    </div>
  );
}

import { Button } from '#app/components/ui/button.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { apiRequest, messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { EnquiryCard } from './enquiry-card.tsx';
import { enquiriesQueryKey } from './enquiry-queries.ts';

type EnquiryInboxProps = {
  enquiries: Enquiry[];
  filtered: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

/** The cards of the enquiries loaded so far, their actions, and "Load more". */
export function EnquiryInbox({ enquiries, filtered, hasMore, loadingMore, onLoadMore }: EnquiryInboxProps) {
  const queryClient = useQueryClient();
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

  if (enquiries.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        {filtered ? 'No enquiries match your search' : 'No enquiries yet'}
      </p>
    );
  }
  const busyId = markContacted.isPending
    ? markContacted.variables
    : remove.isPending
      ? remove.variables
      : undefined;
  return (
    <>
      {enquiries.map((enquiry) => (
        <EnquiryCard
          key={enquiry.id}
          enquiry={enquiry}
          busy={busyId === enquiry.id}
          onMarkContacted={() => markContacted.mutate(enquiry.id)}
          onDelete={() => remove.mutate(enquiry.id)}
        />
      ))}
      {hasMore && (
        <div className="flex justify-center">
          <Button
            type="button"
            onClick={onLoadMore}
            disabled={loadingMore}
            aria-busy={loadingMore}
            variant="outline"
            className="px-5"
          >
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}

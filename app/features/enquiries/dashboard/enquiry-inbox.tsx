import { Button } from '#app/components/ui/button.tsx';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { EnquiryCard } from './enquiry-card.tsx';
import { useDeleteEnquiry, useMarkEnquiryContacted } from './enquiry-queries.ts';

type EnquiryInboxProps = {
  enquiries: Enquiry[];
  filtered: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

/** The cards of the enquiries loaded so far, their actions, and "Load more". */
export function EnquiryInbox({ enquiries, filtered, hasMore, loadingMore, onLoadMore }: EnquiryInboxProps) {
  const markContacted = useMarkEnquiryContacted();
  const remove = useDeleteEnquiry();

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

import { useState } from 'react';
import { countOf, countsOfList, type EnquiryStatusFilter } from '#common/enquiries/status.ts';
import { messageOf } from '#app/lib/api.ts';
import { DownloadIcon } from '#app/components/ui/staff-icons.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { TextsFromCustomers } from '#app/features/messages/dashboard/index.ts';
import { EnquiryFiltersBar } from './enquiry-filters.tsx';
import { EnquiryInbox } from './enquiry-inbox.tsx';
import {
  enquiryExportPath,
  noEnquiryFilters,
  useEnquiryCounts,
  useEnquiryList,
  type EnquiryFilters,
} from './enquiry-queries.ts';

export { enquiryCountsQueryKey, enquiryListQueryKey, noEnquiryFilters } from './enquiry-queries.ts';

function CountCard({ label, count, tone }: { label: string; count: number; tone: string }) {
  return (
    <div
      className={`min-w-0 rounded-xl border border-slate-200 border-t-4 bg-white p-3 shadow-sm sm:p-5 ${tone}`}
    >
      <p className="text-sm font-semibold text-slate-600">{label}</p>
      <p className="mt-1 font-heading text-3xl font-extrabold text-ink">{count}</p>
    </div>
  );
}

/** The count cards (the product's wording), each the count of the chip of its filter. */
const countCards: { label: string; filter: EnquiryStatusFilter; tone: string }[] = [
  { label: 'Total Enquiries', filter: 'all', tone: 'border-t-ink' },
  { label: 'New Enquiries', filter: 'new', tone: 'border-t-accent' },
  { label: 'Contacted', filter: 'contacted', tone: 'border-t-brand' },
];

/** The Enquiries tab: counts, search and status filters, and the inbox. */
export function EnquiriesTab() {
  const [filters, setFilters] = useState<EnquiryFilters>(noEnquiryFilters);
  // A reply's enquiry is shown by searching for its reference: the search box starts afresh with it.
  const [searchShown, setSearchShown] = useState(0);
  const showEnquiry = (reference: string) => {
    setFilters({ status: 'all', q: reference });
    setSearchShown((count) => count + 1);
  };
  const enquiries = useEnquiryList(filters);
  // The list holds the pages loaded so far; the cards count every enquiry.
  const counts = useEnquiryCounts();

  const list = enquiries.data?.pages.flat() ?? [];
  const filtered = filters.status !== 'all' || filters.q !== '';
  // Until the counts arrive, the unfiltered list's own figures stand in (the same below one page).
  const shownCounts = counts.data ?? countsOfList(filtered ? [] : list);
  const loadMore = () => {
    // One page at a time: a click while a page is on its way does nothing.
    if (!enquiries.isFetchingNextPage) void enquiries.fetchNextPage({ cancelRefetch: false });
  };
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        {countCards.map(({ label, filter, tone }) => (
          <CountCard key={filter} label={label} count={countOf(shownCounts, filter)} tone={tone} />
        ))}
      </div>
      <TextsFromCustomers onShowEnquiry={showEnquiry} />
      <section aria-labelledby="customer-enquiries" className="grid min-w-0 gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="customer-enquiries" className="text-xl font-bold text-ink">
            Customer Enquiries
          </h2>
          {/* A plain download: the browser streams the file, however many rows it has. */}
          <a
            href={enquiryExportPath(filters)}
            download
            className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3.5 text-sm font-semibold text-ink shadow-sm transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
          >
            <DownloadIcon className="size-4" />
            Export CSV
            {filtered && <span className="sr-only"> of the enquiries shown</span>}
          </a>
        </div>
        <EnquiryFiltersBar key={searchShown} filters={filters} counts={counts.data} onChange={setFilters} />
        {enquiries.isPending ? (
          <Spinner label="Loading enquiries..." showLabel />
        ) : enquiries.isError && !enquiries.isFetchNextPageError ? (
          <div
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800"
          >
            <p className="font-semibold">Failed to load enquiries</p>
            <p className="mt-1 text-sm">{messageOf(enquiries.error)}</p>
            <button
              type="button"
              onClick={() => void enquiries.refetch()}
              className="mt-3 min-h-10 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white"
            >
              Try again
            </button>
          </div>
        ) : (
          <EnquiryInbox
            enquiries={list}
            filtered={filtered}
            hasMore={enquiries.hasNextPage}
            loadingMore={enquiries.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        )}
      </section>
    </div>
  );
}

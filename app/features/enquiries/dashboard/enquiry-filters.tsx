import { useEffect, useState } from 'react';
import {
  countOf,
  enquiryStatuses,
  enquiryStatusLabels,
  type EnquiryCounts,
  type EnquiryStatusFilter,
} from '#common/enquiries/status.ts';
import type { EnquiryFilters } from './enquiry-queries.ts';

/** How long typing pauses before the search runs, so each key press is not a request. */
const enquirySearchDelayMs = 300;

type EnquiryFiltersBarProps = {
  filters: EnquiryFilters;
  counts: EnquiryCounts | undefined;
  onChange: (filters: EnquiryFilters) => void;
};

/** The inbox's search box (as you type) and its status chips, each with its count. */
export function EnquiryFiltersBar({ filters, counts, onChange }: EnquiryFiltersBarProps) {
  const [search, setSearch] = useState(filters.q);
  useEffect(() => {
    const q = search.trim();
    if (q === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q }), enquirySearchDelayMs);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const statusFilters: EnquiryStatusFilter[] = ['all', ...enquiryStatuses];
  const chips = statusFilters.map((status) => ({
    status,
    label: status === 'all' ? 'All' : enquiryStatusLabels[status],
    count: counts && countOf(counts, status),
  }));
  return (
    <div className="grid min-w-0 gap-3">
      <div>
        <label htmlFor="enquiry-search" className="text-sm font-semibold text-ink">
          Search enquiries
        </label>
        <input
          id="enquiry-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Name, email, phone, postcode or reference"
          autoComplete="off"
          className="mt-1.5 block min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2 text-base text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-dark focus:ring-2 focus:ring-brand/40 focus:outline-none"
        />
      </div>
      <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const pressed = filters.status === chip.status;
          return (
            <button
              key={chip.status}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange({ ...filters, status: chip.status })}
              className={`inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink ${
                pressed
                  ? 'border-ink bg-ink text-white'
                  : 'border-slate-300 bg-white text-ink hover:bg-slate-100'
              }`}
            >
              {chip.label}
              {chip.count !== undefined && (
                <span
                  className={`rounded-full px-1.5 text-xs ${pressed ? 'bg-white/20' : 'bg-slate-100 text-slate-700'}`}
                >
                  {chip.count}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}

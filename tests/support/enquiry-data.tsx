import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import type { EnquiryCounts } from '#common/enquiries/status.ts';
import { createQueryClient } from '#app/lib/query-client.ts';
import {
  EnquiriesTab,
  enquiryCountsQueryKey,
  enquiryListQueryKey,
  noEnquiryFilters,
} from '#app/features/enquiries/dashboard/enquiries-tab.tsx';

/** Test data: an enquiry, with overrides. */
export function enquiry(overrides: Partial<Enquiry>): Enquiry {
  return {
    id: 1,
    name: 'Sarah Mitchell',
    email: 'sarah@example.com',
    phone: '07700 900123',
    vehicle: 'Ford Focus 2019',
    service: 'puncture-repair',
    message: 'Nail in the rear tyre.',
    contacted: false,
    createdAt: '2026-07-01T08:05:00.000Z',
    status: overrides.contacted ? 'contacted' : 'new',
    reference: `ENQ-2607-${String(overrides.id ?? 1).padStart(4, '0')}`,
    postcode: null,
    outsideArea: false,
    notes: [],
    events: [],
    ...overrides,
  };
}

/** The tab as it renders once the list has arrived. */
export function renderWith(list: Enquiry[], counts?: EnquiryCounts) {
  const queryClient = createQueryClient();
  // The first page of the unfiltered list, as the inbox's infinite query keeps it.
  queryClient.setQueryData(enquiryListQueryKey(noEnquiryFilters), { pages: [list], pageParams: [undefined] });
  if (counts) queryClient.setQueryData(enquiryCountsQueryKey, counts);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <EnquiriesTab />
    </QueryClientProvider>,
  );
}

/** Any component that needs a QueryClient, rendered to HTML. */
export function renderWithQueryClient(element: ReactNode) {
  return renderToStaticMarkup(
    <QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>,
  );
}

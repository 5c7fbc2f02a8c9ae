import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { invoiceLines, type InvoiceDocument } from '#common/jobs/invoice.ts';
import type { PersonalDataExport } from '#common/privacy/privacy.ts';
import { ApiError } from '#app/lib/api.ts';
import { createQueryClient } from '#app/lib/query-client.ts';
import { enquiry } from '#tests/support/enquiry-data.tsx';
import { PersonalDataLookup } from './privacy-lookup.tsx';
import { personalDataQueryKey, personalDataRootKey } from './privacy-queries.ts';
import { PrivacyTab } from './privacy-tab.tsx';

const email = 'jo@example.com';

/** Test data: what the export answers for `email`, with overrides. */
function personalData(overrides: Partial<PersonalDataExport> = {}): PersonalDataExport {
  return {
    email,
    exportedAt: '2026-11-23T14:05:00.000Z',
    enquiries: [],
    bookings: [],
    jobs: [],
    invoices: [],
    reminders: [],
    vehicles: [],
    remindersConsents: [],
    remindersUnsubscribedAt: null,
    contactChoices: [],
    texts: [],
    textOptOuts: [],
    ...overrides,
  };
}

/** A note and a change of status, as the export carries them. */
const note = (id: number) => ({
  id,
  text: `Note ${id}`,
  author: 'alice',
  createdAt: '2026-11-20T10:00:00.000Z',
});
const change = (id: number) =>
  ({ id, from: 'new', to: 'contacted', actor: 'alice', createdAt: '2026-11-20T10:00:00.000Z' }) as const;

const storedEnquiries = [
  enquiry({
    id: 12,
    email,
    reference: 'ENQ-2611-0012',
    createdAt: '2026-11-20T09:30:00.000Z',
    service: 'wheel-alignment',
    contacted: true,
    status: 'quoted',
    notes: [note(2), note(1)],
    events: [change(1), { ...change(2), from: 'contacted', to: 'quoted' }],
  }),
  enquiry({
    id: 3,
    email,
    reference: 'ENQ-2607-0003',
    createdAt: '2026-07-01T08:05:00.000Z',
    service: null,
    notes: [note(3)],
    events: [change(3), { ...change(4), from: 'contacted', to: 'new' }],
  }),
];

function render(queryClient: QueryClient, element: ReactNode) {
  return renderToStaticMarkup(<QueryClientProvider client={queryClient}>{element}</QueryClientProvider>);
}

/** The lookup of `email` as it renders once the export has arrived (and is not being read again). */
function renderLookup(data?: PersonalDataExport) {
  const queryClient = createQueryClient();
  queryClient.setQueryDefaults(personalDataRootKey, { refetchOnMount: false, retryOnMount: false });
  if (data) queryClient.setQueryData(personalDataQueryKey(email), data);
  return render(queryClient, <PersonalDataLookup email={email} />);
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('PrivacyTab', () => {
  it('asks for the e-mail address in a labelled field, with Find, and shows nothing before a search', () => {
    const html = render(createQueryClient(), <PrivacyTab />);
    expect(html).toContain('>Personal data requests</h2>');
    expect(html).toMatch(/<form[^>]*novalidate=""[^>]*role="search"/i);
    expect(html).toMatch(
      /<label for="personal-data-email"[^>]*>Customer&#x27;s e-mail address<\/label><div[^>]*><input id="personal-data-email"[^>]*type="email"/,
    );
    expect(html).toMatch(/<button type="submit"[^>]*>Find<\/button>/);
    expect(html).toContain('href="/privacy-policy"');
    expect(html).not.toContain('Stored for');
    expect(html).not.toContain('Nothing is stored');
  });
});

describe('PersonalDataLookup', () => {
  it('shows what is stored: the counts, and each enquiry with its reference, date, service and status', () => {
    const html = renderLookup(personalData({ enquiries: storedEnquiries }));
    expect(textOf(html)).toContain('Stored for jo@example.com As of 23/11/2026, 14:05');
    const counts = [...html.matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*>(\d+)<\/dd>/g)].map(
      ([, label, count]) => `${label} ${count}`,
    );
    expect(counts).toEqual(['Enquiries 2', 'Notes 3', 'Status changes 4']);

    const [first, second] = html.split('<li').slice(1).map(textOf) as [string, string];
    expect(first).toContain('ENQ-2611-0012 Status: Quoted');
    expect(first).toContain('Received 20/11/2026, 09:30');
    expect(first).toContain('Service Wheel Alignment');
    expect(first).toContain('Staff records 2 notes, 2 status changes');
    // en-GB, London time (British Summer Time in July).
    expect(second).toContain('ENQ-2607-0003 Status: New');
    expect(second).toContain('Received 01/07/2026, 09:05');
    expect(second).toContain('Service None chosen');
    expect(second).toContain('Staff records 1 note, 2 status changes');

    expect(html).toMatch(/<button type="button"[^>]*>.*Download data \(JSON\)<\/button>/);
    expect(html).toMatch(/<button type="button"[^>]*aria-haspopup="dialog"[^>]*>.*Erase all data<\/button>/);
    // Said to screen readers too, while focus stays in the form.
    expect(html).toContain(
      '<p role="status" class="sr-only">Stored for jo@example.com: 2 enquiries, with 3 notes and 4 status changes.</p>',
    );
  });

  it("says 'Nothing is stored for this address.' and offers nothing to download or erase", () => {
    const html = renderLookup(personalData());
    expect(html).toMatch(/<h3[^>]*>Nothing is stored for this address.<\/h3>/);
    expect(textOf(html)).toContain('jo@example.com · As of 23/11/2026, 14:05');
    expect(html).not.toContain('Download data');
    expect(html).not.toContain('Erase all data');
    expect(html).not.toContain('<li');
  });

  it('shows invoices kept after the enquiries went, saying why they stay', () => {
    const invoice: InvoiceDocument = {
      kind: 'invoice',
      number: 'INV-000007',
      issuedAt: '2026-11-20T10:00:00.000Z',
      supplyDate: '2026-11-20',
      credits: null,
      seller: { name: 'Tyres Ltd', address: [], vatNumber: 'GB 000 0000 00', email: '', phone: '' },
      customer: { name: 'Jo Bloggs', address: [], email, phone: '' },
      job: { reference: 'ENQ-2611-0012', registration: 'AB12CDE', vehicle: 'Ford Focus', service: 'Tyres' },
      ...invoiceLines([{ description: 'Puncture repair', quantity: 1, unitPence: 2500 }], 20),
      vatRatePercent: 20,
    };
    const html = renderLookup(personalData({ invoices: [invoice] }));
    expect(textOf(html)).toContain('Stored for jo@example.com As of 23/11/2026, 14:05');
    expect(textOf(html)).toContain(
      '1 invoice for this address. Invoices are accounting records the business must keep for six years from their date, so an erasure keeps them as issued until then.',
    );
    expect(html).toMatch(/<button type="button"[^>]*>.*Download data \(JSON\)<\/button>/);
    expect(html).toContain(
      '<p role="status" class="sr-only">Stored for jo@example.com: no enquiries, with no notes and no status changes, and 1 invoice.</p>',
    );
  });

  it('says it is looking the address up until the export arrives', () => {
    expect(renderLookup()).toContain('Looking up jo@example.com...');
  });

  it('says why the lookup failed, with Try again', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryDefaults(personalDataRootKey, { retryOnMount: false });
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: personalDataQueryKey(email) })
      .setState({
        status: 'error',
        error: new ApiError(401, 'Authentication required', undefined, ''),
      });
    const html = render(queryClient, <PersonalDataLookup email={email} />);
    expect(html).toContain('role="alert"');
    expect(textOf(html)).toContain('Could not look up jo@example.com Authentication required');
    expect(html).toContain('>Try again</button>');
    expect(html).not.toContain('Erase all data');
  });
});

import { useRef, type ReactNode } from 'react';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { enquiryServiceName } from '#common/enquiries/options.ts';
import type { PersonalDataExport } from '#common/privacy/privacy.ts';
import { statusLabelOf } from '#app/features/enquiries/dashboard/index.ts';
import { formatDateTime } from '#common/time/formats.ts';
import { PersonalDataActions } from './privacy-actions.tsx';
import {
  anythingStored,
  counted,
  invoicesKeptReason,
  nothingStored,
  storedCountsOf,
} from './privacy-format.ts';

function CountTile({ label, count, tone }: { label: string; count: number; tone: string }) {
  // A column, so that the figures line up when a label takes two lines on a phone.
  return (
    <div
      className={`flex min-w-0 flex-col justify-between rounded-xl border border-t-4 border-slate-200 bg-slate-50 p-3 sm:p-4 ${tone}`}
    >
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="mt-1 font-heading text-2xl font-extrabold text-ink">{count}</dd>
    </div>
  );
}

/** A label and its value: a row of a two-column grid on phones, side by side on wider screens. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents sm:flex sm:min-w-0 sm:gap-1.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

/** One stored enquiry: enough to recognise it (reference, date, service, status), not the whole card. */
function StoredEnquiry({ enquiry }: { enquiry: Enquiry }) {
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="font-mono text-sm font-bold tracking-wide text-ink select-all">{enquiry.reference}</p>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${
            enquiry.contacted ? 'bg-brand-light text-brand-dark' : 'bg-amber-100 text-amber-900'
          }`}
        >
          <span className="sr-only">Status: </span>
          {statusLabelOf(enquiry)}
        </span>
      </div>
      <dl className="mt-1 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm sm:flex sm:flex-wrap sm:gap-x-5">
        <Detail label="Received">
          <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>
        </Detail>
        <Detail label="Service">{enquiryServiceName(enquiry) ?? 'None chosen'}</Detail>
        <Detail label="Name">{enquiry.name}</Detail>
        <Detail label="Staff records">
          {counted(enquiry.notes.length, 'note', 'notes')},{' '}
          {counted(enquiry.events.length, 'status change', 'status changes')}
        </Detail>
      </dl>
    </li>
  );
}

/** What the export holds for the address, with Download and Erase; or that nothing is stored. */
export function PersonalDataRecord({ data }: { data: PersonalDataExport }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const counts = storedCountsOf(data);
  const stored = anythingStored(counts);
  const address = <span className="break-all">{data.email}</span>;
  return (
    <section
      aria-labelledby="personal-data-found"
      className="grid min-w-0 gap-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      {/* Focused after an erasure, whose button is then gone. */}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h3
            id="personal-data-found"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-bold text-ink focus:outline-none"
          >
            {stored ? <>Stored for {address}</> : nothingStored}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            {!stored && <>{address} · </>}As of{' '}
            <time dateTime={data.exportedAt}>{formatDateTime(data.exportedAt)}</time>
          </p>
        </div>
        {stored && (
          <PersonalDataActions data={data} counts={counts} onErased={() => heading.current?.focus()} />
        )}
      </div>
      {counts.enquiries > 0 && (
        <>
          <dl className="grid grid-cols-3 gap-2 sm:gap-4">
            <CountTile label="Enquiries" count={counts.enquiries} tone="border-t-ink" />
            <CountTile label="Notes" count={counts.notes} tone="border-t-brand" />
            <CountTile label="Status changes" count={counts.statusChanges} tone="border-t-accent" />
          </dl>
          <ul aria-label="Stored enquiries" className="grid divide-y divide-slate-200">
            {data.enquiries.map((enquiry) => (
              <StoredEnquiry key={enquiry.id} enquiry={enquiry} />
            ))}
          </ul>
        </>
      )}
      {counts.invoices > 0 && (
        <p className="text-sm text-slate-700">
          {counted(counts.invoices, 'invoice', 'invoices')} for this address. {invoicesKeptReason}
        </p>
      )}
    </section>
  );
}

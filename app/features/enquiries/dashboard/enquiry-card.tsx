import { formatRegistration } from '#common/vehicles/registration.ts';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { enquiryServiceName } from '#common/enquiries/options.ts';
import { EnquiryCardActions } from './enquiry-card-actions.tsx';
import { formatDateTime } from '#common/time/formats.ts';
import { statusLabelOf } from './enquiry-format.ts';
import { EnquiryNotes } from './enquiry-notes.tsx';
import { EnquiryStatusControl } from './enquiry-status-control.tsx';
import { EnquiryTimeline } from './enquiry-timeline.tsx';
import { TextsDisclosure } from '#app/features/messages/dashboard/index.ts';

type EnquiryCardProps = {
  enquiry: Enquiry;
  busy: boolean;
  onMarkContacted: () => void;
  onDelete: () => void;
};

/** One enquiry in the staff inbox (the Enquiries tab), with its pipeline status and notes. */
export function EnquiryCard({ enquiry, busy, onMarkContacted, onDelete }: EnquiryCardProps) {
  const headingId = `enquiry-${enquiry.id}-name`;
  const service = enquiryServiceName(enquiry);
  return (
    <article
      aria-labelledby={headingId}
      className={`min-w-0 rounded-xl border border-l-4 border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${
        enquiry.contacted ? 'border-l-brand' : 'border-l-accent'
      }`}
      data-contacted={enquiry.contacted}
      data-status={enquiry.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold break-words text-ink">
            {enquiry.name}
          </h3>
          <p className="font-mono text-xs font-semibold tracking-wide text-slate-600 select-all">
            {enquiry.reference}
          </p>
          <p className="mt-1 text-sm break-all text-slate-700">{enquiry.email}</p>
          {enquiry.phone && <p className="text-sm text-slate-700">{enquiry.phone}</p>}
        </div>
        <div className="flex flex-col items-end gap-1.5">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${
              enquiry.contacted ? 'bg-brand-light text-brand-dark' : 'bg-amber-100 text-amber-900'
            }`}
          >
            {statusLabelOf(enquiry)}
          </span>
          {enquiry.outsideArea && (
            <span className="rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-bold text-amber-900">
              Outside area
            </span>
          )}
          <time dateTime={enquiry.createdAt} className="text-xs text-slate-600">
            {formatDateTime(enquiry.createdAt)}
          </time>
        </div>
      </div>

      {(enquiry.vehicle || service || enquiry.postcode) && (
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {enquiry.vehicle && (
            <div className="flex min-w-0 gap-1.5">
              <dt className="font-semibold text-ink">Vehicle:</dt>
              <dd className="break-words text-slate-700">
                {enquiry.vehicle}
                {enquiry.registration && (
                  <>
                    {' '}
                    (
                    <a
                      href={`/admin/dashboard/jobs?vehicle=${enquiry.registration}`}
                      className="font-semibold text-brand-dark underline underline-offset-4"
                    >
                      {formatRegistration(enquiry.registration)}: vehicle history
                    </a>
                    )
                  </>
                )}
              </dd>
            </div>
          )}
          {service && (
            <div className="flex gap-1.5">
              <dt className="font-semibold text-ink">Service:</dt>
              <dd className="text-slate-700">{service}</dd>
            </div>
          )}
          {enquiry.postcode && (
            <div className="flex gap-1.5">
              <dt className="font-semibold text-ink">Postcode:</dt>
              <dd className="text-slate-700">
                {enquiry.postcode}
                {enquiry.outsideArea && <span className="sr-only"> (outside the covered area)</span>}
              </dd>
            </div>
          )}
        </dl>
      )}

      {enquiry.message && (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-line break-words text-slate-700">
          {enquiry.message}
        </p>
      )}

      <TextsDisclosure of={{ enquiry: enquiry.id }} />

      <EnquiryCardActions
        enquiry={enquiry}
        busy={busy}
        onMarkContacted={onMarkContacted}
        onDelete={onDelete}
      />

      {/* Side by side on wide screens, so a card stays short enough to scan the list. */}
      <div className="mt-4 grid gap-x-8 border-t border-slate-200 pt-4 lg:grid-cols-2">
        <div className="min-w-0">
          <EnquiryStatusControl enquiry={enquiry} />
          <EnquiryTimeline events={enquiry.events} headingId={`enquiry-${enquiry.id}-timeline`} />
        </div>
        <EnquiryNotes enquiry={enquiry} />
      </div>
    </article>
  );
}

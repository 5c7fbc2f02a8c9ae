import type { Enquiry } from '#common/enquiry.ts';
import { enquiryServiceOptions } from '#common/enquiry-options.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { MailIcon, PhoneIcon } from '../ui/icons.tsx';

/** Date and time in en-GB, London time (spec section 9): "22/11/2026, 18:50". */
const createdFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

const serviceLabels = new Map<string, string>(
  enquiryServiceOptions.map((option) => [option.value, option.label]),
);

const actionClass =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink';

type EnquiryCardProps = {
  enquiry: Enquiry;
  busy: boolean;
  onMarkContacted: () => void;
  onDelete: () => void;
};

/** One enquiry in the staff inbox (spec section 2, Enquiries tab). */
export function EnquiryCard({ enquiry, busy, onMarkContacted, onDelete }: EnquiryCardProps) {
  const headingId = `enquiry-${enquiry.id}-name`;
  const service = enquiry.service ? (serviceLabels.get(enquiry.service) ?? enquiry.service) : null;
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-xl border border-l-4 border-slate-200 bg-white p-5 shadow-sm ${
        enquiry.contacted ? 'border-l-brand' : 'border-l-accent'
      }`}
      data-contacted={enquiry.contacted}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold break-words text-ink">
            {enquiry.name}
          </h3>
          <p className="text-sm break-all text-slate-700">{enquiry.email}</p>
          {enquiry.phone && <p className="text-sm text-slate-700">{enquiry.phone}</p>}
        </div>
        <div className="flex flex-col items-end gap-1.5">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${
              enquiry.contacted ? 'bg-brand-light text-brand-dark' : 'bg-amber-100 text-amber-900'
            }`}
          >
            {enquiry.contacted ? 'Contacted' : 'New'}
          </span>
          <time dateTime={enquiry.createdAt} className="text-xs text-slate-600">
            {createdFormat.format(new Date(enquiry.createdAt))}
          </time>
        </div>
      </div>

      {(enquiry.vehicle || service) && (
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {enquiry.vehicle && (
            <div className="flex gap-1.5">
              <dt className="font-semibold text-ink">Vehicle:</dt>
              <dd className="text-slate-700">{enquiry.vehicle}</dd>
            </div>
          )}
          {service && (
            <div className="flex gap-1.5">
              <dt className="font-semibold text-ink">Service:</dt>
              <dd className="text-slate-700">{service}</dd>
            </div>
          )}
        </dl>
      )}

      {enquiry.message && (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-line break-words text-slate-700">
          {enquiry.message}
        </p>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        {enquiry.phone && (
          <a
            href={`tel:${enquiry.phone.replace(/[^\d+]/g, '')}`}
            className={`${actionClass} bg-ink text-white hover:bg-slate-700`}
          >
            <PhoneIcon className="size-4" />
            Call Customer
          </a>
        )}
        <a
          href={`mailto:${enquiry.email}?subject=${encodeURIComponent('Your enquiry')}`}
          className={`${actionClass} border border-slate-300 text-ink hover:bg-slate-100`}
        >
          <MailIcon className="size-4" />
          Email Customer
        </a>
        {!enquiry.contacted && (
          <ConfirmDialog
            trigger={
              <button
                type="button"
                disabled={busy}
                className={`${actionClass} bg-brand text-ink hover:bg-brand-dark hover:text-white disabled:opacity-60`}
              >
                Mark as Contacted
              </button>
            }
            title="Mark as contacted"
            description={`Mark ${enquiry.name}'s enquiry as contacted?`}
            confirmLabel="Mark as Contacted"
            onConfirm={onMarkContacted}
          />
        )}
        <ConfirmDialog
          trigger={
            <button
              type="button"
              disabled={busy}
              className={`${actionClass} text-red-700 hover:bg-red-50 disabled:opacity-60 sm:ml-auto`}
            >
              Delete
            </button>
          }
          title="Delete enquiry"
          description={`Are you sure you want to delete ${enquiry.name}'s enquiry? This action cannot be undone.`}
          confirmLabel="Delete"
          destructive
          onConfirm={onDelete}
        />
      </div>
    </article>
  );
}

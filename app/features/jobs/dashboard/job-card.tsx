import type { StaffRole } from '#common/accounts/accounts.ts';
import type { Job } from '#common/jobs/jobs.ts';
import type { DriveThere } from '#common/routing/day-route.ts';
import { jobStatusLabels } from '#common/bookings/state-words.ts';
import { formatPence } from '#common/util/money.ts';
import { AlertIcon, MapPinIcon, PhoneIcon } from '#app/components/ui/icons.tsx';
import { CreditNoteAction } from './credit-note-action.tsx';
import { JobDrive } from './fitter-route.tsx';
import { InvoiceLink } from './invoice-link.tsx';
import { JobPayment } from './job-payment.tsx';
import { JobPhotos } from './job-photos.tsx';
import { JobStatusBadge } from './job-status-badge.tsx';
import { ReviewRequest } from './review-request.tsx';
import { formatWindow, jobStatusBorderClass, telHref } from './jobs-format.ts';
import { Fact } from '#app/components/ui/fact.tsx';
import { RegistrationPlate } from '#app/features/vehicles/index.ts';

/**
 * One of the day's jobs as the office follows it: when, who, where (and the drive there, when the
 * fitter's route knows it), what, how far, and what was paid.
 */
export function JobCard({
  job,
  role,
  drive = null,
}: {
  job: Job;
  role: StaffRole;
  drive?: DriveThere | null;
}) {
  const headingId = `job-${job.id}-name`;
  const notCompleted = job.status === 'not-completed';
  return (
    <article
      aria-labelledby={headingId}
      className={`flex min-w-0 flex-col gap-3 rounded-xl border border-l-4 border-slate-200 p-4 shadow-sm ${jobStatusBorderClass[job.status]} ${notCompleted ? 'bg-red-50/60' : 'bg-white'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-baseline gap-x-2 font-mono">
            <span className="text-sm font-bold whitespace-nowrap text-ink">{formatWindow(job.window)}</span>
            <span className="text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 select-all">
              {job.reference}
            </span>
          </p>
          <h4 id={headingId} className="mt-0.5 text-base font-bold break-words text-ink">
            {job.customer.name}
          </h4>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <JobStatusBadge status={job.status} />
          {job.status === 'on-the-way' && job.eta && (
            <span className="text-xs font-semibold text-sky-900">Expected {job.eta}</span>
          )}
        </div>
      </div>

      {notCompleted && (
        <p className="flex gap-2 rounded-lg border border-red-200 bg-white p-3 text-sm text-red-800">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">
            <span className="font-semibold">{jobStatusLabels['not-completed']}:</span>{' '}
            {job.notCompletedReason ?? 'no reason given'}
          </span>
        </p>
      )}

      {job.priceChange?.held && (
        <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-ink">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">
            <span className="font-semibold">Price changed</span> from{' '}
            {formatPence(job.priceChange.bookedTotal)} to {formatPence(job.total)}: {job.priceChange.reason}.
            The invoice waits until the price is approved in the diary.
          </span>
        </p>
      )}

      <div className="grid gap-1 text-sm">
        <a
          href={telHref(job.customer.phone)}
          className="inline-flex min-h-8 items-center gap-1.5 justify-self-start font-semibold text-ink underline-offset-2 hover:underline"
        >
          <PhoneIcon className="size-4" />
          {job.customer.phone}
        </a>
        <p className="flex min-w-0 gap-1.5 text-slate-700">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span className="min-w-0 break-words">
            {job.customer.address ?? job.locationName}
            {job.customer.address && job.customer.postcode && (
              <>
                , <span className="whitespace-nowrap">{job.customer.postcode}</span>
              </>
            )}
          </span>
        </p>
        {drive && <JobDrive drive={drive} />}
      </div>

      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Fact term="Service">{job.service}</Fact>
        <Fact term="Vehicle">
          {job.vehicle} <RegistrationPlate registration={job.registration} />
        </Fact>
      </dl>

      {/* At the foot of the card, level with its neighbour's in the two-column grid. */}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-slate-100 pt-3">
        {notCompleted && job.paid === 0 ? (
          <p className="text-sm text-slate-600">No payment taken</p>
        ) : (
          <JobPayment paid={job.paid} total={job.total} />
        )}
        <JobPhotos jobId={job.id} count={job.photos} reference={job.reference} />
      </div>

      {!notCompleted && <ReviewRequest job={job} />}

      {job.status === 'completed' && job.invoice && (
        <div className="flex flex-wrap items-center gap-2">
          <InvoiceLink jobId={job.id} number={job.invoice} kind="invoice" />
          {role === 'owner' && job.credited < job.total && (
            <CreditNoteAction
              job={{ id: job.id, reference: job.reference, invoice: job.invoice, total: job.total }}
            />
          )}
        </div>
      )}
    </article>
  );
}

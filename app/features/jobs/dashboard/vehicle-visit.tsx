import type { StaffRole } from '#common/accounts/accounts.ts';
import type { VehicleJob } from '#common/jobs/jobs.ts';
import { formatPence } from '#common/util/money.ts';
import { formatDay } from '#common/time/formats.ts';
import { CreditNoteAction } from './credit-note-action.tsx';
import { InvoiceLink } from './invoice-link.tsx';
import { JobStatusBadge } from './job-status-badge.tsx';
import { formatShortJobDate, jobStatusBorderClass } from './jobs-format.ts';
import { VehicleRecord } from './vehicle-record.tsx';

/** The job's invoices and credit notes, each with its PDF, credit notes as the amount taken off. */
function VisitInvoices({ job }: { job: VehicleJob }) {
  return (
    <ul aria-label={`Invoices of ${job.reference}`} className="grid gap-2">
      {job.invoices.map((invoice) => (
        <li key={invoice.number} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <InvoiceLink jobId={job.id} number={invoice.number} kind={invoice.kind} />
          <span className="font-semibold text-ink tabular-nums">
            {invoice.kind === 'credit-note' ? `−${formatPence(invoice.total)}` : formatPence(invoice.total)}
          </span>
          <span className="text-slate-600">issued {formatDay(invoice.issuedAt)}</span>
        </li>
      ))}
    </ul>
  );
}

/** What is left to credit on the job's invoice, and the invoice; null when there is none. */
function creditable(job: VehicleJob) {
  const invoice = job.invoices.findLast((entry) => entry.kind === 'invoice');
  if (!invoice || job.status !== 'completed') return null;
  const credited = job.invoices
    .filter((entry) => entry.kind === 'credit-note')
    .reduce((sum, entry) => sum + entry.total, 0);
  const left = invoice.total - credited;
  return left > 0
    ? { id: job.id, reference: job.reference, invoice: invoice.number, total: invoice.total, left }
    : null;
}

/** One visit to the vehicle: when, what, who, what was fitted and found, and what was invoiced. */
export function VehicleVisit({ job, role }: { job: VehicleJob; role: StaffRole }) {
  const headingId = `visit-${job.id}`;
  const credit = role === 'owner' ? creditable(job) : null;
  return (
    <article
      aria-labelledby={headingId}
      className={`grid min-w-0 gap-3 rounded-xl border border-l-4 border-slate-200 bg-white p-4 shadow-sm ${jobStatusBorderClass[job.status]}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 id={headingId} className="text-base font-bold text-ink">
            {formatShortJobDate(job.date)} · {job.service}
          </h4>
          <p className="mt-0.5 text-sm text-slate-600">
            <span className="font-mono text-xs font-semibold tracking-wide select-all">{job.reference}</span>
            {' · '}
            {job.locationName}
            {' · '}
            {job.fitter ? `Fitter: ${job.fitter}` : 'No fitter'}
          </p>
        </div>
        <JobStatusBadge status={job.status} />
      </div>
      {job.notCompletedReason && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          Could not be completed: {job.notCompletedReason}
        </p>
      )}
      {job.record ? (
        <VehicleRecord record={job.record} caption={`Tyres on ${formatShortJobDate(job.date)}`} />
      ) : (
        job.status === 'completed' && (
          <p className="text-sm text-slate-600">No record of the work was kept.</p>
        )
      )}
      {(job.invoices.length > 0 || credit) && (
        <div className="grid gap-2 border-t border-slate-100 pt-3">
          {job.invoices.length > 0 && <VisitInvoices job={job} />}
          {credit && (
            <div className="flex flex-wrap items-center gap-2">
              <CreditNoteAction job={credit} />
            </div>
          )}
        </div>
      )}
    </article>
  );
}

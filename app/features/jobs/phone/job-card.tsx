import { formatRegistration } from '#common/vehicles/registration.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { jobStatusLabels, type JobStatus } from '#common/bookings/state-words.ts';
import { formatTime } from '#common/time/week.ts';
import { PhoneIcon } from '#app/components/ui/icons.tsx';
import type { DriveThere } from '#common/routing/day-route.ts';
import type { AddAction } from './add-action.ts';
import { JobActions } from './job-actions.tsx';
import { paidText } from './paid-text.ts';
import { DriveLine } from './drive-line.tsx';
import { MapsChoice } from './maps-choice.tsx';
import { directionsTo, telLink, type Coordinates } from './route-links.ts';
import { plural } from '#common/util/words.ts';

const statusStyles: Record<JobStatus, string> = {
  scheduled: 'bg-slate-100 text-slate-800',
  'on-the-way': 'bg-sky-100 text-sky-900',
  arrived: 'bg-amber-100 text-amber-900',
  completed: 'bg-brand-light text-ink',
  'not-completed': 'bg-red-100 text-red-800',
};

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-2 py-1">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="text-sm font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

/**
 * One job of the day, with what the fitter needs at the kerb and what they can do next; with the
 * day's route (signal), the drive there and when to arrive, and Waze sent to its coordinates.
 */
export function JobCard({
  job,
  waiting,
  add,
  drive = null,
  at = null,
}: {
  job: Job;
  waiting: number;
  add: AddAction;
  drive?: DriveThere | null;
  at?: Coordinates | null;
}) {
  const toVisit = job.status === 'scheduled' || job.status === 'on-the-way';
  const titleId = `job-${job.id}-title`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={titleId} className="font-heading text-lg font-bold text-ink">
            {formatTime(job.window.start)} – {formatTime(job.window.end)}
          </h3>
          <p className="text-sm text-slate-600">
            {job.reference} · {job.service}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-1 text-sm font-semibold ${statusStyles[job.status]}`}>
          {jobStatusLabels[job.status]}
          {job.status === 'on-the-way' && job.eta ? `, about ${formatTime(job.eta)}` : ''}
        </span>
      </header>
      {drive && toVisit && <DriveLine drive={drive} />}
      {waiting > 0 && (
        <p className="mt-2 text-sm font-semibold text-amber-800">
          {plural(waiting, 'action')} on this phone, not yet sent
        </p>
      )}
      <p className="mt-3 text-base font-semibold text-ink">{job.customer.name}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <a
          href={telLink(job.customer.phone)}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 font-semibold text-ink"
        >
          <PhoneIcon className="size-5" aria-hidden="true" /> {job.customer.phone}
        </a>
        <MapsChoice label="Navigate" links={directionsTo(job, at)} />
      </div>
      <dl className="mt-3 divide-y divide-slate-100">
        <Detail term="Where">
          {[job.customer.address, job.customer.postcode].filter(Boolean).join(', ') || job.locationName}
        </Detail>
        <Detail term="Vehicle">
          {job.vehicle}, <span className="font-mono">{formatRegistration(job.registration)}</span>
        </Detail>
        <Detail term="Tyres">
          {job.tyres
            ? `${job.tyres.quantity} × ${job.tyres.description}${job.tyres.source === 'supplier' ? ' (ordered)' : ' (from stock)'}`
            : 'As in the notes'}
        </Detail>
        {job.lockingNuts && <Detail term="Locking wheel nuts">{job.lockingNuts}</Detail>}
        {job.notes && <Detail term="Notes">{job.notes}</Detail>}
        <Detail term="Payment">{paidText(job)}</Detail>
        {job.notCompletedReason && <Detail term="Not completed">{job.notCompletedReason}</Detail>}
        {job.priceChange?.held && (
          <Detail term="Invoice">Price changed: the office approves it before the invoice is issued</Detail>
        )}
        {job.invoice && (
          <Detail term="Invoice">
            <a
              href={`/api/jobs/${job.id}/invoice.pdf`}
              className="text-brand-dark underline underline-offset-4"
            >
              {job.invoice} (PDF)
            </a>
          </Detail>
        )}
      </dl>
      <JobActions job={job} add={add} driveMinutes={drive?.minutes ?? null} />
    </article>
  );
}

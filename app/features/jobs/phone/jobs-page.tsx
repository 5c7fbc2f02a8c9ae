import { useEffect, useState } from 'react';
import type { StaffUser } from '#common/auth/auth.ts';
import { dayText } from '#common/bookings/booking.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon, MapPinIcon } from '#app/components/ui/icons.tsx';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { formatDateTime } from '#common/time/formats.ts';
import type { AddAction } from './add-action.ts';
import { JobCard } from './job-card.tsx';
import { newActionKey } from './action-key.ts';
import { waitingFor } from './pending-view.ts';
import { dayRoute } from './route-links.ts';
import { SyncStatus } from './sync-status.tsx';
import { shownJobs, useActionQueue, useDayJobs } from './use-phone-jobs.ts';

/** The browser's word on the signal, kept current. */
function useOnline() {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * My jobs: the fitter's day in window order, kept on the phone once loaded, with what they can do
 * on each; what they do without signal waits on the phone and goes when the signal returns.
 */
export function JobsPage({ user }: { user: StaffUser }) {
  const [date, setDate] = useState(() => londonDate(new Date()));
  const day = useDayJobs(user.id, date);
  const { queue, state } = useActionQueue(user.id);
  const online = useOnline();
  const jobs = shownJobs(day.data, state);
  const route = dayRoute(jobs);
  const add: AddAction = async (job, label, request) => {
    const key = newActionKey();
    await queue.add({ key, jobId: job.id, reference: job.reference, label, request: request(key) });
  };

  return (
    <main className="mx-auto grid max-w-2xl gap-4 px-3 py-4 sm:px-4">
      <nav aria-label="Day" className="flex items-center justify-between gap-2">
        <button type="button" className={buttonClass('outline')} onClick={() => setDate(addDays(date, -1))}>
          <ChevronLeftIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">The day before</span>
        </button>
        <h2 className="text-center font-heading text-xl font-bold text-ink">{dayText(date)}</h2>
        <button type="button" className={buttonClass('outline')} onClick={() => setDate(addDays(date, 1))}>
          <ChevronRightIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">The day after</span>
        </button>
      </nav>
      {!online && (
        <p role="status" className="rounded-lg bg-ink px-3 py-2 text-sm font-semibold text-white">
          No signal. The day is on this phone, and what you do is kept until the signal returns.
        </p>
      )}
      <SyncStatus state={state} queue={queue} />
      {day.data?.fromPhone && (
        <p className="text-sm text-slate-600">As loaded at {formatDateTime(day.data.savedAt)}.</p>
      )}
      {route && (
        <a href={route} className={buttonClass('dark', 'large')}>
          <MapPinIcon className="size-5" aria-hidden="true" /> Route for the day
        </a>
      )}
      {day.isPending ? (
        <Spinner label="Loading your jobs..." />
      ) : day.isError ? (
        <LoadFailure
          title="Your jobs could not be loaded."
          detail={messageOf(day.error)}
          onRetry={() => void day.refetch()}
        />
      ) : jobs.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-700">No jobs for you on this day.</p>
      ) : (
        jobs.map((job) => (
          <JobCard key={job.id} job={job} waiting={waitingFor(state.actions, job.id)} add={add} />
        ))
      )}
    </main>
  );
}

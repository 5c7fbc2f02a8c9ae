import type { StaffUser } from '#common/auth/auth.ts';
import { dayText } from '#common/bookings/booking.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { driveThere } from '#common/routing/day-route.ts';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { formatDateTime } from '#common/time/formats.ts';
import type { AddAction } from './add-action.ts';
import { JobCard } from './job-card.tsx';
import { newActionKey } from './action-key.ts';
import { DayControls } from './day-controls.tsx';
import { useDayPlace } from './day-place.ts';
import { waitingFor } from './pending-view.ts';
import { indexedDbStore, type PhoneStore } from './phone-store.ts';
import { MapsChoice } from './maps-choice.tsx';
import { coordinatesOf, dayRoute } from './route-links.ts';
import { SyncStatus } from './sync-status.tsx';
import { useDayRoute } from './use-day-route.ts';
import { useOnline } from './use-online.ts';
import { DayNotOnPhone, shownJobs, useActionQueue, useDayJobs } from './use-phone-jobs.ts';

/**
 * My jobs: the fitter's day (the address's, else today) in route order, kept on the phone once
 * loaded, with what they can do on each; what they do without signal waits on the phone and goes
 * when the signal returns. With signal, each job shows the drive there and when to arrive.
 */
export function JobsPage({ user, store = indexedDbStore() }: { user: StaffUser; store?: PhoneStore }) {
  const { date, today, go } = useDayPlace();
  const day = useDayJobs(user.id, date, store);
  const { queue, state } = useActionQueue(user.id, store);
  const online = useOnline();
  const jobs = shownJobs(day.data, state);
  const route = useDayRoute(user.id, date, { online });
  const placed = (job: Job) => coordinatesOf(route.data?.stops.find((stop) => stop.bookingId === job.id));
  const dayLinks = dayRoute(jobs, placed);
  const add: AddAction = async (job, label, request) => {
    const key = newActionKey();
    await queue.add({ key, jobId: job.id, reference: job.reference, label, request: request(key) });
  };

  return (
    <main className="mx-auto grid max-w-2xl gap-4 px-3 py-4 sm:px-4">
      <DayControls userId={user.id} store={store} date={date} today={today} go={go} />
      {!online && (
        <p role="status" className="rounded-lg bg-ink px-3 py-2 text-sm font-semibold text-white">
          No signal. The days opened before are on this phone, and what you do is kept until the signal
          returns.
        </p>
      )}
      <SyncStatus state={state} queue={queue} online={online} />
      {day.data?.fromPhone && (
        <p className="text-sm text-slate-600">As loaded at {formatDateTime(day.data.savedAt)}.</p>
      )}
      {dayLinks.length > 0 && <MapsChoice label="Route for the day" links={dayLinks} dark />}
      {day.isPending ? (
        <Spinner label="Loading your jobs..." />
      ) : day.error instanceof DayNotOnPhone ? (
        <p className="rounded-xl border border-slate-300 bg-white p-6 text-center text-slate-700">
          {dayText(date)} is not on this phone: a day is kept once it has been opened with signal. It loads
          when the signal returns.
        </p>
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
          <JobCard
            key={job.id}
            job={job}
            waiting={waitingFor(state.actions, job.id)}
            add={add}
            drive={driveThere(route.data, job.id)}
            at={placed(job)}
          />
        ))
      )}
    </main>
  );
}

import { isActiveBooking, type Booking } from '#common/bookings/booking.ts';
import { jobStatusLabels } from '#common/bookings/state-words.ts';
import { Button } from '#app/components/ui/button.tsx';
import { AlertIcon } from '#app/components/ui/icons.tsx';
import { messageOf } from '#app/lib/api.ts';
import { jobStatusBadgeClass, withoutFitterText } from './booking-format.ts';
import { useBookingUpdate, usePriceApproval } from './booking-queries.ts';
import { FitterSelect, fitterPanelLabelClass } from './fitter-select.tsx';

/**
 * The brand's amber, solid, with a warning sign: stronger than the pale amber of a Booked badge
 * beside it, for a booking of the coming days that nobody is going to yet.
 */
const warningClass =
  'inline-flex items-center gap-1 rounded-full bg-accent font-bold whitespace-nowrap text-ink';

export function NoFitterBadge() {
  return (
    <span className={`${warningClass} px-2.5 py-0.5 text-xs`}>
      <AlertIcon className="size-3.5 shrink-0" />
      No fitter yet
    </span>
  );
}

/**
 * How many bookings of the day (or of the week shown) no fitter has yet; nothing when none. A pill
 * beside the diary's dates; a block in a column of the week, where it may take two lines.
 */
export function WithoutFitterCount({
  count,
  variant = 'pill',
}: {
  count: number;
  variant?: 'pill' | 'block';
}) {
  if (count === 0) return null;
  return (
    <p
      className={
        variant === 'pill'
          ? `${warningClass} px-3 py-1 text-sm`
          : 'flex items-start gap-1 rounded-md bg-accent px-2 py-1 text-xs leading-tight font-bold text-ink'
      }
    >
      <AlertIcon className={`shrink-0 ${variant === 'pill' ? 'size-4' : 'size-3.5'}`} />
      {withoutFitterText(count)}
    </p>
  );
}

function JobStatusBadge({ job }: { job: NonNullable<Booking['job']> }) {
  return (
    <p className="flex items-center gap-3 text-sm">
      <span className={`${fitterPanelLabelClass} font-semibold text-ink`}>
        Job<span className="sr-only">:</span>
      </span>
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${jobStatusBadgeClass[job.status]}`}
      >
        {jobStatusLabels[job.status]}
      </span>
      {job.priceHeld && <PriceChangedBadge />}
    </p>
  );
}

/** A job whose price the fitter cut past the owner's limit, until the office approves it. */
export function PriceChangedBadge() {
  return (
    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold whitespace-nowrap text-amber-900">
      Price changed
    </span>
  );
}

/**
 * Why the fitter could not complete it, and, while the booking is still to happen, how to send
 * someone back: another fitter from the list, or the same one again at a press (the list cannot
 * choose the fitter it already shows).
 */
function NotCompleted({ booking, canSendAgain }: { booking: Booking; canSendAgain: boolean }) {
  const update = useBookingUpdate(booking);
  const { fitter, job } = booking;
  return (
    <div className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm">
      <p className="break-words text-red-800">
        <span className="font-semibold">Reason:</span> {job?.notCompletedReason ?? 'none given'}
      </p>
      {canSendAgain && (
        <p className="mt-0.5 text-slate-700">Give it to a fitter again to send someone back.</p>
      )}
      {canSendAgain && fitter && (
        <Button
          type="button"
          variant="outline"
          className="mt-2"
          disabled={update.isPending}
          onClick={() => update.mutate({ fitterId: fitter.id })}
        >
          Send {fitter.name} again
        </Button>
      )}
      {update.error && (
        <p role="alert" className="mt-1 font-medium text-red-700">
          {messageOf(update.error)}
        </p>
      )}
    </div>
  );
}

/**
 * A price the fitter cut past the owner's limit: the job is done, but its invoice waits until
 * someone in the office approves the price, having read why.
 */
function PriceChanged({ booking }: { booking: Booking }) {
  const approval = usePriceApproval(booking);
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
      <p className="font-semibold text-ink">Price changed: the invoice waits for your approval.</p>
      <p className="break-words text-slate-700">
        <span className="font-semibold">Fitter’s reason:</span> {booking.job?.linesReason ?? 'none given'}
      </p>
      <Button
        type="button"
        variant="outline"
        className="mt-2"
        disabled={approval.isPending}
        onClick={() => approval.mutate()}
      >
        Approve the price and issue the invoice
      </Button>
      {approval.error && (
        <p role="alert" className="mt-1 font-medium text-red-700">
          {messageOf(approval.error)}
        </p>
      )}
    </div>
  );
}

/**
 * Who does the job and how far they have got. A booking still to happen can be given to a fitter
 * here; a finished or cancelled one only says who had it.
 */
export function BookingFitter({ booking }: { booking: Booking }) {
  const active = isActiveBooking(booking.status);
  const { fitter, job } = booking;
  if (!active && !fitter && !job) return null;
  return (
    <div className="mt-3 grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      {active ? (
        <FitterSelect booking={booking} />
      ) : (
        <p className="text-sm">
          <span className="font-semibold text-ink">Fitter:</span>{' '}
          <span className="text-slate-700">{fitter?.name ?? 'none'}</span>
        </p>
      )}
      {job && <JobStatusBadge job={job} />}
      {job?.status === 'not-completed' && <NotCompleted booking={booking} canSendAgain={active} />}
      {job?.priceHeld && <PriceChanged booking={booking} />}
    </div>
  );
}

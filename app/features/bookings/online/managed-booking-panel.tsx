import { useSiteSettings } from '#app/features/site-content/index.ts';
import { CheckIcon } from '#app/components/ui/icons.tsx';
import { BookAgainLink, BookingDeposit } from './booking-deposit.tsx';
import { CancelBooking } from './cancel-booking.tsx';
import { JobReport } from './job-report.tsx';
import { MoveBooking } from './move-booking.tsx';
import type {
  ManageActionData,
  ManagedBookingView,
  MoveChoice,
  PaymentReturn,
} from './managed-booking-types.ts';

type ManagedBookingPanelProps = {
  booking: ManagedBookingView;
  /** Just booked (the booking page's redirect). */
  booked: boolean;
  /** Just cancelled here. */
  cancelled: boolean;
  /** Just moved here (the new link's page). */
  moved: boolean;
  /** Back from paying the deposit on Stripe's page (or leaving it); else null. */
  paymentReturn?: PaymentReturn | null;
  /** The free times to move to, once asked for; else null. */
  move: MoveChoice | null;
  action: ManageActionData | undefined;
};

const statusClass: Record<ManagedBookingView['status'], string> = {
  booked: 'bg-brand-light text-ink ring-brand-dark/30',
  confirmed: 'bg-brand-light text-ink ring-brand-dark/30',
  completed: 'bg-slate-100 text-slate-800 ring-slate-300',
  'no-show': 'bg-slate-100 text-slate-800 ring-slate-300',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

/**
 * The booking's details, what just happened to it, what happens next (with its calendar entry),
 * how to move or cancel it, and once the job is done its report, invoice and where to review us.
 */
export function ManagedBookingPanel({
  booking,
  booked,
  cancelled,
  moved,
  paymentReturn = null,
  move,
  action,
}: ManagedBookingPanelProps) {
  const site = useSiteSettings();
  const rows: [string, string, string?][] = [
    ['Service', booking.serviceTitle],
    ['Where', booking.locationName, booking.address ?? undefined],
    ['When', booking.date, booking.window],
    ...(booking.tyres
      ? [['Tyres', booking.tyres.what, booking.tyres.total] as [string, string, string]]
      : []),
    ...(booking.callOut ? [['Call-out', booking.callOut] as [string, string]] : []),
    ['Name', booking.name],
    ['Registration', booking.registration],
    ['Vehicle', booking.vehicle],
    ...(booking.postcode ? [['Postcode', booking.postcode] as [string, string]] : []),
  ];
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6 sm:py-12">
      {/* While the deposit is due, its notice is the confirmation: the booking is not secured yet. */}
      <JustChanged
        booking={booking}
        booked={booked && booking.deposit?.status !== 'due'}
        cancelled={cancelled}
        moved={moved}
      />
      {booking.deposit && (
        <BookingDeposit
          deposit={booking.deposit}
          reference={booking.reference}
          booked={booked}
          paymentReturn={paymentReturn}
          cancelled={booking.status === 'cancelled'}
        />
      )}
      {action?.outcome === 'refused' && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          {action.error}
        </p>
      )}
      <section
        aria-labelledby="booking-details-title"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="booking-details-title" className="text-2xl font-extrabold">
            Booking details
          </h2>
          <p className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${statusClass[booking.status]}`}>
            <span className="sr-only">Status: </span>
            {booking.statusLabel}
          </p>
        </div>
        <dl className="mt-4 grid gap-x-8 sm:grid-cols-2">
          {rows.map(([label, value, detail]) => (
            <div key={label} className="border-b border-slate-100 py-3">
              <dt className="text-sm font-medium text-slate-600">{label}</dt>
              <dd className="mt-0.5 font-semibold break-words text-ink">
                {value}
                {detail && <span className="block font-normal text-slate-700">{detail}</span>}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {booking.nextSteps.length > 0 && <NextSteps booking={booking} />}
      {booking.report && <JobReport report={booking.report} />}
      {booking.reviewHref && <ReviewLink href={booking.reviewHref} />}
      {booking.canCancel && (
        <MoveBooking
          booking={booking}
          choice={move}
          refusal={action?.outcome === 'move-refused' ? action : null}
        />
      )}
      {booking.canCancel ? (
        <CancelBooking confirming={action?.outcome === 'confirm'} booking={booking} />
      ) : (
        isUpcoming(booking) && (
          <p className="rounded-2xl border border-slate-200 bg-slate-50 p-5 text-slate-700">
            Online changes have closed for this booking. To cancel or change it, please call us on{' '}
            <a href={`tel:${site.phone}`} className="font-semibold text-ink underline underline-offset-2">
              {site.formattedPhone}
            </a>
            .
          </p>
        )
      )}
    </div>
  );
}

const isUpcoming = (booking: ManagedBookingView) =>
  booking.status === 'booked' || booking.status === 'confirmed';

/** What happens between now and the work, in order, and the booking's calendar entry. */
function NextSteps({ booking }: { booking: ManagedBookingView }) {
  return (
    <section
      aria-labelledby="next-steps-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="next-steps-title" className="text-2xl font-extrabold">
        What happens next
      </h2>
      <ol className="mt-4 grid gap-3">
        {booking.nextSteps.map((step, index) => (
          <li key={step} className="flex gap-3">
            <span
              aria-hidden="true"
              className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-light font-heading text-sm font-bold text-ink ring-1 ring-brand-dark/30"
            >
              {index + 1}
            </span>
            <span className="pt-0.5 text-slate-800">{step}</span>
          </li>
        ))}
      </ol>
      {booking.calendarHref && (
        <a
          href={booking.calendarHref}
          download="booking.ics"
          className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-lg border border-ink px-5 py-3 font-semibold text-ink transition hover:bg-slate-50 sm:w-auto"
        >
          Add to calendar<span className="sr-only"> (downloads a calendar file)</span>
        </a>
      )}
    </section>
  );
}

/** What was just done: booked (the booking page's redirect), moved or cancelled here. */
function JustChanged({
  booking,
  booked,
  cancelled,
  moved,
}: Pick<ManagedBookingPanelProps, 'booking' | 'booked' | 'cancelled' | 'moved'>) {
  return (
    <>
      {booked && booking.status !== 'cancelled' && (
        <div role="status" className="flex gap-3 rounded-2xl border border-brand-dark/30 bg-brand-light p-5">
          <CheckIcon className="mt-0.5 size-7 shrink-0 text-brand-dark" />
          <div>
            <p className="font-heading text-xl font-bold text-ink">Booking confirmed</p>
            <p className="mt-1 text-slate-700">
              Your booking reference is{' '}
              <strong className="whitespace-nowrap text-ink">{booking.reference}</strong>. Please quote it if
              you call us.
            </p>
          </div>
        </div>
      )}
      {moved && booking.status !== 'cancelled' && (
        <div role="status" className="flex gap-3 rounded-2xl border border-brand-dark/30 bg-brand-light p-5">
          <CheckIcon className="mt-0.5 size-7 shrink-0 text-brand-dark" />
          <div>
            <p className="font-heading text-xl font-bold text-ink">Booking moved</p>
            <p className="mt-1 text-slate-700">
              It is now on {booking.date}, {booking.window}. We have e-mailed the new details with an updated
              calendar entry; this page has a new address, which that e-mail links to.
            </p>
          </div>
        </div>
      )}
      {cancelled && (
        <div role="status" className="rounded-2xl border border-slate-300 bg-slate-50 p-5">
          <p className="font-semibold text-ink">Your booking is cancelled. Thank you for letting us know.</p>
          <BookAgainLink />
        </div>
      )}
    </>
  );
}

/** Where to leave a review, once the job is done. */
function ReviewLink({ href }: { href: string }) {
  return (
    <section
      aria-labelledby="review-title"
      className="rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
    >
      <h2 id="review-title" className="text-xl font-bold">
        How did we do?
      </h2>
      <p className="mt-2 text-slate-700">
        A short review helps other drivers find us, and tells us what to keep doing.
      </p>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-4 inline-flex items-center font-semibold text-brand-dark underline underline-offset-2"
      >
        Leave a review<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </section>
  );
}

import { Link } from 'react-router';
import { useSiteSettings } from '#app/features/site-content/index.ts';
import { CheckIcon } from '#app/components/ui/icons.tsx';
import { CancelBooking } from './cancel-booking.tsx';
import type { ManageActionData, ManagedBookingView } from './managed-booking-types.ts';

type ManagedBookingPanelProps = {
  booking: ManagedBookingView;
  /** Just booked (the booking page's redirect). */
  booked: boolean;
  /** Just cancelled here. */
  cancelled: boolean;
  action: ManageActionData | undefined;
};

const statusClass: Record<ManagedBookingView['status'], string> = {
  booked: 'bg-brand-light text-ink ring-brand-dark/30',
  confirmed: 'bg-brand-light text-ink ring-brand-dark/30',
  completed: 'bg-slate-100 text-slate-800 ring-slate-300',
  'no-show': 'bg-slate-100 text-slate-800 ring-slate-300',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

/** The booking's details, what just happened to it, and how to cancel it. */
export function ManagedBookingPanel({ booking, booked, cancelled, action }: ManagedBookingPanelProps) {
  const site = useSiteSettings();
  const rows: [string, string, string?][] = [
    ['Service', booking.serviceTitle],
    ['Where', booking.locationName, booking.address ?? undefined],
    ['When', booking.date, booking.window],
    ...(booking.tyres
      ? [['Tyres', booking.tyres.what, booking.tyres.total] as [string, string, string]]
      : []),
    ['Name', booking.name],
    ['Registration', booking.registration],
    ['Vehicle', booking.vehicle],
    ...(booking.postcode ? [['Postcode', booking.postcode] as [string, string]] : []),
  ];
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6 sm:py-12">
      {booked && booking.status !== 'cancelled' && (
        <div role="status" className="flex gap-3 rounded-2xl border border-brand-dark/30 bg-brand-light p-5">
          <CheckIcon className="mt-0.5 size-7 shrink-0 text-brand-dark" />
          <div>
            <p className="font-heading text-xl font-bold text-ink">Booking confirmed</p>
            <p className="mt-1 text-slate-700">We have e-mailed the details and a calendar entry.</p>
          </div>
        </div>
      )}
      {cancelled && (
        <div role="status" className="rounded-2xl border border-slate-300 bg-slate-50 p-5">
          <p className="font-semibold text-ink">Your booking is cancelled. Thank you for letting us know.</p>
          <Link
            to="/book"
            className="mt-2 inline-block font-semibold text-brand-dark underline underline-offset-2"
          >
            Book another time
          </Link>
        </div>
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
      {booking.canCancel ? (
        <CancelBooking confirming={action?.outcome === 'confirm'} booking={booking} />
      ) : (
        booking.status !== 'cancelled' && (
          <p className="rounded-2xl border border-slate-200 bg-slate-50 p-5 text-slate-700">
            Online cancellation has closed for this booking. To cancel or change it, please call us on{' '}
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

import type { Booking } from '#common/bookings/booking.ts';
import { mobileLocation } from '#common/bookings/settings.ts';
import { driveThere, type DayRoute } from '#common/routing/day-route.ts';
import { useDayRoutes } from '#app/features/jobs/dashboard/index.ts';
import { BookingCard } from './booking-card.tsx';
import { formatWindow } from './booking-format.ts';
import { diaryOf } from './diary-groups.ts';
import { plural } from '#common/util/words.ts';

/** The fitters with mobile jobs to drive to among `bookings` (those their routes hold). */
const fittersOnTheRoad = (bookings: readonly Booking[]) => [
  ...new Set(
    bookings
      .filter(
        (booking) =>
          booking.location === mobileLocation &&
          (booking.status === 'booked' || booking.status === 'confirmed'),
      )
      .flatMap((booking) => (booking.fitter ? [booking.fitter.id] : [])),
  ),
];

/** The drive to a booking from its fitter's job before, when their route is read and knows it. */
const driveTo = (routes: Map<number, DayRoute>, booking: Booking) =>
  booking.fitter ? driveThere(routes.get(booking.fitter.id), booking.id) : null;

/**
 * A day's bookings, by location and by window in time order, each with its details and actions;
 * a fitter's mobile jobs with the drive from the one before.
 */
export function DiaryDay({
  date,
  today,
  bookings,
  hiddenCount,
  closed = null,
}: {
  date: string;
  /** London's date, for the bookings of the coming days that no fitter has yet. */
  today: string;
  bookings: Booking[];
  hiddenCount: number;
  /** Why nothing can be booked online that day ("Closed: Christmas Day"), if so. */
  closed?: string | null;
}) {
  const routes = useDayRoutes(date, fittersOnTheRoad(bookings));
  if (bookings.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        {closed && <p className="mb-1 font-semibold text-ink">{closed}</p>}
        <p>No bookings on this day</p>
        {hiddenCount > 0 && (
          <p className="mt-1 text-sm">
            {plural(hiddenCount, 'cancelled booking is', 'cancelled bookings are')} hidden.
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      {closed && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {closed}. Customers cannot book this day online; these bookings were made before it closed.
        </p>
      )}
      {diaryOf(bookings).map((location) => {
        const headingId = `diary-${date}-${location.location}`;
        const count = location.windows.reduce((sum, window) => sum + window.bookings.length, 0);
        return (
          <section key={location.location} aria-labelledby={headingId} className="grid min-w-0 gap-3">
            <h3 id={headingId} className="flex flex-wrap items-baseline gap-x-2 text-lg font-bold text-ink">
              {location.name}
              <span className="text-sm font-semibold text-slate-600">({plural(count, 'booking')})</span>
            </h3>
            {location.windows.map((window) => {
              const windowId = `${headingId}-${window.start}`;
              return (
                <section
                  key={window.start}
                  aria-labelledby={windowId}
                  className="grid min-w-0 gap-3 border-l-2 border-slate-200 pl-3 sm:pl-4"
                >
                  <h4
                    id={windowId}
                    className="flex items-baseline gap-2 font-mono text-base font-bold text-ink"
                  >
                    {formatWindow(window)}
                    <span className="font-sans text-sm font-semibold text-slate-600">
                      {plural(window.bookings.length, 'booking')}
                    </span>
                  </h4>
                  <div className="grid gap-3 lg:grid-cols-2">
                    {window.bookings.map((booking) => (
                      <BookingCard
                        key={booking.id}
                        booking={booking}
                        today={today}
                        drive={driveTo(routes, booking)}
                      />
                    ))}
                  </div>
                </section>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}

import { formatRegistration, type Booking } from '#common/bookings/booking.ts';
import { BookingStatusBadge } from './booking-card.tsx';
import {
  bookingStatusBorderClass,
  formatDiaryDate,
  formatShortDate,
  formatWindow,
} from './booking-format.ts';
import { bookingsByDate, diaryOf } from './diary-groups.ts';

type DiaryWeekProps = {
  dates: string[];
  bookings: Booking[];
  today: string;
  /** Opens the day view on `date`, where the bookings' details and actions are. */
  onOpenDay: (date: string) => void;
};

function WeekEntry({ booking }: { booking: Booking }) {
  const cancelled = booking.status === 'cancelled';
  return (
    <li
      className={`min-w-0 rounded-lg border border-l-4 border-slate-200 p-2 text-sm ${
        bookingStatusBorderClass[booking.status]
      } ${cancelled ? 'bg-slate-50 text-slate-500' : 'bg-white'}`}
    >
      <p className="flex flex-wrap items-center justify-between gap-1">
        <span className="font-mono text-xs font-bold text-ink">{formatWindow(booking)}</span>
        <BookingStatusBadge booking={booking} />
      </p>
      <p className={`mt-0.5 font-semibold break-words ${cancelled ? 'line-through' : 'text-ink'}`}>
        {booking.name}
      </p>
      <p className="text-xs break-words text-slate-600">
        <span className="font-mono font-semibold">{formatRegistration(booking.registration)}</span> ·{' '}
        {booking.serviceTitle}
      </p>
    </li>
  );
}

/** A week, Monday to Sunday: one column a day on wide screens, one under another on phones. */
export function DiaryWeek({ dates, bookings, today, onOpenDay }: DiaryWeekProps) {
  const byDate = bookingsByDate(bookings);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7">
      {dates.map((date) => {
        const headingId = `diary-week-${date}`;
        const day = byDate.get(date) ?? [];
        const isToday = date === today;
        return (
          <section
            key={date}
            aria-labelledby={headingId}
            className={`flex min-w-0 flex-col gap-2 rounded-xl border p-2.5 ${
              isToday ? 'border-brand bg-brand-light/40' : 'border-slate-200 bg-slate-50'
            }`}
          >
            <div className="flex items-center justify-between gap-1">
              <h3 id={headingId} className="text-sm font-bold text-ink">
                <span aria-hidden="true">{formatShortDate(date)}</span>
                <span className="sr-only">{formatDiaryDate(date)}</span>
                {isToday && (
                  <span className="ml-1.5 text-xs font-semibold text-brand-dark">
                    <span className="sr-only">, </span>Today
                  </span>
                )}
              </h3>
              <button
                type="button"
                onClick={() => onOpenDay(date)}
                className="min-h-8 rounded-md px-2 text-xs font-semibold text-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ink"
              >
                Open<span className="sr-only"> {formatDiaryDate(date)}</span>
              </button>
            </div>
            {day.length === 0 ? (
              <p className="py-2 text-xs text-slate-500">No bookings</p>
            ) : (
              diaryOf(day).map((location) => (
                <div key={location.location} className="grid gap-1.5">
                  <h4 className="text-xs font-bold tracking-wide text-slate-600 uppercase">
                    {location.name}
                  </h4>
                  <ul className="grid gap-1.5">
                    {location.windows.flatMap((window) =>
                      window.bookings.map((booking) => <WeekEntry key={booking.id} booking={booking} />),
                    )}
                  </ul>
                </div>
              ))
            )}
          </section>
        );
      })}
    </div>
  );
}

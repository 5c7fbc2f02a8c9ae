import type { Booking } from '#common/bookings/booking.ts';
import { WithoutFitterCount } from './booking-fitter.tsx';
import { formatDiaryDate, formatShortDate, needsFitter } from './booking-format.ts';
import { bookingsByDate, diaryOf } from './diary-groups.ts';
import { WeekEntry } from './week-entry.tsx';

type DiaryWeekProps = {
  dates: string[];
  bookings: Booking[];
  today: string;
  /** Why nothing can be booked online on a date ("Closed: Christmas Day"), or null. */
  closureOf?: (date: string) => string | null;
  /** Opens the day view on `date`, where the bookings' details and actions are. */
  onOpenDay: (date: string) => void;
};

/** A week, Monday to Sunday: one column a day on wide screens, one under another on phones. */
export function DiaryWeek({ dates, bookings, today, closureOf = () => null, onOpenDay }: DiaryWeekProps) {
  const byDate = bookingsByDate(bookings);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7">
      {dates.map((date) => {
        const headingId = `diary-week-${date}`;
        const day = byDate.get(date) ?? [];
        const isToday = date === today;
        const closed = closureOf(date);
        const withoutFitter = day.filter((booking) => needsFitter(booking, today)).length;
        return (
          <section
            key={date}
            aria-labelledby={headingId}
            className={`flex min-w-0 flex-col gap-2 rounded-xl border p-2.5 ${
              isToday
                ? 'border-brand bg-brand-light/40'
                : closed
                  ? 'border-dashed border-slate-300 bg-slate-100'
                  : 'border-slate-200 bg-slate-50'
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
                Day view<span className="sr-only"> of {formatDiaryDate(date)}</span>
              </button>
            </div>
            {closed && <p className="text-xs font-semibold text-slate-600">{closed}</p>}
            <WithoutFitterCount count={withoutFitter} variant="block" />
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
                      window.bookings.map((booking) => (
                        <WeekEntry key={booking.id} booking={booking} today={today} />
                      )),
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

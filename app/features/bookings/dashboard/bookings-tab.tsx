import { useSearchParams } from 'react-router';
import { londonDate } from '#common/time/london.ts';
import { isCalendarDate } from '#common/time/week.ts';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { needsFitter } from './booking-format.ts';
import { useBookings } from './booking-queries.ts';
import { DiaryDay } from './diary-day.tsx';
import { datesOf, diaryRange, stepDate, type DiaryView } from './diary-groups.ts';
import { DiaryToolbar } from './diary-toolbar.tsx';
import { DiaryWeek } from './diary-week.tsx';

/**
 * The day, the view and whether cancelled bookings show sit in the address
 * (`?view=week&date=2026-11-24&cancelled=1`), so a reload or a shared link opens the same page
 * of the diary. Today (London) and the day view when the address says nothing usable.
 */
function useDiaryPlace() {
  const [params, setParams] = useSearchParams();
  const today = londonDate(new Date());
  const asked = params.get('date') ?? '';
  const place = {
    view: (params.get('view') === 'week' ? 'week' : 'day') as DiaryView,
    date: isCalendarDate(asked) ? asked : today,
    showCancelled: params.get('cancelled') === '1',
  };
  const go = (next: Partial<typeof place>) => {
    const { view, date, showCancelled } = { ...place, ...next };
    const search = new URLSearchParams();
    if (view === 'week') search.set('view', view);
    if (date !== today) search.set('date', date);
    if (showCancelled) search.set('cancelled', '1');
    setParams(search, { replace: true, preventScrollReset: true });
  };
  return { ...place, today, go };
}

/** The Bookings section: the diary of online bookings by day or by week, and what staff do with them. */
export function BookingsTab() {
  const { view, date, showCancelled, today, go } = useDiaryPlace();
  const range = diaryRange(view, date);
  const bookings = useBookings(range.from, range.to);
  const all = bookings.data ?? [];
  const cancelledCount = all.filter((booking) => booking.status === 'cancelled').length;
  const shown = showCancelled ? all : all.filter((booking) => booking.status !== 'cancelled');
  const withoutFitter = all.filter((booking) => needsFitter(booking, today)).length;

  return (
    <section aria-labelledby="bookings-diary" className="grid min-w-0 gap-4">
      <h2 id="bookings-diary" className="text-xl font-bold text-ink">
        Bookings diary
      </h2>
      <DiaryToolbar
        view={view}
        date={date}
        onViewChange={(next) => go({ view: next })}
        onStep={(direction) => go({ date: stepDate(view, date, direction) })}
        onToday={() => go({ date: today })}
        showCancelled={showCancelled}
        cancelledCount={cancelledCount}
        onShowCancelledChange={(show) => go({ showCancelled: show })}
        withoutFitter={withoutFitter}
      />
      {bookings.isPending ? (
        <Spinner label="Loading bookings..." showLabel />
      ) : bookings.data === undefined ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
          <p className="font-semibold">Failed to load bookings</p>
          <p className="mt-1 text-sm">{messageOf(bookings.error)}</p>
          <button
            type="button"
            onClick={() => void bookings.refetch()}
            className="mt-3 min-h-10 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white"
          >
            Try again
          </button>
        </div>
      ) : (
        <>
          {bookings.isError && (
            <p
              role="alert"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              The diary could not be refreshed ({messageOf(bookings.error)}). It is tried again in a moment.
            </p>
          )}
          {view === 'day' ? (
            <DiaryDay
              date={date}
              today={today}
              bookings={shown}
              hiddenCount={showCancelled ? 0 : cancelledCount}
            />
          ) : (
            <DiaryWeek
              dates={datesOf(range)}
              bookings={shown}
              today={today}
              onOpenDay={(day) => go({ view: 'day', date: day })}
            />
          )}
        </>
      )}
    </section>
  );
}

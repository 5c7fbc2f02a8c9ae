import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Booking } from '#common/bookings/booking.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays, isCalendarDate } from '#common/time/week.ts';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { useDomainSettings } from '#app/features/settings/index.ts';
import { formatDiaryDate, needsFitter } from './booking-format.ts';
import { useBookings } from './booking-queries.ts';
import { dayClosure } from './diary-closures.ts';
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
    /** Whether the address names the day (else the diary opened on today of itself). */
    dated: isCalendarDate(asked),
  };
  const go = (next: Partial<Omit<typeof place, 'dated'>>) => {
    const { view, date, showCancelled } = { ...place, ...next };
    const search = new URLSearchParams();
    if (view === 'week') search.set('view', view);
    if (date !== today) search.set('date', date);
    if (showCancelled) search.set('cancelled', '1');
    setParams(search, { replace: true, preventScrollReset: true });
  };
  return { ...place, today, go };
}

/** How far ahead the diary looks for the next day with bookings when today has none. */
const lookAheadDays = 28;

const live = (bookings: readonly Booking[]) => bookings.filter((booking) => booking.status !== 'cancelled');

/**
 * Opened on today with nothing booked (the address naming no day), the diary moves once to the
 * next day with bookings within four weeks; the day it moved to, while shown.
 */
function useNextBookedDay(
  place: ReturnType<typeof useDiaryPlace>,
  todays: readonly Booking[] | undefined,
): string | null {
  const { view, date, dated, today, go } = place;
  // Decided once, as the diary opens: null while today's bookings, or those ahead, are read.
  const [decision, setDecision] = useState<{ movedTo: string | null } | null>(
    dated || view !== 'day' ? { movedTo: null } : null,
  );
  const looking = decision === null && todays !== undefined && live(todays).length === 0;
  const ahead = useBookings(addDays(today, 1), addDays(today, lookAheadDays), { enabled: looking });
  if (decision === null && todays !== undefined) {
    if (!looking) setDecision({ movedTo: null });
    else if (ahead.data || ahead.isError) setDecision({ movedTo: firstDate(live(ahead.data ?? [])) });
  }
  const moved = useRef(false);
  useEffect(() => {
    if (!decision?.movedTo || moved.current) return;
    moved.current = true;
    go({ date: decision.movedTo });
  }, [decision, go]);
  return decision?.movedTo === date && view === 'day' ? decision.movedTo : null;
}

/** The first day of `bookings`, or null when there are none. */
const firstDate = (bookings: readonly Booking[]) =>
  bookings.reduce<string | null>((first, { date }) => (first === null || date < first ? date : first), null);

/** The Bookings section: the diary of online bookings by day or by week, and what staff do with them. */
export function BookingsTab() {
  const place = useDiaryPlace();
  const { view, date, showCancelled, today, go } = place;
  const range = diaryRange(view, date);
  const bookings = useBookings(range.from, range.to);
  const movedTo = useNextBookedDay(place, date === today ? bookings.data : undefined);
  const booking = useDomainSettings('booking');
  const closureOf = (day: string) => (booking.data ? dayClosure(booking.data.settings, day) : null);
  const all = bookings.data ?? [];
  const cancelledCount = all.filter((entry) => entry.status === 'cancelled').length;
  const shown = showCancelled ? all : live(all);
  const withoutFitter = all.filter((entry) => needsFitter(entry, today)).length;

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
          {movedTo && (
            <p
              role="status"
              className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700"
            >
              Nothing is booked for today: this is {formatDiaryDate(movedTo)}, the next day with bookings.
            </p>
          )}
          {view === 'day' ? (
            <DiaryDay
              date={date}
              today={today}
              bookings={shown}
              hiddenCount={showCancelled ? 0 : cancelledCount}
              closed={closureOf(date)}
            />
          ) : (
            <DiaryWeek
              dates={datesOf(range)}
              bookings={shown}
              today={today}
              closureOf={closureOf}
              onOpenDay={(day) => go({ view: 'day', date: day })}
            />
          )}
        </>
      )}
    </section>
  );
}

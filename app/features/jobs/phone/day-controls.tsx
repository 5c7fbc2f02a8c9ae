import { dayText } from '#common/bookings/booking.ts';
import { addDays } from '#common/time/week.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon } from '#app/components/ui/icons.tsx';
import { messageOf } from '#app/lib/api.ts';
import type { PhoneStore } from './phone-store.ts';
import { useNextJobDay } from './use-phone-jobs.ts';

type DayControlsProps = {
  userId: number;
  store: PhoneStore;
  date: string;
  today: string;
  go: (date: string) => void;
};

/**
 * The day shown, the days either side, back to today, and on to the next day with a job of the
 * fitter's (or word that there is none, from the phone's kept days without signal).
 */
export function DayControls({ userId, store, date, today, go }: DayControlsProps) {
  const next = useNextJobDay(userId, store);
  const move = (to: string) => {
    next.reset();
    go(to);
  };
  const findNext = () =>
    next.mutate(date, {
      onSuccess: (found) => {
        if (found.date) move(found.date);
      },
    });
  const none = next.data && !next.data.date;
  return (
    <div className="grid gap-2">
      <nav aria-label="Day" className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          size="large"
          className="px-4"
          onClick={() => move(addDays(date, -1))}
        >
          <ChevronLeftIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">The day before</span>
        </Button>
        <div className="text-center" aria-live="polite">
          <h2 className="font-heading text-xl font-bold text-ink">{dayText(date)}</h2>
          {date === today && <p className="text-sm font-semibold text-brand-dark">Today</p>}
        </div>
        <Button
          type="button"
          variant="outline"
          size="large"
          className="px-4"
          onClick={() => move(addDays(date, 1))}
        >
          <ChevronRightIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">The day after</span>
        </Button>
      </nav>
      <div className="grid grid-cols-2 gap-2">
        <Button
          type="button"
          variant="outline"
          size="large"
          disabled={date === today}
          onClick={() => move(today)}
        >
          Today
        </Button>
        <Button type="button" variant="dark" size="large" disabled={next.isPending} onClick={findNext}>
          {next.isPending ? 'Looking…' : 'Next job'}
          <ArrowRightIcon className="size-5" aria-hidden="true" />
        </Button>
      </div>
      <p role="status" className="text-center text-sm text-slate-700 empty:hidden">
        {none &&
          (next.data.fromPhone
            ? `No later day with a job is kept on this phone. Without signal only the days opened before are here.`
            : `No jobs booked for you after ${dayText(date)}.`)}
        {next.isError && `The next job could not be found: ${messageOf(next.error)}`}
      </p>
    </div>
  );
}

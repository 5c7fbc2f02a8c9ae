import { useId } from 'react';
import { addDays, isCalendarDate } from '#common/time/week.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '#app/components/ui/icons.tsx';
import { formatJobDate } from './jobs-format.ts';

type DateStepperProps = {
  /** Names the controls for screen readers ("Jobs day", "Takings day"). */
  label: string;
  date: string;
  today: string;
  onDateChange: (date: string) => void;
};

/** The day shown (announced when it changes), a date field, the days either side and today. */
export function DateStepper({ label, date, today, onDateChange }: DateStepperProps) {
  const id = useId();
  return (
    <div role="group" aria-label={label} className="grid gap-3">
      <p aria-live="polite" className="font-heading text-lg font-bold text-ink">
        {formatJobDate(date)}
        {date === today && <span className="ml-2 text-sm font-semibold text-brand-dark">Today</span>}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" onClick={() => onDateChange(addDays(date, -1))}>
          <ChevronLeftIcon className="size-4" />
          <span className="sr-only sm:not-sr-only">Previous</span>
          <span className="sr-only"> day</span>
        </Button>
        <label className="sr-only" htmlFor={id}>
          Date
        </label>
        <input
          id={id}
          type="date"
          value={date}
          required
          onChange={(event) => {
            if (isCalendarDate(event.target.value)) onDateChange(event.target.value);
          }}
          className="min-h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-ink shadow-sm focus:border-brand-dark focus:ring-2 focus:ring-brand/40 focus:outline-none"
        />
        <Button type="button" variant="outline" onClick={() => onDateChange(addDays(date, 1))}>
          <span className="sr-only sm:not-sr-only">Next</span>
          <span className="sr-only"> day</span>
          <ChevronRightIcon className="size-4" />
        </Button>
        <Button type="button" variant="outline" disabled={date === today} onClick={() => onDateChange(today)}>
          Today
        </Button>
      </div>
    </div>
  );
}

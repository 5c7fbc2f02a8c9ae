import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { dayAndMonthText, placesText, windowText } from './booking-format.ts';
import { ChoiceCard } from './choice-card.tsx';
import { DayCalendar } from './day-calendar.tsx';
import { legendClass, primaryButtonClass } from './step-form.tsx';
import type { MoveFormProps } from './managed-booking-types.ts';

/**
 * Changing the time: a day, then one of its free times, sent as a plain form. With scripts a
 * day's times show as it is chosen; without, a day chosen with no time, or a time of the day
 * shown before, comes back with the chosen day's times (the page's action).
 */
export function MoveForm({ booking, choice, refusal }: MoveFormProps) {
  const shownDate = refusal?.date ?? choice.date;
  const [date, setDate] = useState(shownDate);
  const busy = useNavigation().state !== 'idle';
  const day = choice.days.find((entry) => entry.date === date);
  return (
    <section
      aria-labelledby="move-title"
      className="rounded-2xl border-2 border-brand-dark/40 bg-white p-5 sm:p-6"
    >
      <h2 id="move-title" tabIndex={-1} className="text-xl font-bold focus:outline-none">
        Change the time
      </h2>
      <p className="mt-2 text-slate-700">
        Now: {booking.date}, {booking.window}. Choose a new day and time; we e-mail you the new details and an
        updated calendar entry.
      </p>
      {refusal?.error && (
        <p
          id="move-error"
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-red-800"
        >
          {refusal.error}
        </p>
      )}
      {choice.days.length === 0 ? (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          There are no other free times in the next {choice.horizonDays} days. Please call us and we will find
          one.
        </p>
      ) : (
        <Form method="post" noValidate className="mt-6 grid gap-6">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="timesFor" value={date} />
          <fieldset>
            <legend className={legendClass}>Choose a day</legend>
            <div className="mt-3">
              <DayCalendar
                days={choice.days.map((entry) => entry.date)}
                selected={date}
                onSelect={setDate}
                firstId="move-date"
              />
            </div>
          </fieldset>
          <fieldset>
            <legend className={legendClass}>
              {day ? `Choose a time on ${dayAndMonthText(day.date)}` : 'Choose a time'}
            </legend>
            {day ? (
              <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {day.windows.map((window) => (
                  <ChoiceCard
                    key={`${day.date} ${window.start}`}
                    name="start"
                    value={window.start}
                    title={windowText(window)}
                    detail={placesText(window.free)}
                  />
                ))}
              </div>
            ) : (
              <p className="mt-2 text-slate-600">Choose a day to see its free times.</p>
            )}
          </fieldset>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              {day ? 'Move my booking' : 'Show free times'}
            </button>
            <Link to="." className="text-center font-semibold text-ink underline underline-offset-2">
              Keep my time
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}

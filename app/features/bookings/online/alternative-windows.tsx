import { Link } from 'react-router';
import { useFocusWhenShown } from '#app/lib/use-focus-when-shown.ts';
import { dayText } from '#common/bookings/words.ts';
import { placesText, windowText } from './booking-format.ts';
import { stepHref, type BookingChoices, type OfferedSlot } from './booking-types.ts';
import { ChoiceCard, GroupError } from './choice-card.tsx';
import { legendClass } from './step-form.tsx';

/** The radio group of the windows offered instead: `2026-11-24 10:00` (date and start). */
export const slotField = 'slot';

type AlternativeWindowsProps = {
  message: string;
  nextFree: readonly OfferedSlot[];
  choices: BookingChoices;
  error: string | undefined;
};

/**
 * The chosen window went while the customer filled in the form: the message (focused, so it is
 * read out first) and the next free windows to choose from, so that one more press of Confirm
 * books one with everything else kept.
 */
export function AlternativeWindows({ message, nextFree, choices, error }: AlternativeWindowsProps) {
  const alert = useFocusWhenShown<HTMLParagraphElement>();
  return (
    <div className="grid gap-4 rounded-2xl border-2 border-amber-400 bg-amber-50 p-4 sm:p-5">
      <p
        ref={alert}
        role="alert"
        tabIndex={-1}
        autoFocus
        className="font-semibold text-amber-950 focus:outline-none"
      >
        {message}
      </p>
      {nextFree.length > 0 ? (
        <fieldset aria-describedby={error ? 'book-slot-error' : undefined}>
          <legend className={legendClass}>The next free times</legend>
          <GroupError id="book-slot-error" message={error} />
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
            {nextFree.map((window, index) => {
              const value = `${window.date} ${window.start}`;
              return (
                <ChoiceCard
                  key={value}
                  id={index === 0 ? 'book-slot' : undefined}
                  name={slotField}
                  value={value}
                  title={dayText(window.date)}
                  detail={[windowText(window), placesText(window.placesLeft)].filter(Boolean).join(', ')}
                  describedBy={error ? 'book-slot-error' : undefined}
                />
              );
            })}
          </div>
        </fieldset>
      ) : (
        <p className="text-amber-950">There are no other free times soon.</p>
      )}
      <p className="text-sm text-amber-950">
        Or{' '}
        <Link
          to={stepHref('when', { ...choices, start: '' })}
          className="font-semibold underline underline-offset-2"
        >
          choose another day
        </Link>
        .
      </p>
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { MoveFormProps } from './managed-booking-types.ts';

/**
 * The form's code (the calendar and the times, which the booking page's later steps use too) is
 * fetched once the customer asks to change the time: imported here it would be shared by two
 * public pages, and so loaded by every page of the site (scripts/public-page-chunks.ts). The
 * server renders it in place all the same (the document is sent once complete).
 */
const MoveForm = lazy(async () => ({ default: (await import('./move-form.tsx')).MoveForm }));

const linkButtonClass =
  'inline-flex w-full items-center justify-center rounded-lg border border-ink px-5 py-3 font-semibold text-ink transition hover:bg-slate-50 sm:w-auto';

type MoveBookingProps = Omit<MoveFormProps, 'choice'> & {
  /** The free times, once asked for (`?move=1`); null before. */
  choice: MoveFormProps['choice'] | null;
};

/**
 * Moving the booking to another free time, kept with its service, place and tyres. A link asks
 * for the free times (so that it works without scripts); then a day and one of its times, sent
 * as a plain form. With scripts a day's times show as it is chosen; without, a day chosen with
 * no time, or a time of the day shown before, comes back with the chosen day's times.
 */
export function MoveBooking({ booking, choice, refusal }: MoveBookingProps) {
  if (!choice) {
    return (
      <section
        aria-labelledby="move-title"
        className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      >
        <h2 id="move-title" className="text-xl font-bold">
          Need a different time?
        </h2>
        <p className="mt-2 text-slate-700">
          Move your booking to another free time, with the same service, place and tyres.
        </p>
        <Link to="?move=1#move-title" className={`mt-4 ${linkButtonClass}`}>
          Change the time
        </Link>
      </section>
    );
  }
  return (
    <Suspense fallback={null}>
      <MoveForm booking={booking} choice={choice} refusal={refusal} />
    </Suspense>
  );
}

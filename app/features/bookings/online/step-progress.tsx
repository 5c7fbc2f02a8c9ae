import { CheckIcon } from '#app/components/ui/icons.tsx';
import { bookingSteps, type BookingStep } from './booking-types.ts';

export const stepHeadingId = 'book-step-title';

/**
 * Where the customer is in the booking: the three steps, the current one marked for assistive
 * technology, and the current step's heading (focused when a step follows another in the page,
 * so that it is read out).
 */
export function StepProgress({ step }: { step: BookingStep }) {
  const current = bookingSteps.findIndex((entry) => entry.key === step);
  return (
    <div>
      <ol className="grid grid-cols-3 gap-2" aria-label="Booking steps">
        {bookingSteps.map((entry, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'next';
          return (
            <li
              key={entry.key}
              aria-current={state === 'current' ? 'step' : undefined}
              className="flex flex-col gap-2 text-xs font-semibold sm:text-sm"
            >
              <span
                className={`h-1.5 rounded-full ${state === 'next' ? 'bg-slate-200' : 'bg-brand'}`}
                aria-hidden="true"
              />
              <span
                className={`flex items-center gap-1.5 ${state === 'next' ? 'text-slate-500' : 'text-ink'}`}
              >
                {state === 'done' ? (
                  <CheckIcon className="size-4 shrink-0 text-brand-dark" aria-hidden="true" />
                ) : (
                  <span
                    aria-hidden="true"
                    className={`grid size-5 shrink-0 place-items-center rounded-full text-[0.7rem] ${
                      state === 'current' ? 'bg-ink text-white' : 'bg-slate-200 text-slate-600'
                    }`}
                  >
                    {index + 1}
                  </span>
                )}
                {entry.title}
                {state === 'done' && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <h2
        id={stepHeadingId}
        tabIndex={-1}
        className="mt-8 scroll-mt-24 text-2xl font-extrabold focus:outline-none sm:text-3xl"
      >
        <span className="block text-sm font-semibold uppercase tracking-widest text-brand-dark">
          Step {current + 1} of {bookingSteps.length}
        </span>
        {bookingSteps[current]?.title}
      </h2>
    </div>
  );
}

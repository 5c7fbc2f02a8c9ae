import { useFocusWhenShown } from '#app/lib/use-focus-when-shown.ts';
import { AlertIcon } from '#app/components/ui/icons.tsx';

export const errorSummaryId = 'book-error-summary';

export type SummaryError = {
  message: string;
  /** The id of the control (or group) to correct. */ target: string;
};

/**
 * What to correct, at the top of a step, each message a link to its field. Focused as it
 * appears (also without scripts, by `autofocus`), so that it is read out first; the caller gives
 * it a new `key` after each failed attempt.
 */
export function BookingErrorSummary({ errors }: { errors: readonly SummaryError[] }) {
  if (errors.length === 0) return null;
  return <ErrorList errors={errors} />;
}

function ErrorList({ errors }: { errors: readonly SummaryError[] }) {
  const summary = useFocusWhenShown<HTMLDivElement>();
  return (
    <div
      ref={summary}
      id={errorSummaryId}
      tabIndex={-1}
      autoFocus
      role="group"
      aria-labelledby={`${errorSummaryId}-title`}
      className="mb-6 rounded-2xl border-2 border-red-700 bg-red-50 p-4 focus:outline-none focus-visible:ring-4 focus-visible:ring-red-300 sm:p-5"
    >
      <h3 id={`${errorSummaryId}-title`} className="flex items-center gap-2 text-lg font-bold text-red-800">
        <AlertIcon className="size-5 shrink-0" aria-hidden="true" />
        There is a problem
      </h3>
      <ul className="mt-2 grid gap-1.5 text-sm">
        {errors.map((error) => (
          <li key={error.target}>
            <a
              href={`#${error.target}`}
              className="font-semibold break-words text-red-800 underline underline-offset-2 hover:text-red-950"
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

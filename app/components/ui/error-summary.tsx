import type { MouseEvent } from 'react';
import { useFocusWhenShown } from '#app/lib/use-focus-when-shown.ts';
import { AlertIcon } from './icons.tsx';

export type SummaryError = {
  message: string;
  /** The id of the control (or group) to correct. */ target: string;
};

type ErrorSummaryProps = {
  /** The summary's own id (its title's is `{id}-title`). */
  id: string;
  errors: readonly SummaryError[];
  /** The heading's level where the summary sits. */
  heading?: 'h2' | 'h3' | 'h4';
  /**
   * Takes the person to an error's field when the link alone cannot (a field in a part of the
   * form not shown); without it the link is a plain `#id` link, which works without scripts.
   */
  onSelect?: (error: SummaryError) => void;
  /** Room around it where it sits (`mb-6`). */
  className?: string;
};

/**
 * What to correct, at the top of a form or step, each message a link to its field. Focused as it
 * appears (also without scripts, by `autofocus`), so that it is read out first; the caller gives
 * it a new `key` after each refused attempt.
 */
export function ErrorSummary({ errors, ...props }: ErrorSummaryProps) {
  if (errors.length === 0) return null;
  return <ErrorList errors={errors} {...props} />;
}

function ErrorList({ id, errors, heading: Heading = 'h3', onSelect, className = '' }: ErrorSummaryProps) {
  const summary = useFocusWhenShown<HTMLDivElement>();
  const select = (event: MouseEvent<HTMLAnchorElement>, error: SummaryError) => {
    if (!onSelect) return;
    event.preventDefault();
    onSelect(error);
  };
  return (
    <div
      ref={summary}
      id={id}
      tabIndex={-1}
      autoFocus
      role="group"
      aria-labelledby={`${id}-title`}
      className={`rounded-2xl border-2 border-red-700 bg-red-50 p-4 focus:outline-none focus-visible:ring-4 focus-visible:ring-red-300 sm:p-5 ${className}`}
    >
      <Heading id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold text-red-800">
        <AlertIcon className="size-5 shrink-0" aria-hidden="true" />
        There is a problem
      </Heading>
      <ul className="mt-2 grid gap-1.5 text-sm">
        {errors.map((error) => (
          <li key={error.target}>
            <a
              href={`#${error.target}`}
              onClick={(event) => select(event, error)}
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

import { ErrorSummary, type SummaryError } from '#app/components/ui/error-summary.tsx';

export type { SummaryError };

export const errorSummaryId = 'book-error-summary';

/** What to correct at the top of a booking step (the form's error summary, as every form has it). */
export function BookingErrorSummary({ errors }: { errors: readonly SummaryError[] }) {
  return <ErrorSummary id={errorSummaryId} errors={errors} className="mb-6" />;
}

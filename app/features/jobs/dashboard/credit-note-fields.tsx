import { jobLimits } from '#common/jobs/jobs.ts';
import { formatPence } from '#common/util/money.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { ApiError, messageOf } from '#app/lib/api.ts';

export type CreditNoteDraft = { reason: string; amount: string };

type CreditNoteFieldsProps = {
  id: string;
  draft: CreditNoteDraft;
  /** The browser's own checks, shown once the owner has tried to issue it. */
  problems: Partial<Record<keyof CreditNoteDraft, string>>;
  /** The server's refusal, if any: under the field it names, else below both. */
  refusal: unknown;
  total: number;
  left: number | undefined;
  onChange: (draft: CreditNoteDraft) => void;
};

/** The credit note's reason and amount in pounds. */
export function CreditNoteFields({
  id,
  draft,
  problems,
  refusal,
  total,
  left,
  onChange,
}: CreditNoteFieldsProps) {
  const fieldErrors = refusal instanceof ApiError ? refusal.fieldErrors : undefined;
  const reasonError = problems.reason ?? fieldErrors?.reason?.[0];
  const amountError = problems.amount ?? fieldErrors?.amount?.[0];
  const otherRefusal = refusal != null && !fieldErrors?.reason?.[0] && !fieldErrors?.amount?.[0];
  return (
    <div className="mt-4 grid gap-4">
      <FormField
        id={`${id}-reason`}
        label="Reason"
        required
        hint="Printed on the credit note."
        error={reasonError}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={draft.reason}
            maxLength={jobLimits.reason}
            onChange={(event) => onChange({ ...draft, reason: event.target.value })}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-amount`}
        label="Amount (£)"
        hint={
          left === undefined || left === total
            ? `Leave empty to credit what is left of the invoice (${formatPence(total)} in all).`
            : `Leave empty to credit the ${formatPence(left)} left of the invoice’s ${formatPence(total)}.`
        }
        error={amountError}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={draft.amount}
            onChange={(event) => onChange({ ...draft, amount: event.target.value })}
            className={`${control.className} max-w-40`}
          />
        )}
      </FormField>
      {otherRefusal && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {messageOf(refusal)}
        </p>
      )}
    </div>
  );
}

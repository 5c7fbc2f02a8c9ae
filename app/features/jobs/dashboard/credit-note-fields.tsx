import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { jobLimits } from '#common/jobs/jobs.ts';
import { formatPence } from '#common/util/money.ts';
import { FormError } from '#app/components/ui/field-error.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';

export type CreditNoteDraft = { reason: string; amount: string };

type CreditNoteFieldsProps = {
  id: string;
  register: UseFormRegister<CreditNoteDraft>;
  /** The form's messages: under the field they name, else (the server's refusal) below both. */
  errors: FieldErrors<CreditNoteDraft>;
  total: number;
  left: number | undefined;
};

/** The credit note's reason and amount in pounds. */
export function CreditNoteFields({ id, register, errors, total, left }: CreditNoteFieldsProps) {
  return (
    <div className="mt-4 grid gap-4">
      <FormField
        id={`${id}-reason`}
        label="Reason"
        required
        hint="Printed on the credit note."
        error={errors.reason?.message}
      >
        {(control) => <textarea {...control} rows={3} maxLength={jobLimits.reason} {...register('reason')} />}
      </FormField>
      <FormField
        id={`${id}-amount`}
        label="Amount (£)"
        hint={
          left === undefined || left === total
            ? `Leave empty to credit what is left of the invoice (${formatPence(total)} in all).`
            : `Leave empty to credit the ${formatPence(left)} left of the invoice’s ${formatPence(total)}.`
        }
        error={errors.amount?.message}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            {...register('amount')}
            className={`${control.className} max-w-40`}
          />
        )}
      </FormField>
      <FormError errors={errors} />
    </div>
  );
}

import { useState } from 'react';
import { paymentMethodLabels, paymentMethods, type PaymentMethod } from '#common/jobs/invoice.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { formatPence, parsePounds, poundsText } from '#common/util/money.ts';
import { Button } from '#app/components/ui/button.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import type { AddAction } from './job-actions.tsx';

/**
 * A payment taken at the kerb: how much (all that is due, unless the customer pays in part) and
 * how (the business's own card terminal, cash, bank transfer, or on account for fleets).
 */
export function PaymentForm({ job, add, onDone }: { job: Job; add: AddAction; onDone: () => void }) {
  const due = job.total - job.paid;
  const [amount, setAmount] = useState(poundsText(due));
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [error, setError] = useState<string | null>(null);
  const id = `amount-${job.id}`;
  return (
    <form
      noValidate
      className="grid gap-3 rounded-xl bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        const pence = parsePounds(amount);
        if (pence === null || pence < 1) return setError('Enter the amount taken, for example 25.00');
        if (pence > due) return setError(`That is more than the ${formatPence(due)} still due.`);
        setError(null);
        void add(
          job,
          `Payment of ${formatPence(pence)} by ${paymentMethodLabels[method].toLowerCase()}`,
          (key) => ({
            kind: 'payment',
            body: { method, amount: pence, idempotencyKey: key },
          }),
        ).then(onDone);
      }}
    >
      <p className="text-base text-ink">
        <span className="font-semibold">{formatPence(due)}</span> still due
        {job.paid > 0 && ` (${formatPence(job.paid)} paid of ${formatPence(job.total)})`}
      </p>
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          Amount taken (£)
        </label>
        <input
          id={id}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          className={fieldClass}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">How</legend>
        {paymentMethods.map((choice) => (
          <label
            key={choice}
            className={`flex min-h-12 items-center justify-center rounded-lg border text-base font-semibold ${
              method === choice ? 'border-ink bg-ink text-white' : 'border-slate-300 bg-white text-ink'
            }`}
          >
            <input
              type="radio"
              name={`method-${job.id}`}
              value={choice}
              checked={method === choice}
              onChange={() => setMethod(choice)}
              className="sr-only"
            />
            {paymentMethodLabels[choice]}
          </label>
        ))}
      </fieldset>
      <Button type="submit" size="large">
        Record the payment
      </Button>
    </form>
  );
}

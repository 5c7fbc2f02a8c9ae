import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { paymentMethodLabels, takenMethods, type TakenMethod } from '#common/jobs/invoice.ts';
import { jobPaymentSchema, type Job } from '#common/jobs/jobs.ts';
import { formatPence, parsePounds, poundsText } from '#common/util/money.ts';
import { Button } from '#app/components/ui/button.tsx';
import { errorAttributes, FieldError } from '#app/components/ui/field-error.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import type { AddAction } from './add-action.ts';

type PaymentValues = { amount: string; method: TakenMethod };

/** The payment's body but its key (added when it is queued): the amount typed in pounds, up to what is due. */
function paymentSchema(due: number) {
  return z.object({
    method: jobPaymentSchema.shape.method,
    amount: z.pipe(
      z.transform((typed: unknown) => (typeof typed === 'string' ? (parsePounds(typed) ?? 0) : 0)),
      z
        .number()
        .check(
          z.minimum(1, 'Enter the amount taken, for example 25.00'),
          z.maximum(due, `That is more than the ${formatPence(due)} still due.`),
        ),
    ),
  });
}

type Payment = z.output<ReturnType<typeof paymentSchema>>;

/**
 * A payment taken at the kerb: how much (all that is due, unless the customer pays in part) and
 * how (the business's own card terminal, cash, bank transfer, or on account for fleets). A payment
 * online is recorded by Stripe's word of it, never by hand.
 */
export function PaymentForm({ job, add, onDone }: { job: Job; add: AddAction; onDone: () => void }) {
  const due = job.total - job.paid;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<PaymentValues, unknown, Payment>({
    resolver: schemaResolver<PaymentValues, Payment>(paymentSchema(due)),
    defaultValues: { amount: poundsText(due), method: 'card' },
  });
  const method = useWatch({ control, name: 'method' });
  const id = `amount-${job.id}`;
  const submit = handleSubmit(({ amount, method: how }) => {
    void add(
      job,
      `Payment of ${formatPence(amount)} by ${paymentMethodLabels[how].toLowerCase()}`,
      (key) => ({
        kind: 'payment',
        body: { method: how, amount, idempotencyKey: key },
      }),
    ).then(onDone);
  });
  return (
    <form
      noValidate
      className="grid gap-3 rounded-xl bg-slate-50 p-3"
      onSubmit={(event) => void submit(event)}
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
          {...register('amount')}
          {...errorAttributes(id, errors.amount?.message)}
          className={fieldClass}
        />
        <FieldError fieldId={id} message={errors.amount?.message} />
      </div>
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">How</legend>
        {takenMethods.map((choice) => (
          <label
            key={choice}
            className={`flex min-h-12 items-center justify-center rounded-lg border text-base font-semibold ${
              method === choice ? 'border-ink bg-ink text-white' : 'border-slate-300 bg-white text-ink'
            }`}
          >
            <input type="radio" value={choice} {...register('method')} className="sr-only" />
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

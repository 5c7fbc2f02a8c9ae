import { memo } from 'react';
import { branchServices, branchServiceTitles, isBranchService } from '#common/bookings/branch-services.ts';
import {
  depositKindLabels,
  depositKinds,
  holdMinutesLimits,
  smallestCardPaymentPence,
  type PaymentSettings,
} from '#common/payments/settings.ts';
import type { ServiceContent } from '#common/site-content/site-content.ts';
import { formatPence, parsePounds } from '#common/util/money.ts';
import { NumberField } from '#app/components/editor/fields.tsx';
import { PoundsField } from '#app/components/editor/pounds-field.tsx';
import { fieldId } from '#app/components/editor/draft.ts';
import { useEditor, useFieldError } from '#app/components/editor/editor-context.ts';
import { CheckIcon } from '#app/components/ui/icons.tsx';

const kindPath = ['payments', 'deposit', 'kind'] as const;
const fixedPath = ['payments', 'deposit', 'fixedPence'] as const;
const percentPath = ['payments', 'deposit', 'percent'] as const;
const servicesPath = ['payments', 'deposit', 'services'] as const;

/** The largest fixed deposit the rules allow (£1,000), in pence. */
const largestFixedPence = 100_000;

/** A service a deposit may be taken for: its key, as a booking stores it, and its title. */
export type DepositService = { key: string; title: string };

/**
 * The services customers can book, as the booking page offers them: the site's visible services,
 * then a branch's MOT testing and servicing; and any the settings name that are gone since, so
 * that they can be unticked.
 */
export function depositServicesOf(
  services: readonly Pick<ServiceContent, 'slug' | 'title' | 'visible'>[],
  chosen: readonly string[],
): DepositService[] {
  const offered: DepositService[] = [
    ...services
      .filter((service) => service.visible && !isBranchService(service.slug))
      .map((service) => ({ key: service.slug, title: service.title })),
    ...branchServices.map((key) => ({ key, title: branchServiceTitles[key] })),
  ];
  const gone = chosen
    .filter((key) => !offered.some((service) => service.key === key))
    .map((key) => ({ key, title: `${key} (no longer offered)` }));
  return [...offered, ...gone];
}

/** No deposit, a fixed amount or a percentage: one choice of three, as large radio buttons. */
function DepositKindField({ kind }: { kind: PaymentSettings['deposit']['kind'] }) {
  const { dispatch, labelOf } = useEditor();
  const error = useFieldError(kindPath);
  const id = fieldId(kindPath);
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold text-ink">{labelOf(kindPath)}</legend>
      <div className="grid gap-2 lg:grid-cols-3">
        {depositKinds.map((choice) => (
          <label
            key={choice}
            className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm font-semibold transition-colors ${
              kind === choice
                ? 'border-brand-dark bg-brand-light text-ink'
                : 'border-slate-300 bg-white text-ink hover:border-slate-400'
            }`}
          >
            <input
              type="radio"
              name={id}
              value={choice}
              checked={kind === choice}
              onChange={() => dispatch({ type: 'set', path: kindPath, value: choice })}
              className="size-5 shrink-0 accent-brand-dark"
            />
            {depositKindLabels[choice]}
          </label>
        ))}
      </div>
      <ChoicesError id={id} error={error} />
    </fieldset>
  );
}

/** What is wrong with a fixed deposit typed in pounds, in pounds: the rules speak of pence. */
function fixedAmountMessage(text: string, pence: number): string {
  if (parsePounds(text) === null) return 'Enter the deposit in pounds, for example 50 or 49.99';
  if (pence < smallestCardPaymentPence) {
    return `At least ${formatPence(smallestCardPaymentPence)}: a smaller card payment is not possible`;
  }
  return `At most ${formatPence(largestFixedPence)}`;
}

/** The fixed deposit, typed in pounds and kept in pence. */
function FixedAmountField({ pence }: { pence: number }) {
  return (
    <PoundsField
      path={fixedPath}
      pence={pence}
      hint="Never more than the booking’s own price."
      message={fixedAmountMessage}
    />
  );
}

/** The services a deposit is taken for, as ticks; none ticked is every service. */
function DepositServicesField({
  chosen,
  services,
}: {
  chosen: readonly string[];
  services: readonly DepositService[];
}) {
  const { dispatch, labelOf } = useEditor();
  const error = useFieldError(servicesPath);
  const id = fieldId(servicesPath);
  const toggle = (key: string, ticked: boolean) =>
    dispatch({
      type: 'set',
      path: servicesPath,
      value: ticked ? [...chosen, key] : chosen.filter((entry) => entry !== key),
    });
  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} className="grid gap-1">
      <legend className="text-sm font-semibold text-ink">{labelOf(servicesPath)}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {chosen.length === 0
          ? 'None ticked: a deposit is taken for every service.'
          : 'A deposit is taken for the services ticked only.'}
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {services.map((service) => (
          <label key={service.key} className="flex min-h-11 items-center gap-3 text-sm text-ink">
            <input
              type="checkbox"
              checked={chosen.includes(service.key)}
              onChange={(event) => toggle(service.key, event.target.checked)}
              className="size-5 shrink-0 accent-brand-dark"
            />
            {service.title}
          </label>
        ))}
      </div>
      <ChoicesError id={id} error={error} />
    </fieldset>
  );
}

/** Whether card payments online are set up, from GET /api/payments/status. */
export function PaymentsConfigured({ configured }: { configured: boolean | undefined }) {
  if (configured === undefined) return null;
  return configured ? (
    <p
      role="status"
      className="flex items-center gap-2 rounded-lg bg-brand-light p-3 text-sm font-semibold text-ink"
    >
      <CheckIcon className="size-5 shrink-0 text-brand-dark" />
      Card payments are set up (Stripe).
    </p>
  ) : (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <span className="font-semibold">Card payments are not set up: customers pay on the day.</span> Set
      STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (see the operations guide).
    </p>
  );
}

/**
 * The deposit customers pay online when they book (none, a fixed amount or a percentage, for
 * every service or some), when a cancelled booking's deposit is refunded by itself, and how long
 * an unpaid booking holds its window. A field of another kind of deposit shows only while it
 * needs correcting, so that nothing hidden stops a save.
 */
export const PaymentsSection = memo(function PaymentsSection({
  payments: shown,
  services,
}: {
  payments: PaymentSettings;
  services: readonly DepositService[];
}) {
  const { errors } = useEditor();
  const { kind } = shown.deposit;
  const needsCorrecting = (path: readonly string[]) => Boolean(errors[path.join('.')]);
  return (
    <>
      <DepositKindField kind={kind} />
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        {(kind === 'fixed' || needsCorrecting(fixedPath)) && (
          <FixedAmountField pence={shown.deposit.fixedPence} />
        )}
        {(kind === 'percent' || needsCorrecting(percentPath)) && (
          <NumberField
            path={percentPath}
            value={shown.deposit.percent}
            suffix="% of the booking"
            hint="Of the booking’s price with VAT, rounded to the penny."
          />
        )}
      </div>
      {kind !== 'none' && <DepositServicesField chosen={shown.deposit.services} services={services} />}
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <NumberField
          path={['payments', 'refundableHours']}
          value={shown.refundableHours}
          suffix="hours before"
          hint="A booking cancelled earlier than this has its deposit refunded to the card by itself. Later, staff decide."
        />
        <NumberField
          path={['payments', 'holdMinutes']}
          value={shown.holdMinutes}
          suffix="minutes"
          hint={`From ${holdMinutesLimits.min} to ${holdMinutesLimits.max} minutes (24 hours). An unpaid booking’s window and tyres are released after this.`}
        />
      </div>
    </>
  );
});

/** What is wrong with a group of choices, below them (the group names it as its description). */
function ChoicesError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

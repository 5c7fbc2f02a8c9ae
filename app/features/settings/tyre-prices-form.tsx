import { useState, type FormEvent, type ReactNode } from 'react';
import {
  fittedPrice,
  roundingNames,
  roundings,
  tyreTierNames,
  tyreTiers,
  type Rounding,
  type TyreTier,
} from '#common/tyres/pricing.ts';
import { pricingRules, tyrePricingLimits } from '#common/tyres/pricing-settings.ts';
import type { DomainSettings } from '#common/settings/domains.ts';
import { Button } from '#app/components/ui/button.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import { ApiError, messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { formatPence } from '#common/util/money.ts';
import { useChangeSettings } from './settings-queries.ts';
import { draftOf, rowKey, settingsOf, type PricingDraft } from './tyre-prices-draft.ts';

/** A small labelled input of the rules form, its message below it. */
function RuleField({
  id,
  label,
  hideLabel = false,
  error,
  children,
}: {
  id: string;
  label: string;
  /** For rows of a list under headings of their own: the label is read out, not shown. */
  hideLabel?: boolean;
  error: string | undefined;
  children: (props: {
    id: string;
    className: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-semibold text-ink'}>
        {label}
      </label>
      {children({
        id,
        className: fieldClass,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** What the example tyre of the form costs by the rules as typed: a mid-range 16-inch at £50 cost. */
function Example({ draft, vatRatePercent }: { draft: PricingDraft; vatRatePercent: number }) {
  const result = settingsOf(draft);
  if (!result.ok) return null;
  const price = fittedPrice(pricingRules(result.settings, vatRatePercent), {
    rim: 16,
    tier: 'mid-range',
    costPence: 5_000,
    priceOverridePence: null,
  });
  return (
    <p className="rounded-lg bg-brand-light/60 p-3 text-sm text-ink" aria-live="polite">
      By these rules a mid-range 16-inch tyre that costs £50.00 before VAT sells at{' '}
      <strong>{formatPence(price)}</strong> fully fitted, VAT at {vatRatePercent}% (the invoicing’s rate)
      included.
    </p>
  );
}

/**
 * The tyre price rules: each tier's margin and lowest price, the fitting charges, the brands'
 * tiers and the rounding. Made from the version they were read from: a newer one someone else
 * saved meanwhile is not overwritten (the tab then shows theirs).
 */
export function TyrePricesForm({
  current,
  vatRatePercent,
  canChange,
}: {
  current: DomainSettings<'tyres'>;
  /** The invoicing settings' rate, which the example's price includes. */
  vatRatePercent: number;
  canChange: boolean;
}) {
  const publish = useChangeSettings('tyres');
  const [draft, setDraft] = useState(() => draftOf(current.settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = (change: (draft: PricingDraft) => PricingDraft) => setDraft((current) => change(current));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (publish.isPending || !canChange) return;
    const result = settingsOf(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      // The answer's new version gives a new form (the tab keys it by version).
      await publish.mutateAsync({ version: current.version, settings: result.settings });
      toast({ title: 'Tyre prices saved', description: 'Customers see the new prices now.' });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        setErrors(
          Object.fromEntries(Object.entries(error.fieldErrors).map(([key, list]) => [key, list[0]!])),
        );
      }
      toast({ variant: 'destructive', title: 'Not saved', description: messageOf(error) });
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Tyre price rules"
      className="grid max-w-4xl gap-6"
    >
      <fieldset disabled={!canChange} className="contents">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-bold text-ink">Rounding</legend>
          <RuleField id="pricing-rounding" label="Round each tyre’s price" error={errors.rounding}>
            {(props) => (
              <select
                {...props}
                value={draft.rounding}
                onChange={(event) => update((d) => ({ ...d, rounding: event.target.value as Rounding }))}
              >
                {roundings.map((rounding) => (
                  <option key={rounding} value={rounding}>
                    {roundingNames[rounding]}
                  </option>
                ))}
              </select>
            )}
          </RuleField>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-base font-bold text-ink">
            Each tier: cost plus margin, at least the lowest price
          </legend>
          {tyreTiers.map((tier) => (
            <div key={tier} className="grid gap-3 sm:grid-cols-[8rem_1fr_1fr] sm:items-start">
              <p className="pt-2 font-semibold text-ink sm:pt-9">{tyreTierNames[tier]}</p>
              <RuleField
                id={`pricing-${tier}-margin`}
                label="Margin on cost (%)"
                error={errors[`tiers.${tier}.marginPercent`]}
              >
                {(props) => (
                  <input
                    {...props}
                    inputMode="decimal"
                    value={draft.tiers[tier].marginPercent}
                    onChange={(event) =>
                      update((d) => ({
                        ...d,
                        tiers: {
                          ...d.tiers,
                          [tier]: { ...d.tiers[tier], marginPercent: event.target.value },
                        },
                      }))
                    }
                  />
                )}
              </RuleField>
              <RuleField
                id={`pricing-${tier}-floor`}
                label="Lowest tyre price before fitting (£)"
                error={errors[`tiers.${tier}.floorPence`]}
              >
                {(props) => (
                  <input
                    {...props}
                    inputMode="decimal"
                    value={draft.tiers[tier].floor}
                    onChange={(event) =>
                      update((d) => ({
                        ...d,
                        tiers: { ...d.tiers, [tier]: { ...d.tiers[tier], floor: event.target.value } },
                      }))
                    }
                  />
                )}
              </RuleField>
            </div>
          ))}
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-2 text-base font-bold text-ink">
            Fitting charge per tyre (valve, balancing and disposal)
          </legend>
          {errors.fitting && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errors.fitting}
            </p>
          )}
          {draft.fitting.map((band, index) => (
            <div key={band.key} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3">
              <RuleField
                id={`pricing-band-${band.key}-rim`}
                label="Rims up to (inches)"
                error={errors[`fitting.${index}.upToRim`]}
              >
                {(props) => (
                  <input
                    {...props}
                    inputMode="numeric"
                    value={band.upToRim}
                    onChange={(event) =>
                      update((d) => ({
                        ...d,
                        fitting: d.fitting.map((row) =>
                          row.key === band.key ? { ...row, upToRim: event.target.value } : row,
                        ),
                      }))
                    }
                  />
                )}
              </RuleField>
              <RuleField
                id={`pricing-band-${band.key}-charge`}
                label="Charge (£)"
                error={errors[`fitting.${index}.pence`]}
              >
                {(props) => (
                  <input
                    {...props}
                    inputMode="decimal"
                    value={band.charge}
                    onChange={(event) =>
                      update((d) => ({
                        ...d,
                        fitting: d.fitting.map((row) =>
                          row.key === band.key ? { ...row, charge: event.target.value } : row,
                        ),
                      }))
                    }
                  />
                )}
              </RuleField>
              <Button
                type="button"
                variant="danger"
                className="mt-7 min-h-11"
                aria-label={`Remove the charge for rims up to ${band.upToRim || 'this size'}`}
                onClick={() =>
                  update((d) => ({ ...d, fitting: d.fitting.filter((row) => row.key !== band.key) }))
                }
              >
                Remove
              </Button>
            </div>
          ))}
          <p className="text-sm text-slate-600">Larger rims than the last band pay its charge.</p>
          {draft.fitting.length < tyrePricingLimits.bands && (
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              onClick={() =>
                update((d) => ({ ...d, fitting: [...d.fitting, { key: rowKey(), upToRim: '', charge: '' }] }))
              }
            >
              Add a rim band
            </Button>
          )}
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-2 text-base font-bold text-ink">
            Brands by tier (brands not listed are budget)
          </legend>
          <p className="text-sm text-slate-600">
            Each brand with its tier: a price file’s brands are matched without case.
          </p>
          <div className="grid gap-3 md:grid-cols-2">
            {draft.brandTiers.map((entry, index) => (
              <div key={entry.key} className="grid grid-cols-[1fr_9rem_auto] items-start gap-2">
                <RuleField
                  id={`pricing-brand-${entry.key}`}
                  label="Brand"
                  hideLabel
                  error={errors[`brandTiers.${index}.brand`]}
                >
                  {(props) => (
                    <input
                      {...props}
                      value={entry.brand}
                      onChange={(event) =>
                        update((d) => ({
                          ...d,
                          brandTiers: d.brandTiers.map((row) =>
                            row.key === entry.key ? { ...row, brand: event.target.value } : row,
                          ),
                        }))
                      }
                    />
                  )}
                </RuleField>
                <RuleField
                  id={`pricing-brand-${entry.key}-tier`}
                  label={`Tier of ${entry.brand || 'this brand'}`}
                  hideLabel
                  error={errors[`brandTiers.${index}.tier`]}
                >
                  {(props) => (
                    <select
                      {...props}
                      value={entry.tier}
                      onChange={(event) =>
                        update((d) => ({
                          ...d,
                          brandTiers: d.brandTiers.map((row) =>
                            row.key === entry.key ? { ...row, tier: event.target.value as TyreTier } : row,
                          ),
                        }))
                      }
                    >
                      {tyreTiers.map((tier) => (
                        <option key={tier} value={tier}>
                          {tyreTierNames[tier]}
                        </option>
                      ))}
                    </select>
                  )}
                </RuleField>
                <Button
                  type="button"
                  variant="danger"
                  className="mt-1.5 min-h-11"
                  aria-label={`Remove ${entry.brand || 'this brand'}`}
                  onClick={() =>
                    update((d) => ({ ...d, brandTiers: d.brandTiers.filter((row) => row.key !== entry.key) }))
                  }
                >
                  Remove
                </Button>
              </div>
            ))}
          </div>
          {draft.brandTiers.length < tyrePricingLimits.brands && (
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              onClick={() =>
                update((d) => ({
                  ...d,
                  brandTiers: [...d.brandTiers, { key: rowKey(), brand: '', tier: 'mid-range' }],
                }))
              }
            >
              Add a brand
            </Button>
          )}
        </fieldset>
      </fieldset>
      <Example draft={draft} vatRatePercent={vatRatePercent} />
      <div className="flex flex-wrap items-center gap-3">
        {canChange ? (
          <Button type="submit" size="large" aria-disabled={publish.isPending}>
            {publish.isPending ? 'Saving…' : 'Save prices'}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">Only an owner can change the tyre prices.</p>
        )}
        <p className="text-sm text-slate-600">
          {current.version > 0
            ? 'Every tyre without a price of its own follows these rules.'
            : 'These are the starting rules: save them as they suit the business.'}
        </p>
      </div>
    </form>
  );
}

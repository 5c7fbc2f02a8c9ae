import type { ReactNode } from 'react';
import {
  roundingNames,
  roundings,
  tyreTierNames,
  tyreTiers,
  type Rounding,
  type TyreTier,
} from '#common/tyres/pricing.ts';
import { tyrePricingLimits } from '#common/tyres/pricing-settings.ts';
import { Button } from '#app/components/ui/button.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import { rowKey, type PricingDraft } from './tyre-prices-draft.ts';

/**
 * What each part of the rules form is given: the draft as typed, the messages keyed as the API
 * keys them, and `update`, which takes the key of the field being changed so its message goes.
 */
export type RuleFieldsProps = {
  draft: PricingDraft;
  errors: Record<string, string>;
  update: (field: string, change: (draft: PricingDraft) => PricingDraft) => void;
};

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

/** How each tyre’s price is rounded. */
export function RoundingFields({ draft, errors, update }: RuleFieldsProps) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-bold text-ink">Rounding</legend>
      <RuleField id="pricing-rounding" label="Round each tyre’s price" error={errors.rounding}>
        {(props) => (
          <select
            {...props}
            value={draft.rounding}
            onChange={(event) =>
              update('rounding', (d) => ({ ...d, rounding: event.target.value as Rounding }))
            }
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
  );
}

/** Each tier's margin on cost and lowest price. */
export function TierFields({ draft, errors, update }: RuleFieldsProps) {
  return (
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
                  update(`tiers.${tier}.marginPercent`, (d) => ({
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
                  update(`tiers.${tier}.floorPence`, (d) => ({
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
  );
}

/** The fitting charge of each rim band, bands added and removed. */
export function FittingFields({ draft, errors, update }: RuleFieldsProps) {
  return (
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
                  update(`fitting.${index}.upToRim`, (d) => ({
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
                  update(`fitting.${index}.pence`, (d) => ({
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
              update('fitting', (d) => ({ ...d, fitting: d.fitting.filter((row) => row.key !== band.key) }))
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
            update('fitting', (d) => ({
              ...d,
              fitting: [...d.fitting, { key: rowKey(), upToRim: '', charge: '' }],
            }))
          }
        >
          Add a rim band
        </Button>
      )}
    </fieldset>
  );
}

/** The brands' tiers, brands added and removed. */
export function BrandFields({ draft, errors, update }: RuleFieldsProps) {
  return (
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
                    update(`brandTiers.${index}.brand`, (d) => ({
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
                    update(`brandTiers.${index}.tier`, (d) => ({
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
                update('brandTiers', (d) => ({
                  ...d,
                  brandTiers: d.brandTiers.filter((row) => row.key !== entry.key),
                }))
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
            update('brandTiers', (d) => ({
              ...d,
              brandTiers: [...d.brandTiers, { key: rowKey(), brand: '', tier: 'mid-range' }],
            }))
          }
        >
          Add a brand
        </Button>
      )}
    </fieldset>
  );
}

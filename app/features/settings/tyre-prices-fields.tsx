import type { ReactNode } from 'react';
import {
  get,
  useFieldArray,
  useFormContext,
  useFormState,
  useWatch,
  type FieldPath,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { roundingNames, roundings, tyreTierNames, tyreTiers } from '#common/tyres/pricing.ts';
import { tyrePricingLimits } from '#common/tyres/pricing-settings.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FieldError, useFieldError } from '#app/components/ui/field-error.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import type { PricingValues } from './tyre-prices-draft.ts';

/** A small labelled input of the rules form, bound to the field `name`, its message below it. */
function RuleField({
  id,
  name,
  label,
  hideLabel = false,
  children,
}: {
  id: string;
  name: FieldPath<PricingValues>;
  label: string;
  /** For rows of a list under headings of their own: the label is read out, not shown. */
  hideLabel?: boolean;
  children: (
    props: UseFormRegisterReturn & {
      id: string;
      className: string;
      defaultValue: string | undefined;
      'aria-invalid': boolean;
      'aria-describedby'?: string;
    },
  ) => ReactNode;
}) {
  const {
    register,
    formState: { defaultValues },
  } = useFormContext<PricingValues>();
  const { message, attributes } = useFieldError(name, id);
  // The first value is also React's default, which marks a select's option as selected: without
  // that mark react-hook-form may take the select for one changed before hydration, and keep it.
  const defaultValue = get(defaultValues, name) as string | undefined;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-semibold text-ink'}>
        {label}
      </label>
      {children({ id, className: fieldClass, defaultValue, ...attributes, ...register(name) })}
      <FieldError fieldId={id} message={message} />
    </div>
  );
}

/** A list's own message (none at all, too many), above its rows. */
function ListError({ name }: { name: 'fitting' | 'brandTiers' }) {
  const { errors } = useFormState<PricingValues>({ name });
  const list = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const message = list?.root?.message ?? list?.message;
  return message ? (
    <p role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/** How each tyre’s price is rounded. */
export function RoundingFields() {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-bold text-ink">Rounding</legend>
      <RuleField id="pricing-rounding" name="rounding" label="Round each tyre’s price">
        {(props) => (
          <select {...props}>
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
export function TierFields() {
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
            name={`tiers.${tier}.marginPercent`}
            label="Margin on cost (%)"
          >
            {(props) => <input {...props} inputMode="decimal" />}
          </RuleField>
          <RuleField
            id={`pricing-${tier}-floor`}
            name={`tiers.${tier}.floorPence`}
            label="Lowest tyre price before fitting (£)"
          >
            {(props) => <input {...props} inputMode="decimal" />}
          </RuleField>
        </div>
      ))}
    </fieldset>
  );
}

/** The fitting charge of each rim band, bands added and removed. */
export function FittingFields() {
  const { control } = useFormContext<PricingValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'fitting' });
  const bands = useWatch({ control, name: 'fitting' });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-base font-bold text-ink">
        Fitting charge per tyre (valve, balancing and disposal)
      </legend>
      <ListError name="fitting" />
      {fields.map((band, index) => (
        <div key={band.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3">
          <RuleField
            id={`pricing-band-${band.id}-rim`}
            name={`fitting.${index}.upToRim`}
            label="Rims up to (inches)"
          >
            {(props) => <input {...props} inputMode="numeric" />}
          </RuleField>
          <RuleField id={`pricing-band-${band.id}-charge`} name={`fitting.${index}.pence`} label="Charge (£)">
            {(props) => <input {...props} inputMode="decimal" />}
          </RuleField>
          <Button
            type="button"
            variant="danger"
            className="mt-7 min-h-11"
            aria-label={`Remove the charge for rims up to ${bands[index]?.upToRim || 'this size'}`}
            onClick={() => remove(index)}
          >
            Remove
          </Button>
        </div>
      ))}
      <p className="text-sm text-slate-600">Larger rims than the last band pay its charge.</p>
      {fields.length < tyrePricingLimits.bands && (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => append({ upToRim: '', pence: '' })}
        >
          Add a rim band
        </Button>
      )}
    </fieldset>
  );
}

/** The brands' tiers, brands added and removed. */
export function BrandFields() {
  const { control } = useFormContext<PricingValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'brandTiers' });
  const brands = useWatch({ control, name: 'brandTiers' });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-base font-bold text-ink">
        Brands by tier (brands not listed are budget)
      </legend>
      <p className="text-sm text-slate-600">
        Each brand with its tier: a price file’s brands are matched without case.
      </p>
      <ListError name="brandTiers" />
      <div className="grid gap-3 md:grid-cols-2">
        {fields.map((entry, index) => {
          const brand = brands[index]?.brand || 'this brand';
          return (
            <div key={entry.id} className="grid grid-cols-[1fr_9rem_auto] items-start gap-2">
              <RuleField
                id={`pricing-brand-${entry.id}`}
                name={`brandTiers.${index}.brand`}
                label="Brand"
                hideLabel
              >
                {(props) => <input {...props} />}
              </RuleField>
              <RuleField
                id={`pricing-brand-${entry.id}-tier`}
                name={`brandTiers.${index}.tier`}
                label={`Tier of ${brand}`}
                hideLabel
              >
                {(props) => (
                  <select {...props}>
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
                aria-label={`Remove ${brand}`}
                onClick={() => remove(index)}
              >
                Remove
              </Button>
            </div>
          );
        })}
      </div>
      {fields.length < tyrePricingLimits.brands && (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => append({ brand: '', tier: 'mid-range' })}
        >
          Add a brand
        </Button>
      )}
    </fieldset>
  );
}

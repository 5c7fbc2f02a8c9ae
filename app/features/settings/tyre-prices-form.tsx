import { FormProvider, useForm, useWatch, type Control, type Path } from 'react-hook-form';
import { fittedPrice } from '#common/tyres/pricing.ts';
import { pricingRules, type TyrePricingSettings } from '#common/tyres/pricing-settings.ts';
import type { DomainSettings } from '#common/settings/domains.ts';
import { formatPence } from '#common/util/money.ts';
import { Button } from '#app/components/ui/button.tsx';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { toast } from '#app/lib/use-toast.ts';
import { useChangeSettings } from './settings-queries.ts';
import {
  pricingFieldNames,
  pricingResolver,
  settingsOf,
  valuesOf,
  type PricingValues,
} from './tyre-prices-draft.ts';
import { BrandFields, FittingFields, RoundingFields, TierFields } from './tyre-prices-fields.tsx';

/** What the example tyre of the form costs by the rules as typed: a mid-range 16-inch at £50 cost. */
function Example({
  control,
  vatRatePercent,
}: {
  control: Control<PricingValues, unknown, TyrePricingSettings>;
  vatRatePercent: number;
}) {
  const values = useWatch({ control }) as PricingValues;
  const result = settingsOf(values);
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
  const form = useForm<PricingValues, unknown, TyrePricingSettings>({
    resolver: pricingResolver,
    defaultValues: valuesOf(current.settings),
  });
  const { control, getValues, handleSubmit, setError } = form;

  const submit = handleSubmit(async (settings) => {
    try {
      // The answer's new version gives a new form (the tab keys it by version).
      await publish.mutateAsync({ version: current.version, settings });
      toast({ title: 'Tyre prices saved', description: 'Customers see the new prices now.' });
    } catch (error) {
      showRefusal(error, {
        fields: pricingFieldNames(getValues()) as Path<PricingValues>[],
        setError,
        title: 'Not saved',
      });
    }
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          if (publish.isPending || !canChange) event.preventDefault();
          else void submit(event);
        }}
        aria-label="Tyre price rules"
        className="grid max-w-4xl gap-6"
      >
        <fieldset disabled={!canChange} className="contents">
          <RoundingFields />
          <TierFields />
          <FittingFields />
          <BrandFields />
        </fieldset>
        <Example control={control} vatRatePercent={vatRatePercent} />
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
    </FormProvider>
  );
}

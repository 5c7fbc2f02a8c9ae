import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { tyreChangeSchema, type StaffTyre, type TyreChange } from '#common/tyres/staff.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { toast } from '#app/lib/use-toast.ts';
import { formatPence, parsePounds, poundsText } from '#common/util/money.ts';
import { amountMessage } from '#common/util/money.ts';
import { useChangeTyre } from './tyre-queries.ts';

type TyreEdit = { stock: string; reason: string; priceOverride: string; hidden: boolean };

const fields = ['stock', 'reason', 'priceOverride'] as const;

/**
 * The change sent for what was typed: only what differs from `tyre` (the reason when given),
 * checked by the API's rules. A price that is no amount is refused before them.
 */
function tyreChangeOf(tyre: StaffTyre) {
  return z.pipe(
    z.transform((edit: TyreEdit, context): Record<string, unknown> => {
      const price = edit.priceOverride.trim() === '' ? null : parsePounds(edit.priceOverride);
      if (price === null && edit.priceOverride.trim() !== '') {
        context.issues.push({ code: 'custom', input: edit, path: ['priceOverride'], message: amountMessage });
        return z.NEVER;
      }
      const stock = edit.stock.trim() === '' ? Number.NaN : Number(edit.stock);
      return {
        ...(stock !== tyre.stock && { stock }),
        ...(price !== tyre.priceOverride && { priceOverride: price }),
        ...(edit.hidden !== tyre.hidden && { hidden: edit.hidden }),
        ...(edit.reason.trim() !== '' && { reason: edit.reason }),
      };
    }),
    tyreChangeSchema,
  );
}

/**
 * Adjusts one tyre: the count on the shelf (with the reason, which the activity log keeps), an
 * own fitted price in place of the rules', and whether customers see it. Only what changed is sent.
 */
export function TyreEditor({ tyre, onDone }: { tyre: StaffTyre; onDone: () => void }) {
  const change = useChangeTyre();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TyreEdit, unknown, TyreChange>({
    resolver: schemaResolver<TyreEdit, TyreChange>(tyreChangeOf(tyre)),
    defaultValues: {
      stock: String(tyre.stock),
      reason: '',
      priceOverride: tyre.priceOverride === null ? '' : poundsText(tyre.priceOverride),
      hidden: tyre.hidden,
    },
  });
  const idOf = (field: string) => `tyre-${tyre.id}-${field}`;

  const submit = handleSubmit(async (changed) => {
    // A reason alone changes nothing.
    if (Object.keys(changed).every((key) => key === 'reason')) {
      onDone();
      return;
    }
    try {
      const saved = await change.mutateAsync({ id: tyre.id, change: changed });
      toast({
        title: 'Tyre saved',
        description: `${saved.brand} ${saved.pattern}: ${saved.stock} in stock, ${formatPence(saved.price)} fitted.`,
      });
      onDone();
    } catch (error) {
      showRefusal(error, { fields, setError, title: 'Saving failed' });
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The button stays focusable while saving (aria-disabled): a second press does nothing.
        if (isSubmitting) event.preventDefault();
        else void submit(event);
      }}
      aria-label={`Adjust ${tyre.brand} ${tyre.pattern}`}
      className="mt-3 grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
    >
      <FormField
        id={idOf('stock')}
        label="On the shelf"
        hint={tyre.reserved > 0 ? `${tyre.reserved} held for bookings` : undefined}
        error={errors.stock?.message}
      >
        {(control) => <input {...control} inputMode="numeric" {...register('stock')} />}
      </FormField>
      <FormField
        id={idOf('reason')}
        label="Reason for the change"
        hint="Kept in the activity log, for example “Counted the shelf”"
        error={errors.reason?.message}
      >
        {(control) => <input {...control} maxLength={200} {...register('reason')} />}
      </FormField>
      <FormField
        id={idOf('price')}
        label="Own fitted price (£)"
        hint={`Leave empty for the price rules: ${formatPence(tyre.price)} now`}
        error={errors.priceOverride?.message}
      >
        {(control) => <input {...control} inputMode="decimal" {...register('priceOverride')} />}
      </FormField>
      <label className="flex min-h-11 items-center gap-3 self-end text-sm font-semibold text-ink">
        <input type="checkbox" className="size-5 accent-brand-dark" {...register('hidden')} />
        Hidden from customers
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" variant="dark" aria-disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

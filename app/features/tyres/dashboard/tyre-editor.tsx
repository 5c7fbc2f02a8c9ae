import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { tyreChangeSchema, type StaffTyre, type TyreChange } from '#common/tyres/staff.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { ApiError, messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { formatPence, parsePounds, poundsText } from '#common/util/money.ts';
import { amountMessage } from '#common/util/money.ts';
import { useChangeTyre } from './tyre-queries.ts';

type Errors = Partial<Record<'stock' | 'reason' | 'priceOverride', string>>;

const firstErrors = (errors: Partial<Record<string, string[]>> | undefined): Errors => ({
  stock: errors?.stock?.[0],
  reason: errors?.reason?.[0],
  priceOverride: errors?.priceOverride?.[0],
});

/**
 * Adjusts one tyre: the count on the shelf (with the reason, which the activity log keeps), an
 * own fitted price in place of the rules', and whether customers see it. Only what changed is sent.
 */
export function TyreEditor({ tyre, onDone }: { tyre: StaffTyre; onDone: () => void }) {
  const change = useChangeTyre();
  const [stock, setStock] = useState(String(tyre.stock));
  const [reason, setReason] = useState('');
  const [ownPrice, setOwnPrice] = useState(tyre.priceOverride === null ? '' : poundsText(tyre.priceOverride));
  const [hidden, setHidden] = useState(tyre.hidden);
  const [errors, setErrors] = useState<Errors>({});
  const idOf = (field: string) => `tyre-${tyre.id}-${field}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    const body: Record<string, unknown> = {};
    const stockCount = stock.trim() === '' ? Number.NaN : Number(stock);
    if (stockCount !== tyre.stock) body.stock = stockCount;
    const price = ownPrice.trim() === '' ? null : parsePounds(ownPrice);
    if (price === null && ownPrice.trim() !== '') {
      setErrors({ priceOverride: amountMessage });
      return;
    }
    if (price !== tyre.priceOverride) body.priceOverride = price;
    if (hidden !== tyre.hidden) body.hidden = hidden;
    if (reason.trim() !== '') body.reason = reason;
    if (Object.keys(body).filter((key) => key !== 'reason').length === 0) {
      onDone();
      return;
    }
    const parsed = z.safeParse(tyreChangeSchema, body);
    if (!parsed.success) {
      setErrors(firstErrors(z.flattenError(parsed.error).fieldErrors));
      return;
    }
    setErrors({});
    change.mutate(
      { id: tyre.id, change: parsed.data satisfies TyreChange },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Tyre saved',
            description: `${saved.brand} ${saved.pattern}: ${saved.stock} in stock, ${formatPence(saved.price)} fitted.`,
          });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(firstErrors(error.fieldErrors));
          else toast({ variant: 'destructive', title: 'Saving failed', description: messageOf(error) });
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Adjust ${tyre.brand} ${tyre.pattern}`}
      className="mt-3 grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
    >
      <FormField
        id={idOf('stock')}
        label="On the shelf"
        hint={tyre.reserved > 0 ? `${tyre.reserved} held for bookings` : undefined}
        error={errors.stock}
      >
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            value={stock}
            onChange={(event) => setStock(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        id={idOf('reason')}
        label="Reason for the change"
        hint="Kept in the activity log, for example “Counted the shelf”"
        error={errors.reason}
      >
        {(control) => (
          <input
            {...control}
            value={reason}
            maxLength={200}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        id={idOf('price')}
        label="Own fitted price (£)"
        hint={`Leave empty for the price rules: ${formatPence(tyre.price)} now`}
        error={errors.priceOverride}
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            value={ownPrice}
            onChange={(event) => setOwnPrice(event.target.value)}
          />
        )}
      </FormField>
      <label className="flex min-h-11 items-center gap-3 self-end text-sm font-semibold text-ink">
        <input
          type="checkbox"
          className="size-5 accent-brand-dark"
          checked={hidden}
          onChange={(event) => setHidden(event.target.checked)}
        />
        Hidden from customers
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" variant="dark" aria-disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

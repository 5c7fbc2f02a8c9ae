import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lowStockLevel } from '#common/tyres/staff.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { StockTable } from './stock-table.tsx';
import { useStockTableView } from './stock-table-place.ts';
import { useRemoveDemoTyres, useTyreCatalogue } from './tyre-queries.ts';

/** The demo catalogue's notice, with the way to remove it once real tyres are in. */
function DemoNotice({ count }: { count: number }) {
  const remove = useRemoveDemoTyres();
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p>
        <strong>{count} demo tyres</strong> are in the catalogue: made-up examples, so that the tyre search
        works on a new site. Import your supplier’s price file, then remove them.
      </p>
      <ConfirmDialog
        trigger={
          <Button variant="danger-outline" className="mt-3">
            Remove demo tyres
          </Button>
        }
        title="Remove the demo tyres?"
        description="Customers will no longer see them. Demo tyres already booked stay with their bookings, hidden."
        confirmLabel="Remove demo tyres"
        destructive
        busy={remove.isPending}
        busyLabel="Removing…"
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: ({ removed }) =>
              toast({ title: 'Demo tyres removed', description: `${removed} tyres removed.` }),
            onError: (error) =>
              toast({ variant: 'destructive', title: 'Removing failed', description: messageOf(error) }),
          })
        }
      />
    </div>
  );
}

/** The Low stock chip: pressed, the table shows only the tyres with few free on the shelf. */
function LowStockChip({ pressed, onPress }: { pressed: boolean; onPress: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onPress}
      className={`inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink ${
        pressed ? 'border-ink bg-ink text-white' : 'border-slate-300 bg-white text-ink hover:bg-slate-100'
      }`}
    >
      Low stock
      <span className={`text-xs font-normal ${pressed ? 'text-white/80' : 'text-slate-600'}`}>
        {lowStockLevel} or fewer free
      </span>
    </button>
  );
}

/**
 * The catalogue: found by size, brand, pattern or EAN, as a table sorted by any column and
 * filtered to low stock (both kept in the address), each tyre's editor in its row.
 */
export function CataloguePanel() {
  const { register, handleSubmit } = useForm<{ typed: string }>({ defaultValues: { typed: '' } });
  const [query, setQuery] = useState('');
  const { view, show } = useStockTableView();
  const catalogue = useTyreCatalogue(query, view);
  const pages = catalogue.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const demoCount = pages[0]?.demoCount ?? 0;

  const search = handleSubmit(({ typed }) => setQuery(typed.trim()));
  const shown = [query ? `Tyres matching “${query}”` : 'Every tyre', view.low ? 'low on stock' : '']
    .filter(Boolean)
    .join(', ');

  return (
    <div className="grid min-w-0 gap-4">
      {demoCount > 0 && <DemoNotice count={demoCount} />}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <form
          role="search"
          aria-label="Find tyres"
          onSubmit={(event) => void search(event)}
          className="flex max-w-2xl min-w-64 flex-1 flex-wrap items-end gap-2"
        >
          <label htmlFor="tyre-catalogue-query" className="w-full text-sm font-semibold text-ink">
            Size, brand, pattern or EAN
          </label>
          <input
            id="tyre-catalogue-query"
            type="search"
            {...register('typed')}
            placeholder="205/55 R16"
            className={`${fieldClass} mt-0 min-w-0 flex-1`}
          />
          <Button type="submit" variant="dark" className="min-h-11">
            Search
          </Button>
        </form>
        <LowStockChip pressed={view.low} onPress={() => show({ ...view, low: !view.low })} />
      </div>
      {catalogue.isPending ? (
        <Spinner label="Loading the catalogue…" />
      ) : catalogue.isError ? (
        <LoadFailure
          title="The catalogue could not be loaded"
          detail={messageOf(catalogue.error)}
          onRetry={() => void catalogue.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">
          {query
            ? `No tyre matches “${query}”${view.low ? ' with low stock' : ''}.`
            : view.low
              ? 'No tyre is low on stock.'
              : 'The catalogue is empty: import a price file.'}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {shown}: {items.length}
            {catalogue.hasNextPage ? ' shown, more below' : ''}
          </p>
          <StockTable tyres={items} view={view} onView={show} />
          {catalogue.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-start"
              aria-disabled={catalogue.isFetchingNextPage}
              onClick={() => void catalogue.fetchNextPage()}
            >
              {catalogue.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

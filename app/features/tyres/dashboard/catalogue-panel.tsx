import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { seasonNames } from '#common/tyres/catalogue.ts';
import { tyreTierNames } from '#common/tyres/pricing.ts';
import { loadIndexText } from '#common/tyres/size.ts';
import type { StaffTyre } from '#common/tyres/staff.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { TyreEditor } from './tyre-editor.tsx';
import { TyreSources } from './tyre-sources.tsx';
import { formatPence } from '#common/util/money.ts';
import { useRemoveDemoTyres, useTyreCatalogue } from './tyre-queries.ts';
import { plural } from '#common/util/words.ts';

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{term}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

function Badge({ tone, children }: { tone: 'grey' | 'amber' | 'red' | 'green'; children: ReactNode }) {
  const tones = {
    grey: 'bg-slate-100 text-slate-700',
    amber: 'bg-amber-100 text-amber-900',
    red: 'bg-red-100 text-red-800',
    green: 'bg-brand-light text-ink',
  };
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${tones[tone]}`}>{children}</span>;
}

/** One tyre of the catalogue as staff see it, with its editor when opened. */
function StaffTyreCard({ tyre }: { tyre: StaffTyre }) {
  const [editing, setEditing] = useState(false);
  const headingId = `staff-tyre-${tyre.id}`;
  const free = tyre.stock - tyre.reserved;
  return (
    <article
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={headingId} className="font-bold break-words text-ink">
            {tyre.brand} {tyre.pattern}
          </h4>
          <p className="text-sm text-slate-600">
            {tyre.size} {loadIndexText(tyre)}
            {tyre.speedRating}
            {tyre.extraLoad && ' XL'}
            {tyre.runFlat && ' run-flat'} · {seasonNames[tyre.season]} · {tyreTierNames[tyre.tier]}
            {tyre.ean && <span className="font-mono"> · EAN {tyre.ean}</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {tyre.demo && <Badge tone="grey">Demo</Badge>}
          {tyre.hidden && <Badge tone="amber">Hidden</Badge>}
          {!tyre.available && <Badge tone="red">Not in the last price file</Badge>}
          {tyre.priceOverride !== null && <Badge tone="green">Own price</Badge>}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Figure term="Fitted price">{formatPence(tyre.price)}</Figure>
        <Figure term="Cost before VAT">{formatPence(tyre.cost)}</Figure>
        <Figure term="In stock">
          {tyre.stock}
          {tyre.reserved > 0 && (
            <span className="block text-xs font-normal text-slate-600">
              {tyre.reserved} held for bookings, {free} free
            </span>
          )}
        </Figure>
        <Figure term="Supplier">
          {tyre.supplierStock}
          <span className="block text-xs font-normal text-slate-600">
            {plural(tyre.leadDays, 'day')} to deliver
          </span>
        </Figure>
      </dl>
      <TyreSources sources={tyre.sources} />
      {editing ? (
        <TyreEditor tyre={tyre} onDone={() => setEditing(false)} />
      ) : (
        <Button variant="outline" className="mt-3" onClick={() => setEditing(true)}>
          Adjust stock or price
        </Button>
      )}
    </article>
  );
}

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

/** The catalogue: found by size, brand, pattern or EAN, each tyre's figures and its editor. */
export function CataloguePanel() {
  const { register, handleSubmit } = useForm<{ typed: string }>({ defaultValues: { typed: '' } });
  const [query, setQuery] = useState('');
  const catalogue = useTyreCatalogue(query);
  const pages = catalogue.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const demoCount = pages[0]?.demoCount ?? 0;

  const search = handleSubmit(({ typed }) => setQuery(typed.trim()));

  return (
    <div className="grid min-w-0 gap-4">
      {demoCount > 0 && <DemoNotice count={demoCount} />}
      <form
        role="search"
        aria-label="Find tyres"
        onSubmit={(event) => void search(event)}
        className="flex max-w-2xl flex-wrap items-end gap-2"
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
          {query ? `No tyre matches “${query}”.` : 'The catalogue is empty: import a price file.'}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {query ? `Tyres matching “${query}”` : 'Every tyre'}: {items.length}
            {catalogue.hasNextPage ? ' shown, more below' : ''}
          </p>
          <div className="grid gap-3 xl:grid-cols-2">
            {items.map((tyre) => (
              <StaffTyreCard key={tyre.id} tyre={tyre} />
            ))}
          </div>
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

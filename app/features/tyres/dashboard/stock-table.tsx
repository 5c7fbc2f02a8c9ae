import { Fragment, useState, type ReactNode } from 'react';
import { seasonNames } from '#common/tyres/catalogue.ts';
import { tyreTierNames } from '#common/tyres/pricing.ts';
import { loadIndexText } from '#common/tyres/size.ts';
import { lowStockLevel, type CatalogueSort, type StaffTyre } from '#common/tyres/staff.ts';
import { formatPence } from '#common/util/money.ts';
import { plural } from '#common/util/words.ts';
import { Button } from '#app/components/ui/button.tsx';
import { sortedBy, type StockTableView } from './stock-table-place.ts';
import { TyreEditor } from './tyre-editor.tsx';
import { TyreSources } from './tyre-sources.tsx';

/** The table's columns, in order: what each sorts by, and whether it holds a figure (right-aligned). */
const columns: { sort: CatalogueSort; label: string; figure: boolean }[] = [
  { sort: 'brand', label: 'Brand', figure: false },
  { sort: 'pattern', label: 'Pattern', figure: false },
  { sort: 'size', label: 'Size', figure: false },
  { sort: 'stock', label: 'Stock', figure: true },
  { sort: 'held', label: 'Held', figure: true },
  { sort: 'supplier', label: 'Supplier stock', figure: true },
  { sort: 'cost', label: 'Cost', figure: true },
  { sort: 'price', label: 'Price', figure: true },
  { sort: 'margin', label: 'Margin', figure: true },
];

const directionNames = { asc: 'ascending', desc: 'descending' } as const;

function Badge({ tone, children }: { tone: 'grey' | 'amber' | 'red' | 'green'; children: ReactNode }) {
  const tones = {
    grey: 'bg-slate-100 text-slate-700',
    amber: 'bg-amber-100 text-amber-900',
    red: 'bg-red-100 text-red-800',
    green: 'bg-brand-light text-ink',
  };
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** A column's header: a button that sorts by it, and which way the table is sorted by it. */
function SortHeader({
  column,
  view,
  onView,
}: {
  column: (typeof columns)[number];
  view: StockTableView;
  onView: (view: StockTableView) => void;
}) {
  const sorted = view.sort === column.sort ? view.dir : null;
  return (
    <th
      scope="col"
      aria-sort={sorted ? directionNames[sorted] : undefined}
      className={`px-2 py-1 font-semibold whitespace-nowrap ${column.figure ? 'text-right' : 'text-left'}`}
    >
      <button
        type="button"
        onClick={() => onView(sortedBy(view, column.sort))}
        className={`inline-flex min-h-10 items-center gap-1 rounded px-1 hover:text-ink focus-visible:outline-2 focus-visible:outline-ink ${
          sorted ? 'text-ink' : 'text-slate-600'
        }`}
      >
        {column.label}
        <span aria-hidden className={`w-3 text-center ${sorted ? 'text-brand-dark' : 'text-slate-400'}`}>
          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

/** The tyre as its row's action names it: brand, pattern and full size. */
const tyreName = (tyre: StaffTyre) =>
  `${tyre.brand} ${tyre.pattern}, ${tyre.size} ${loadIndexText(tyre)}${tyre.speedRating}`;

/** One tyre's row, and under it, while open, where to order it and its editor. */
function StockRow({ tyre }: { tyre: StaffTyre }) {
  const [editing, setEditing] = useState(false);
  const free = tyre.stock - tyre.reserved;
  const { margin } = tyre;
  const figure = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
  return (
    <Fragment>
      <tr className="border-t border-slate-200 align-top hover:bg-slate-50">
        <td className="px-3 py-2 font-semibold text-ink">{tyre.brand}</td>
        <td className="px-3 py-2">
          <span className="text-ink">{tyre.pattern}</span>
          <span className="mt-1 flex flex-wrap gap-1 empty:hidden">
            {tyre.demo && <Badge tone="grey">Demo</Badge>}
            {tyre.hidden && <Badge tone="amber">Hidden</Badge>}
            {!tyre.available && <Badge tone="red">Not in the last price file</Badge>}
            {tyre.priceOverride !== null && <Badge tone="green">Own price</Badge>}
          </span>
        </td>
        <td className="px-3 py-2 whitespace-nowrap">
          <span className="text-ink">
            {tyre.size} {loadIndexText(tyre)}
            {tyre.speedRating}
            {tyre.extraLoad && ' XL'}
            {tyre.runFlat && ' RF'}
          </span>
          <span className="block text-xs text-slate-600">
            {seasonNames[tyre.season]} · {tyreTierNames[tyre.tier]}
          </span>
        </td>
        <td className={figure}>
          <span className="font-semibold text-ink">{tyre.stock}</span>
          {tyre.reserved > 0 && <span className="block text-xs text-slate-600">{free} free</span>}
          {free <= lowStockLevel && (
            <span className="mt-0.5 block">
              <Badge tone="amber">Low</Badge>
            </span>
          )}
        </td>
        <td className={figure}>{tyre.reserved}</td>
        <td className={figure}>
          {tyre.supplierStock}
          <span className="block text-xs text-slate-600">{plural(tyre.leadDays, 'day')}</span>
        </td>
        <td className={figure}>{formatPence(tyre.cost)}</td>
        <td className={`${figure} font-semibold text-ink`}>{formatPence(tyre.price)}</td>
        <td className={figure}>
          {formatPence(margin.pence)}
          <span className="block text-xs text-slate-600">{margin.percent.toFixed(1)}%</span>
        </td>
        <td className="px-3 py-1.5 text-right">
          <Button
            variant="outline"
            className="min-h-9 px-3"
            aria-expanded={editing}
            onClick={() => setEditing((open) => !open)}
          >
            Adjust<span className="sr-only"> stock or price of {tyreName(tyre)}</span>
          </Button>
        </td>
      </tr>
      {editing && (
        <tr className="bg-slate-50">
          <td colSpan={columns.length + 1} className="px-3 pb-4">
            {/* Held at the frame's left edge as the table scrolls sideways: on a phone it stays in view. */}
            <div className="sticky left-3 max-w-[min(48rem,calc(100vw-4rem))]">
              {tyre.ean && <p className="pt-2 font-mono text-xs text-slate-600">EAN {tyre.ean}</p>}
              <TyreSources sources={tyre.sources} />
              <TyreEditor tyre={tyre} onDone={() => setEditing(false)} />
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/**
 * The catalogue as a stock system's table: a row a tyre, each column's header sorting by it, the
 * row's one action opening where to order it and its editor below. On a phone it scrolls sideways
 * inside its frame.
 */
export function StockTable({
  tyres,
  view,
  onView,
}: {
  tyres: readonly StaffTyre[];
  view: StockTableView;
  onView: (view: StockTableView) => void;
}) {
  const sortedLabel = columns.find((column) => column.sort === view.sort)?.label;
  return (
    // Focusable, so that the keyboard can scroll it sideways; positioned, so that the hidden
    // words of the rows' actions (absolutely placed) scroll with it rather than widen the page.
    <div
      role="region"
      aria-labelledby="stock-table-caption"
      tabIndex={0}
      className="relative min-w-0 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-ink"
    >
      <table className="w-full min-w-[62rem] border-collapse text-sm">
        <caption id="stock-table-caption" className="sr-only">
          Tyres in stock
          {sortedLabel ? `, sorted by ${sortedLabel.toLowerCase()} ${directionNames[view.dir]}` : ''}
        </caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <SortHeader key={column.sort} column={column} view={view} onView={onView} />
            ))}
            <th scope="col" className="px-3 py-1 text-right font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tyres.map((tyre) => (
            <StockRow key={tyre.id} tyre={tyre} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

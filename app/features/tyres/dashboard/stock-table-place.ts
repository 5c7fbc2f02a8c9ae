import { useSearchParams } from 'react-router';
import { catalogueSorts, type CatalogueSort, type SortDirection } from '#common/tyres/staff.ts';

/** The stock table's sort and filter: the column (none: the order tyres were added), its direction, low stock only. */
export type StockTableView = { sort: CatalogueSort | null; dir: SortDirection; low: boolean };

/** A press on a column's header: that column ascending, or the other way if it is the column already. */
export const sortedBy = (view: StockTableView, column: CatalogueSort): StockTableView => ({
  ...view,
  sort: column,
  dir: view.sort === column && view.dir === 'asc' ? 'desc' : 'asc',
});

/** The view an address asks for (`?sort=price&dir=desc&low=1`); what it does not say, the defaults. */
export function stockTableViewOf(params: URLSearchParams): StockTableView {
  const sort = catalogueSorts.find((column) => column === params.get('sort')) ?? null;
  return { sort, dir: sort && params.get('dir') === 'desc' ? 'desc' : 'asc', low: params.get('low') === '1' };
}

/**
 * The stock table's sort and low-stock filter sit in the address, so that a reload or a shared
 * link opens the table the same way; the address's other parameters are kept.
 */
export function useStockTableView() {
  const [params, setParams] = useSearchParams();
  const view = stockTableViewOf(params);
  const show = (next: StockTableView) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        for (const name of ['sort', 'dir', 'low']) search.delete(name);
        if (next.sort) search.set('sort', next.sort);
        if (next.sort && next.dir === 'desc') search.set('dir', 'desc');
        if (next.low) search.set('low', '1');
        return search;
      },
      { replace: true, preventScrollReset: true },
    );
  return { view, show };
}

import { describe, expect, it } from 'vitest';
import { sortedBy, stockTableViewOf } from './stock-table-place.ts';

describe('the stock table’s view', () => {
  it('is read from the address, anything it does not know taken as the default', () => {
    expect(stockTableViewOf(new URLSearchParams('sort=held&dir=desc&low=1'))).toEqual({
      sort: 'held',
      dir: 'desc',
      low: true,
    });
    expect(stockTableViewOf(new URLSearchParams('sort=colour&dir=desc&low=yes'))).toEqual({
      sort: null,
      dir: 'asc',
      low: false,
    });
    expect(stockTableViewOf(new URLSearchParams('sort=cost&dir=sideways'))).toMatchObject({ dir: 'asc' });
  });

  it('sorts by a new column ascending, and turns the sorted column the other way', () => {
    const unsorted = { sort: null, dir: 'asc', low: true } as const;
    const byCost = sortedBy(unsorted, 'cost');
    expect(byCost).toEqual({ sort: 'cost', dir: 'asc', low: true });
    expect(sortedBy(byCost, 'cost')).toEqual({ sort: 'cost', dir: 'desc', low: true });
    expect(sortedBy(sortedBy(byCost, 'cost'), 'cost')).toEqual(byCost);
    expect(sortedBy({ sort: 'cost', dir: 'desc', low: false }, 'price')).toEqual({
      sort: 'price',
      dir: 'asc',
      low: false,
    });
  });
});

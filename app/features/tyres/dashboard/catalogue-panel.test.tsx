// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { belowReservedMessage } from '#common/tyres/staff.ts';
import { answer, serveApi } from '#tests/support/api-handlers.ts';
import { renderTyresTab, serveTyres, tyre } from './tyres-test-data.tsx';

const adjust = 'Adjust stock or price of Hankook Ventus Prime 4, 205/55 R16 91V';

describe('TyresTab: stock', () => {
  it('shows each tyre as a row: brand, pattern, size, stock, held, supplier stock, cost, price and margin', async () => {
    serveTyres();
    renderTyresTab();
    const table = await screen.findByRole('table', { name: 'Tyres in stock' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Brand↕',
      'Pattern↕',
      'Size↕',
      'Stock↕',
      'Held↕',
      'Supplier stock↕',
      'Cost↕',
      'Price↕',
      'Margin↕',
      'Actions',
    ]);
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Hankook',
      'Ventus Prime 4Demo',
      '205/55 R16 91VSummer · Mid-range',
      '64 free',
      '2',
      '401 day',
      '£50.00',
      '£89.99',
      '£24.9933.3%',
      'Adjust stock or price of Hankook Ventus Prime 4, 205/55 R16 91V',
    ]);
    screen.getByText(/320 demo tyres/);
  });

  it('marks a tyre with three or fewer free on the shelf as low', async () => {
    serveTyres([
      answer('GET /api/tyres/catalogue', {
        status: 200,
        body: {
          items: [tyre({ stock: 5, reserved: 2 }), tyre({ id: 8, stock: 6, reserved: 2 })],
          next: null,
          demoCount: 0,
        },
      }),
    ]);
    renderTyresTab();
    const [, low, enough] = within(await screen.findByRole('table')).getAllByRole('row');
    within(low!).getByText('Low');
    expect(within(enough!).queryByText('Low')).toBeNull();
  });

  it('shows a van tyre’s dual load index, and where the tyre can be had with each supplier’s part number', async () => {
    serveTyres([
      answer('GET /api/tyres/catalogue', {
        status: 200,
        body: {
          items: [
            tyre({
              size: '215/65R16',
              loadIndex: 109,
              loadIndexDual: 107,
              speedRating: 'T',
              demo: false,
              sources: [
                { supplier: 'Van Tyres Ltd', partNumber: 'VT-2156516', cost: 6_150, stock: 8, leadDays: 1 },
                { supplier: 'Grosshandel', partNumber: null, cost: 6_400, stock: 0, leadDays: 3 },
              ],
            }),
          ],
          next: null,
          demoCount: 0,
        },
      }),
    ]);
    const user = renderTyresTab();
    const row = (await screen.findAllByRole('row'))[1]!;
    within(row).getByText(/^215\/65R16 109\/107T/);
    await user.click(within(row).getByRole('button', { name: /^Adjust stock or price of Hankook/ }));
    const card = within(screen.getByRole('table'));
    const sources = within(card.getByRole('list', { name: 'Where to order it' })).getAllByRole('listitem');
    expect(sources.map((item) => item.textContent)).toEqual([
      'Van Tyres Ltd · part no. VT-2156516 · £61.50 · 8 in stock · 1 day to deliver',
      'Grosshandel · £64.00 · 0 in stock · 3 days to deliver',
    ]);
  });

  it('searches by what was typed', async () => {
    const calls = serveTyres();
    const user = renderTyresTab();
    await screen.findByRole('table', { name: 'Tyres in stock' });
    await user.type(screen.getByLabelText('Size, brand, pattern or EAN'), '205/55 R16');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('/api/tyres/catalogue?q=205%2F55+R16&offset=0'),
    );
  });

  it('asks why the stock changes before sending it, and shows the server’s refusal at the field', async () => {
    const calls = serveTyres([
      answer('PATCH /api/tyres/:id', {
        status: 409,
        body: { error: belowReservedMessage(2), fieldErrors: { stock: [belowReservedMessage(2)] } },
      }),
    ]);
    const user = renderTyresTab();
    await user.click(await screen.findByRole('button', { name: adjust }));
    const form = within(screen.getByRole('form', { name: 'Adjust Hankook Ventus Prime 4' }));
    const stock = form.getByLabelText('On the shelf');
    await user.clear(stock);
    await user.type(stock, '1');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(form.getByRole('alert').textContent).toBe(
        'Say why the stock changes, for example “Counted the shelf”',
      ),
    );
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.type(form.getByLabelText('Reason for the change'), 'Two sold at the counter');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(form.getByRole('alert').textContent).toBe(belowReservedMessage(2)));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/tyres/7', body: { stock: 1, reason: 'Two sold at the counter' } },
    ]);
  });

  it('sends an own price in pence, and refuses one that is not an amount', async () => {
    const calls = serveTyres([
      answer('PATCH /api/tyres/:id', { status: 200, body: tyre({ priceOverride: 7_950, price: 7_950 }) }),
    ]);
    const user = renderTyresTab();
    await user.click(await screen.findByRole('button', { name: adjust }));
    const form = within(screen.getByRole('form', { name: 'Adjust Hankook Ventus Prime 4' }));
    await user.type(form.getByLabelText('Own fitted price (£)'), 'cheap');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(form.getByRole('alert').textContent).toBe('Enter an amount in pounds, for example 89.99'),
    );
    await user.clear(form.getByLabelText('Own fitted price (£)'));
    await user.type(form.getByLabelText('Own fitted price (£)'), '79.50');
    await user.click(form.getByRole('checkbox', { name: 'Hidden from customers' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Adjust/ })).toBeNull());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { priceOverride: 7_950, hidden: true },
    ]);
  });

  it('sorts by a column’s header, ascending then descending, and says which way', async () => {
    const calls = serveTyres();
    const user = renderTyresTab();
    const table = await screen.findByRole('table', { name: 'Tyres in stock' });
    const price = within(table).getByRole('columnheader', { name: /^Price/ });
    expect(price.getAttribute('aria-sort')).toBeNull();
    await user.click(within(price).getByRole('button', { name: 'Price' }));
    await waitFor(() => expect(price.getAttribute('aria-sort')).toBe('ascending'));
    expect(price.textContent).toBe('Price▲');
    await user.click(within(price).getByRole('button', { name: 'Price' }));
    await waitFor(() => expect(price.getAttribute('aria-sort')).toBe('descending'));
    expect(price.textContent).toBe('Price▼');
    screen.getByRole('table', { name: 'Tyres in stock, sorted by price descending' });
    expect(calls.map((call) => call.path)).toEqual([
      '/api/tyres/catalogue?q=&offset=0',
      '/api/tyres/catalogue?q=&sort=price&dir=asc&offset=0',
      '/api/tyres/catalogue?q=&sort=price&dir=desc&offset=0',
    ]);
  });

  it('opens sorted and filtered as the address says, as after a reload', async () => {
    const calls = serveTyres();
    renderTyresTab('/admin/dashboard/tyres?sort=margin&dir=desc&low=1');
    const table = await screen.findByRole('table', { name: 'Tyres in stock, sorted by margin descending' });
    expect(
      within(table)
        .getByRole('columnheader', { name: /^Margin/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    expect(screen.getByRole('button', { name: /^Low stock/ }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.map((call) => call.path)).toEqual([
      '/api/tyres/catalogue?q=&sort=margin&dir=desc&low=true&offset=0',
    ]);
  });

  it('shows only low stock while its chip is pressed, and every tyre again when it is released', async () => {
    const calls = serveTyres();
    const user = renderTyresTab();
    await screen.findByRole('table');
    const chip = screen.getByRole('button', { name: 'Low stock 3 or fewer free' });
    await user.click(chip);
    await waitFor(() => expect(chip.getAttribute('aria-pressed')).toBe('true'));
    await screen.findByText('Every tyre, low on stock: 1');
    await user.click(chip);
    await waitFor(() => expect(chip.getAttribute('aria-pressed')).toBe('false'));
    await screen.findByText('Every tyre: 1');
    // Every tyre's list, read a moment before, is shown again from the cache.
    expect(calls.map((call) => call.path)).toEqual([
      '/api/tyres/catalogue?q=&offset=0',
      '/api/tyres/catalogue?q=&low=true&offset=0',
    ]);
  });

  it('says so when no tyre is low on stock', async () => {
    const api = serveApi(
      answer('GET /api/tyres/catalogue', { status: 200, body: { items: [], next: null, demoCount: 0 } }),
    );
    renderTyresTab('/?low=1');
    await screen.findByText('No tyre is low on stock.');
    expect(api.requests()).toEqual(['GET /api/tyres/catalogue?q=&low=true&offset=0']);
  });
});

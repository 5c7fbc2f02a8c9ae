// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { belowReservedMessage } from '#common/tyres/staff.ts';
import { answer } from '#tests/support/api-handlers.ts';
import { renderTyresTab, serveTyres, tyre } from './tyres-test-data.tsx';

describe('TyresTab: stock', () => {
  it('shows each tyre with its fitted price, cost, stock held for bookings and supplier, and the demo notice', async () => {
    serveTyres();
    renderTyresTab();
    const card = within(await screen.findByRole('article', { name: 'Hankook Ventus Prime 4' }));
    card.getByText('£89.99');
    card.getByText('£50.00');
    card.getByText('2 held for bookings, 4 free');
    card.getByText('1 day to deliver');
    card.getByText('Demo');
    screen.getByText(/320 demo tyres/);
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
    renderTyresTab();
    const card = within(await screen.findByRole('article', { name: 'Hankook Ventus Prime 4' }));
    card.getByText(/^215\/65R16 109\/107T/);
    const sources = within(card.getByRole('list', { name: 'Where to order it' })).getAllByRole('listitem');
    expect(sources.map((item) => item.textContent)).toEqual([
      'Van Tyres Ltd · part no. VT-2156516 · £61.50 · 8 in stock · 1 day to deliver',
      'Grosshandel · £64.00 · 0 in stock · 3 days to deliver',
    ]);
  });

  it('searches by what was typed', async () => {
    const calls = serveTyres();
    const user = renderTyresTab();
    await screen.findByRole('article', { name: 'Hankook Ventus Prime 4' });
    await user.type(screen.getByLabelText('Size, brand, pattern or EAN'), '205/55 R16');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('/api/tyres/catalogue?q=205%2F55+R16&after=0'),
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
    await user.click(await screen.findByRole('button', { name: 'Adjust stock or price' }));
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
    await user.click(await screen.findByRole('button', { name: 'Adjust stock or price' }));
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
});

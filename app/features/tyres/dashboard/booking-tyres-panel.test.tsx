// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '#tests/support/api-handlers.ts';
import { makeBooking } from '#app/features/bookings/dashboard/booking-test-data.ts';
import { renderTyresTab, serveTyres } from './tyres-test-data.tsx';

describe('TyresTab: to order', () => {
  it('lists the bookings whose tyres come from the supplier and marks them ordered', async () => {
    const booking = makeBooking({
      id: 31,
      tyre: {
        id: 7,
        description: 'Hankook Ventus Prime 4 205/55 R16 91V',
        quantity: 2,
        price: 8_999,
        total: 17_998,
        source: 'supplier',
        orderedAt: null,
      },
    });
    const sources = [{ supplier: 'Grosshandel', partNumber: 'GH-1001', cost: 5_000, stock: 12, leadDays: 2 }];
    const calls = serveTyres([
      answer('GET /api/tyres/to-order', { status: 200, body: [{ ...booking, sources }] }),
      answer('PUT /api/tyres/to-order/:id', {
        status: 200,
        body: [{ ...booking, sources, tyre: { ...booking.tyre!, orderedAt: '2026-11-26T10:00:00.000Z' } }],
      }),
    ]);
    const user = renderTyresTab();
    await user.click(screen.getByRole('tab', { name: 'To order' }));
    const card = within(
      await screen.findByRole('article', { name: '2 × Hankook Ventus Prime 4 205/55 R16 91V' }),
    );
    card.getByText(/Not ordered yet/);
    card.getByText(/part no\. GH-1001/);
    screen.getByText('1 booking needs tyres from the supplier; 1 not ordered yet.');
    await user.click(card.getByRole('button', { name: 'Mark ordered' }));
    await card.findByRole('button', { name: 'Mark not ordered' });
    card.getByText(/Ordered 26\/11\/2026, 10:00/);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/tyres/to-order/31', body: { ordered: true } },
    ]);
  });
});

describe('TyresTab: held', () => {
  const held = makeBooking({
    id: 41,
    reference: 'ENQ-2611-0041',
    name: 'Robin Held',
    createdAt: '2026-11-25T09:30:00.000Z',
    tyre: {
      id: 7,
      description: 'Hankook Ventus Prime 4 205/55 R16 91V',
      quantity: 6,
      price: 8_999,
      total: 53_994,
      source: 'stock',
      orderedAt: null,
    },
  });

  it('lists the tyres held by online bookings not yet confirmed, and releases one at a press', async () => {
    const calls = serveTyres([
      answer('GET /api/tyres/held', { status: 200, body: [held] }),
      answer('POST /api/tyres/held/:id/release', ({ params }) =>
        params.id === '41' ? { status: 200, body: [] } : { status: 404, body: { error: 'Not found' } },
      ),
    ]);
    const user = renderTyresTab();
    await user.click(screen.getByRole('tab', { name: 'Held' }));
    const card = within(
      await screen.findByRole('article', { name: '6 × Hankook Ventus Prime 4 205/55 R16 91V' }),
    );
    card.getByText(/Robin Held/);
    card.getByText('ENQ-2611-0041');
    card.getByText(/Booked online 25\/11\/2026, 09:30/);
    screen.getByText(/6 tyres are held by 1 online booking not confirmed yet\./);
    await user.click(card.getByRole('button', { name: 'Release' }));
    await screen.findByText(/No online booking waiting to be confirmed holds tyres from stock\./);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/tyres/held/41/release', body: undefined },
    ]);
  });

  it('says why a release failed and keeps the booking listed', async () => {
    serveTyres([
      answer('GET /api/tyres/held', { status: 200, body: [held] }),
      answer('POST /api/tyres/held/:id/release', {
        status: 409,
        body: { error: 'This booking holds no tyres from stock now.' },
      }),
    ]);
    const user = renderTyresTab();
    await user.click(screen.getByRole('tab', { name: 'Held' }));
    const card = await screen.findByRole('article', { name: '6 × Hankook Ventus Prime 4 205/55 R16 91V' });
    await user.click(within(card).getByRole('button', { name: 'Release' }));
    await screen.findByText('This booking holds no tyres from stock now.');
    expect(screen.getByRole('article', { name: '6 × Hankook Ventus Prime 4 205/55 R16 91V' })).toBe(card);
  });
});

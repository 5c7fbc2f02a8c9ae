// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, serveApi } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { JobsTab } from './jobs-tab.tsx';
import { makeTakings } from './jobs-test-data.ts';

function serveTakings() {
  return serveApi(
    answer('GET /api/takings', ({ query }) => ({
      status: 200,
      body: makeTakings({ date: query.get('date')! }),
    })),
    answer('GET /api/jobs', { status: 200, body: [] }),
  ).calls;
}

/** Each cell's amount (on a phone a method's cell also names the method, before it). */
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.lastChild?.textContent);

describe('Takings', () => {
  it('shows an owner the day’s total, by method and by fitter, for cashing up', async () => {
    const calls = serveTakings();
    renderStaffUi(<JobsTab role="owner" />, { route: '/?date=2026-11-24' });
    await userEvent.click(screen.getByRole('button', { name: 'Takings' }));
    await screen.findByText('Taken in all');
    expect(screen.getByText('Taken in all').nextElementSibling?.textContent).toBe('£415.00');
    const method = (name: string) =>
      screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(['Card', 'Cash', 'Bank transfer', 'On account', 'Online'].map(method)).toEqual([
      '£220.00',
      '£95.00',
      '£100.00',
      '£0.00',
      '£0.00',
    ]);
    const table = within(screen.getByRole('table', { name: 'By fitter' }));
    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Taken by',
      'Card',
      'Cash',
      'Bank transfer',
      'On account',
      'Online',
      'Total',
    ]);
    expect(cells(table.getByRole('row', { name: /^dave/ }))).toEqual([
      '£220.00',
      '£95.00',
      '£0.00',
      '£0.00',
      '£0.00',
      '£315.00',
    ]);
    table.getByText('3 payments');
    expect(cells(table.getByRole('row', { name: /^priya/ }))).toEqual([
      '£0.00',
      '£0.00',
      '£100.00',
      '£0.00',
      '£0.00',
      '£100.00',
    ]);
    expect(cells(table.getByRole('row', { name: /^All fitters/ }))).toEqual([
      '£220.00',
      '£95.00',
      '£100.00',
      '£0.00',
      '£0.00',
      '£415.00',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await screen.findByText('Monday 23 November 2026');
    expect(calls.filter((call) => call.path.startsWith('/api/takings')).map((call) => call.path)).toEqual([
      '/api/takings?date=2026-11-24',
      '/api/takings?date=2026-11-23',
    ]);
  });

  it('names the money paid online as Stripe’s, and a taker without an account otherwise as deleted', async () => {
    const taker = (fitter: { id: number | null; name: string }, method: 'online' | 'cash') => ({
      fitter,
      total: 5_000,
      payments: 1,
      byMethod: { card: 0, cash: 0, 'bank-transfer': 0, account: 0, online: 0, [method]: 5_000 },
    });
    serveApi(
      answer('GET /api/takings', {
        status: 200,
        body: makeTakings({
          fitters: [
            taker({ id: null, name: 'Online (Stripe)' }, 'online'),
            taker({ id: null, name: 'sam' }, 'cash'),
          ],
        }),
      }),
      answer('GET /api/jobs', { status: 200, body: [] }),
    );
    renderStaffUi(<JobsTab role="owner" />, { route: '/?part=takings&date=2026-11-24' });
    const table = within(await screen.findByRole('table', { name: 'By fitter' }));
    expect(table.getAllByRole('rowheader').map((header) => header.firstChild?.textContent)).toEqual([
      'Online (Stripe)',
      'sam (account deleted)',
      'All fitters',
    ]);
  });

  it('is not there for staff, even when the address asks for it', async () => {
    const calls = serveTakings();
    renderStaffUi(<JobsTab role="staff" />, { route: '/?part=takings&date=2026-11-24' });
    await screen.findByText('No jobs on this day');
    expect(screen.queryByRole('button', { name: 'Takings' })).toBeNull();
    expect(
      within(screen.getByRole('group', { name: 'Show' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['The day', 'Vehicle history']);
    expect(screen.queryByText('Taken in all')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/takings'))).toBe(false);
  });
});

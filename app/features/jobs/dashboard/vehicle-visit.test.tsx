// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VehicleHistory } from '#common/jobs/jobs.ts';
import { answer, serveApi } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { JobsTab } from './jobs-tab.tsx';
import { makeRecord, makeVehicleHistory, makeVehicleJob } from './jobs-test-data.ts';

function serveVehicle(history: VehicleHistory) {
  return serveApi(
    answer('GET /api/vehicles/:registration', ({ params }) =>
      params.registration === history.registration
        ? { status: 200, body: history }
        : { status: 404, body: { error: 'Not found' } },
    ),
  ).calls;
}

const history = makeVehicleHistory({
  jobs: [
    makeVehicleJob({
      invoices: [
        { number: 'INV-000042', kind: 'invoice', total: 19_800, issuedAt: '2026-11-24T10:41:00.000Z' },
        { number: 'CN-000003', kind: 'credit-note', total: 2_000, issuedAt: '2026-11-26T09:00:00.000Z' },
      ],
    }),
    makeVehicleJob({
      id: 17,
      date: '2025-03-02',
      service: 'Puncture Repair',
      fitter: null,
      record: makeRecord({ tyres: [], removedTreadMm: {}, advisories: '', notes: '' }),
      invoices: [
        { number: 'INV-000007', kind: 'invoice', total: 2_500, issuedAt: '2025-03-02T11:00:00.000Z' },
      ],
    }),
    makeVehicleJob({ id: 30, date: '2024-10-01', status: 'not-completed', record: null, invoices: [] }),
  ],
});

const visit = (name: RegExp) => screen.getByRole('article', { name }) as HTMLElement;

// A vehicle's history in the Jobs tab: each visit as the jobs show it (vehicle-visit.tsx), within
// the vehicles' lookup and history (app/features/vehicles).
describe('Vehicle history, its visits', () => {
  it('opens the history of the vehicle the address names', async () => {
    const calls = serveVehicle(history);
    renderStaffUi(<JobsTab role="staff" />, { route: '/?vehicle=ab12cde' });
    await screen.findByRole('heading', { name: 'AB12 CDE Ford Focus 2019 3 jobs' });
    expect(calls.map((call) => call.path)).toEqual(['/api/vehicles/AB12CDE']);
    expect(screen.getByRole('textbox', { name: 'Registration' })).toHaveProperty('value', 'AB12 CDE');
    expect(screen.getAllByRole('article').map((article) => article.querySelector('h4')?.textContent)).toEqual(
      [
        'Tue 24 Nov 2026 · Tyre Replacement',
        'Sun 2 Mar 2025 · Puncture Repair',
        'Tue 1 Oct 2024 · Tyre Replacement',
      ],
    );
  });

  it('shows each tyre fitted with its DOT, and the removed tread highlighted by how worn it was', async () => {
    serveVehicle(history);
    renderStaffUi(<JobsTab role="staff" />, { route: '/?vehicle=AB12CDE' });
    await screen.findByRole('heading', { name: /AB12 CDE/ });
    const tyres = within(within(visit(/24 Nov 2026/)).getByRole('table'));
    const row = (position: string) => within(tyres.getByRole('row', { name: new RegExp(`^${position}`) }));
    row('Near-side front').getByText('DOT 2324 (week 23, 2024)');
    row('Off-side front').getByText('DOT 0125 (week 1, 2025)');
    row('Near-side front').getByText('Michelin Primacy 4');
    expect(
      row('Near-side front').getByText('2.5 mm').closest('[data-tread]')?.getAttribute('data-tread'),
    ).toBe('low');
    // The words as well as the colour: "Low" inside the amber reading.
    expect(row('Near-side front').getByText('Low').closest('[data-tread]')?.textContent).toBe('2.5 mmLow');
    expect(row('Off-side front').getByText('1.4 mm').closest('[data-tread]')?.className).toContain(
      'bg-red-100',
    );
    row('Off-side front').getByText('Below legal limit');
    expect(row('Near-side rear').getByText('4.2 mm').closest('[data-tread]')?.className).not.toMatch(
      /amber|red/,
    );
    row('Near-side rear').getByText('None fitted');
    expect(tyres.queryByRole('row', { name: /Off-side rear/ })).toBeNull();
    expect(row('Near-side front').getByText('2.5 mm').closest('[data-tread]')?.className).toContain(
      'bg-amber-100',
    );
  });

  it('shows the advisories, notes, checks, fitter and the invoices and credit notes with their PDFs', async () => {
    serveVehicle(history);
    renderStaffUi(<JobsTab role="staff" />, { route: '/?vehicle=AB12CDE' });
    await screen.findByRole('heading', { name: /AB12 CDE/ });
    const latest = within(visit(/24 Nov 2026/));
    latest.getByText('Rear tyres worn on the inner edge: check the tracking.');
    latest.getByText('Locking wheel nut key returned to the glovebox.');
    latest.getByText(/Fitter: dave/);
    expect(latest.getByText('Wheel nuts torqued:').parentElement?.textContent).toBe(
      'Wheel nuts torqued: Yes',
    );
    expect(latest.getByText('TPMS reset:').parentElement?.textContent).toBe('TPMS reset: No');
    expect(latest.getByRole('link', { name: /Invoice INV-000042/ }).getAttribute('href')).toBe(
      '/api/jobs/42/invoice.pdf?number=INV-000042',
    );
    expect(latest.getByRole('link', { name: /Credit note CN-000003/ }).getAttribute('href')).toBe(
      '/api/jobs/42/invoice.pdf?number=CN-000003',
    );
    latest.getByText('£198.00');
    latest.getByText('−£20.00');
    within(visit(/2 Mar 2025/)).getByText(/No fitter/);
    within(visit(/1 Oct 2024/)).getByText('Not completed');
    // Staff see the invoices, not the owner's Credit note action.
    expect(screen.queryByRole('button', { name: /Credit note/ })).toBeNull();
  });

  it('lets an owner credit what is left of a visit’s invoice', async () => {
    serveVehicle(history);
    renderStaffUi(<JobsTab role="owner" />, { route: '/?vehicle=AB12CDE' });
    await screen.findByRole('heading', { name: /AB12 CDE/ });
    expect(within(visit(/1 Oct 2024/)).queryByRole('button', { name: /Credit note/ })).toBeNull();
    await userEvent.click(
      within(visit(/24 Nov 2026/)).getByRole('button', { name: 'Credit note for ENQ-2611-0042' }),
    );
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Issue a credit note' }));
    dialog.getByText('Leave empty to credit the £178.00 left of the invoice’s £198.00.');
    dialog.getByText(/Against invoice INV-000042 \(£198\.00\)/);
  });
});

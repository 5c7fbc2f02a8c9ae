// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { VehicleHistory, VehicleJob } from '#common/jobs/jobs.ts';
import { answer, serveApi } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { VehicleHistoryResult, type VisitComponent } from './vehicle-history.tsx';
import { VehicleSearch } from './vehicle-search.tsx';

/** Test data: one visit in a vehicle's history, with overrides. */
function makeVisit(overrides: Partial<VehicleJob> = {}): VehicleJob {
  return {
    id: 42,
    reference: 'ENQ-2611-0042',
    date: '2026-11-24',
    service: 'Tyre Replacement',
    status: 'completed',
    notCompletedReason: null,
    locationName: 'Mobile fitting',
    fitter: 'dave',
    record: null,
    completedAt: '2026-11-24T10:40:00.000Z',
    invoices: [],
    ...overrides,
  };
}

/** Test data: a vehicle's history, with overrides. */
function makeVehicleHistory(overrides: Partial<VehicleHistory> = {}): VehicleHistory {
  return {
    registration: 'AB12CDE',
    vehicle: 'Ford Focus 2019',
    motExpiry: null,
    motExpirySource: null,
    motTest: null,
    motCheckedAt: null,
    registered: null,
    jobs: [makeVisit()],
    ...overrides,
  };
}

function serveVehicle(history: VehicleHistory) {
  return serveApi(
    answer('GET /api/vehicles/:registration', ({ params }) =>
      params.registration === history.registration
        ? { status: 200, body: history }
        : { status: 404, body: { error: 'Not found' } },
    ),
  ).calls;
}

/** A visit as a caller shows it (the Jobs tab shows its own card of the job). */
const Visit: VisitComponent = ({ job, role }) => (
  <article aria-label={`Visit ${job.reference}`}>
    {job.date} · {job.service} · {role}
  </article>
);

/** The lookup as the Jobs tab lays it out: the search, then the history of what it found. */
function VehicleLookup({ initial = '' }: { initial?: string }) {
  const [registration, setRegistration] = useState(initial);
  return (
    <>
      <VehicleSearch initial={initial} onFind={setRegistration} />
      {registration && <VehicleHistoryResult registration={registration} role="staff" Visit={Visit} />}
    </>
  );
}

describe('Vehicle history', () => {
  it('shows the plate, the vehicle and its visits newest first, each as the caller shows it', async () => {
    const calls = serveVehicle(
      makeVehicleHistory({
        jobs: [makeVisit(), makeVisit({ id: 17, reference: 'ENQ-2503-0017', date: '2025-03-02' })],
      }),
    );
    renderStaffUi(<VehicleLookup initial="AB12CDE" />);
    await screen.findByRole('heading', { name: 'AB12 CDE Ford Focus 2019 2 jobs' });
    expect(calls.map((call) => call.path)).toEqual(['/api/vehicles/AB12CDE']);
    expect(screen.getAllByRole('article').map((article) => article.textContent)).toEqual([
      '2026-11-24 · Tyre Replacement · staff',
      '2025-03-02 · Tyre Replacement · staff',
    ]);
  });

  it('checks the registration before looking it up, then finds it as stored', async () => {
    const calls = serveVehicle(makeVehicleHistory({ registration: 'KX19ABC', vehicle: null, jobs: [] }));
    renderStaffUi(<VehicleLookup />);
    const field = screen.getByRole('textbox', { name: 'Registration' });
    await userEvent.type(field, 'not a reg');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByText('Enter the vehicle’s registration, for example AB12 CDE');
    expect(calls).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, 'kx19 abc');
    await waitFor(() =>
      expect(screen.queryByText('Enter the vehicle’s registration, for example AB12 CDE')).toBeNull(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByText('No jobs on this vehicle yet.');
    expect(calls.map((call) => call.path)).toEqual(['/api/vehicles/KX19ABC']);
  });

  it('shows the MOT expiry and lets staff set it, with the server’s refusal at the field', async () => {
    let stored: string | null = '2027-11-24';
    const { calls } = serveApi(
      answer('PUT /api/vehicles/:registration', ({ body: { motExpiry } }) => {
        if (motExpiry < '2000-01-01') return { status: 400, body: { error: 'Refused on purpose.' } };
        stored = motExpiry;
        return { status: 200, body: { registration: 'AB12CDE', motExpiry } };
      }),
      answer('GET /api/vehicles/:registration', () => ({
        status: 200,
        body: makeVehicleHistory({ motExpiry: stored }),
      })),
    );
    renderStaffUi(<VehicleLookup initial="AB12CDE" />);
    const form = within(await screen.findByRole('form', { name: 'MOT expiry' }));
    form.getByText('Runs out on Wednesday 24 November 2027, set by hand');
    const field = form.getByLabelText('New MOT expiry');
    expect(field).toHaveProperty('value', '2027-11-24');

    await userEvent.clear(field);
    await userEvent.click(form.getByRole('button', { name: 'Save MOT expiry' }));
    await waitFor(() =>
      expect(form.getByRole('alert').textContent).toBe('Enter the MOT expiry as a date, YYYY-MM-DD'),
    );
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await userEvent.type(field, '1999-01-01');
    await userEvent.click(form.getByRole('button', { name: 'Save MOT expiry' }));
    await waitFor(() => expect(form.getByRole('alert').textContent).toBe('Refused on purpose.'));

    await userEvent.clear(field);
    await userEvent.type(field, '2026-12-14');
    await userEvent.click(form.getByRole('button', { name: 'Save MOT expiry' }));
    await screen.findByText('Runs out on Monday 14 December 2026, set by hand');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/vehicles/AB12CDE', body: { motExpiry: '1999-01-01' } },
      { method: 'PUT', path: '/api/vehicles/AB12CDE', body: { motExpiry: '2026-12-14' } },
    ]);
  });

  it('shows what the DVLA and the DVSA said, the MOT test’s tyre items with its date, and looks the vehicle up again', async () => {
    let looked = false;
    const { calls } = serveApi(
      answer('POST /api/vehicles/:registration/lookup', () => {
        looked = true;
        return { status: 200, body: { registration: 'AB12CDE', dvla: 'found', motHistory: 'read' } };
      }),
      answer('GET /api/vehicles/:registration', () => ({
        status: 200,
        body: makeVehicleHistory({
          motExpiry: looked ? '2027-10-01' : null,
          motExpirySource: looked ? 'dvsa' : null,
          motCheckedAt: looked ? '2026-11-24T10:00:00.000Z' : null,
          registered: looked
            ? {
                registration: 'AB12CDE',
                make: 'Ford',
                colour: 'Blue',
                yearOfManufacture: 2019,
                fuelType: 'Petrol',
                motExpiryDate: '2027-10-01',
              }
            : null,
          motTest: looked
            ? {
                date: '2026-10-02',
                result: 'passed',
                expiry: '2027-10-01',
                number: '914655760009',
                tyreItems: [
                  {
                    type: 'advisory',
                    text: 'Nearside Rear Tyre worn close to legal limit',
                    dangerous: false,
                  },
                ],
              }
            : null,
        }),
      })),
    );
    renderStaffUi(<VehicleLookup initial="AB12CDE" />);
    const data = within(await screen.findByRole('region', { name: 'Vehicle data' }));
    data.getByText('Not looked up');
    data.getByText('Not read');
    await userEvent.click(data.getByRole('button', { name: 'Look up again' }));
    await data.findByText('Blue Ford, 2019, petrol');
    data.getByText('Passed on Friday 2 October 2026');
    expect(data.getByRole('list', { name: 'Tyre items of the latest MOT test' }).textContent).toBe(
      'advisory: Nearside Rear Tyre worn close to legal limit',
    );
    await screen.findByText('Runs out on Friday 1 October 2027, from the MOT history (DVSA)');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/vehicles/AB12CDE/lookup',
    ]);
  });
});

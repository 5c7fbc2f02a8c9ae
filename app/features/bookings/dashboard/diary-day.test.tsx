// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDayRoute, makeRouteStop } from '#tests/support/day-route-data.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { BookingsTab } from './bookings-tab.tsx';
import { makeBooking } from './booking-test-data.ts';
import { serveDiary } from './diary-api-handlers.ts';

const renderTab = () => renderStaffUi(<BookingsTab />, { route: '/?date=2026-11-24' });

describe('The diary’s drives', () => {
  it('shows the drive to each of a fitter’s mobile jobs from the one before', async () => {
    const dave = { id: 7, name: 'Dave Smith' };
    const calls = serveDiary({
      bookings: [
        makeBooking({ id: 1, name: 'Ann First', fitter: dave }),
        makeBooking({ id: 2, name: 'Bob Second', start: '10:00', fitter: dave }),
        makeBooking({ id: 3, name: 'Cat Branch', location: 'harold-hill', fitter: dave }),
        makeBooking({ id: 4, name: 'Dan Unassigned', start: '12:00' }),
      ],
      routes: (date, fitterId) =>
        makeDayRoute({
          date,
          fitterId,
          start: null,
          stops: [
            makeRouteStop({ bookingId: 1, driveMinutes: 0, miles: 0 }),
            makeRouteStop({ bookingId: 2, start: '10:00', end: '12:00', driveMinutes: 12, miles: 4.1 }),
          ],
        }),
    });
    renderTab();
    const bob = await screen.findByRole('article', { name: 'Bob Second' });
    await within(bob).findByText('12 min drive from the previous job');
    for (const name of ['Ann First', 'Cat Branch', 'Dan Unassigned']) {
      expect(screen.getByRole('article', { name }).textContent).not.toContain('min drive');
    }
    expect(calls.filter((call) => call.path.startsWith('/api/jobs/route')).map((call) => call.path)).toEqual([
      '/api/jobs/route?date=2026-11-24&fitterId=7',
    ]);
  });

  it('shows no drive where the fitter’s route does not know one', async () => {
    serveDiary({
      bookings: [makeBooking({ id: 2, name: 'Bob Second', fitter: { id: 7, name: 'Dave Smith' } })],
    });
    renderTab();
    const bob = await screen.findByRole('article', { name: 'Bob Second' });
    await waitFor(() => expect(bob.textContent).not.toContain('min drive'));
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ManagedBookingPanel } from './managed-booking-panel.tsx';
import type { ManageActionData, ManagedBookingView } from './managed-booking-types.ts';

afterEach(cleanup);

function booking(overrides: Partial<ManagedBookingView> = {}): ManagedBookingView {
  return {
    reference: 'ENQ-2611-0042',
    status: 'booked',
    statusLabel: 'Booked',
    serviceTitle: 'Puncture Repair',
    locationName: 'Upminster branch',
    address: 'Unit 2, Example Business Park, Upminster RM14 0XX',
    date: 'Wednesday 25 November 2026',
    window: '8:00am – 10:00am',
    name: 'Sarah Mitchell',
    registration: 'AB12 CDE',
    vehicle: 'Ford Focus',
    postcode: null,
    tyres: null,
    canCancel: true,
    noticeHours: 4,
    ...overrides,
  };
}

/** The panel on its page, whose action records what the cancel form sends. */
async function renderPanel(
  view: ManagedBookingView,
  { booked = false, action = undefined as ManageActionData | undefined } = {},
) {
  const posts: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: '/bookings/manage/:token',
      Component: () => (
        <ManagedBookingPanel booking={view} booked={booked} cancelled={false} action={action} />
      ),
      action: async ({ request }) => {
        posts.push(
          Object.fromEntries([...(await request.formData())].map(([key, value]) => [key, String(value)])),
        );
        return null;
      },
    },
  ]);
  render(<Stub initialEntries={['/bookings/manage/abc']} />);
  await screen.findByRole('heading', { name: 'Booking details' });
  return { posts, user: userEvent.setup({ delay: null }) };
}

describe('ManagedBookingPanel', () => {
  it('names the tyres booked, how many and the total', async () => {
    await renderPanel(
      booking({
        tyres: {
          what: '2 × Hankook Ventus Prime 4 205/55 R16 91V',
          total: '£149.98 in all (£74.99 each), fully fitted, VAT included',
        },
      }),
    );
    const details = screen.getByRole('region', { name: 'Booking details' });
    expect(details.textContent).toContain('Tyres2 × Hankook Ventus Prime 4 205/55 R16 91V');
    expect(details.textContent).toContain('£149.98 in all (£74.99 each), fully fitted, VAT included');
  });

  it('shows the booking, and the confirmation just after booking', async () => {
    await renderPanel(booking(), { booked: true });
    expect(screen.getByRole('status').textContent).toBe(
      'Booking confirmedWe have e-mailed the details and a calendar entry.',
    );
    const details = screen.getByRole('region', { name: 'Booking details' });
    for (const text of [
      'Upminster branch',
      'Unit 2, Example Business Park',
      '8:00am – 10:00am',
      'AB12 CDE',
    ]) {
      expect(details.textContent).toContain(text);
    }
    expect(details.textContent).toContain('Status: Booked');
  });

  it('asks in a dialog before cancelling, and sends the confirmed cancellation', async () => {
    const { posts, user } = await renderPanel(booking());
    screen.getByText(/You can cancel online until 4 hours before the appointment/);
    await user.click(await screen.findByRole('button', { name: 'Cancel this booking' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    expect(posts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel this booking' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel' }),
    );
    await waitFor(() => expect(posts).toEqual([{ intent: 'cancel', confirm: 'yes' }]));
  });

  it('without the dialog, asks again in the page after the first press', async () => {
    const { posts, user } = await renderPanel(booking(), { action: { outcome: 'confirm' } });
    screen.getByRole('heading', { name: 'Cancel this booking?' });
    expect(screen.getByRole('link', { name: 'No, keep my booking' }).getAttribute('href')).toBe(
      '/bookings/manage/abc',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(posts).toEqual([{ intent: 'cancel', confirm: 'yes' }]));
  });

  it('gives the phone number once online cancellation has closed', async () => {
    await renderPanel(booking({ canCancel: false }));
    expect(screen.queryByRole('button', { name: 'Cancel this booking' })).toBeNull();
    screen.getByText(/Online cancellation has closed for this booking/);
    expect(screen.getByRole('link', { name: '020 7946 0123' }).getAttribute('href')).toBe(
      'tel:+442079460123',
    );
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ManagedBookingPanel } from './managed-booking-panel.tsx';
import type { ManageActionData, ManagedBookingView, MoveChoice } from './managed-booking-types.ts';

afterEach(cleanup);

function booking(overrides: Partial<ManagedBookingView> = {}): ManagedBookingView {
  return {
    reference: 'BK-2611-0042',
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
    callOut: null,
    canCancel: true,
    noticeHours: 4,
    nextSteps: ['We have e-mailed your confirmation.', 'Pay when the work is done.'],
    calendarHref: '/api/bookings/manage/abc/calendar.ics',
    report: null,
    reviewHref: null,
    deposit: null,
    cancelDeposit: null,
    ...overrides,
  };
}

/** The panel on its page, whose action records what the cancel form sends. */
async function renderPanel(
  view: ManagedBookingView,
  {
    booked = false,
    moved = false,
    move = null as MoveChoice | null,
    action = undefined as ManageActionData | undefined,
  } = {},
) {
  const posts: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: '/bookings/manage/:token',
      Component: () => (
        <ManagedBookingPanel
          booking={view}
          booked={booked}
          cancelled={false}
          moved={moved}
          move={move}
          action={action}
        />
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

  it('names the call-out charge by distance when the booking has one', async () => {
    await renderPanel(booking({ callOut: '£10.00' }));
    const details = screen.getByRole('region', { name: 'Booking details' });
    expect(details.textContent).toContain('Call-out£10.00');
  });

  it('shows the booking, and the confirmation just after booking', async () => {
    await renderPanel(booking(), { booked: true });
    expect(screen.getByRole('status').textContent).toBe(
      'Booking confirmedYour booking reference is BK-2611-0042. Please quote it if you call us.',
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
    screen.getByText(/Online changes have closed for this booking/);
    expect(screen.queryByRole('link', { name: 'Change the time' })).toBeNull();
    expect(screen.getByRole('link', { name: '020 7946 0123' }).getAttribute('href')).toBe(
      'tel:+442079460123',
    );
  });

  it('says what happens next, in order, and offers the calendar entry', async () => {
    await renderPanel(booking());
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1We have e-mailed your confirmation.', '2Pay when the work is done.']);
    expect(within(next).getByRole('list').tagName).toBe('OL');
    const calendar = within(next).getByRole('link', { name: /Add to calendar/ });
    expect(calendar.getAttribute('href')).toBe('/api/bookings/manage/abc/calendar.ics');
    expect(calendar.hasAttribute('download')).toBe(true);
  });

  it('shows no next steps nor calendar for a booking that is over', async () => {
    await renderPanel(booking({ status: 'cancelled', canCancel: false, nextSteps: [], calendarHref: null }));
    expect(screen.queryByRole('region', { name: 'What happens next' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Add to calendar/ })).toBeNull();
    expect(screen.queryByText(/Online changes have closed/)).toBeNull();
  });

  it('asks for the free times with a link, then moves to the day and time chosen', async () => {
    const days = [
      { date: '2026-11-26', windows: [{ start: '08:00', end: '10:00', free: 3 }] },
      {
        date: '2026-11-27',
        windows: [
          { start: '08:00', end: '10:00', free: 1 },
          { start: '10:00', end: '12:00', free: 2 },
        ],
      },
    ];
    await renderPanel(booking());
    expect(screen.getByRole('link', { name: 'Change the time' }).getAttribute('href')).toBe(
      '/bookings/manage/abc?move=1#move-title',
    );
    cleanup();
    const { posts, user } = await renderPanel(booking(), {
      move: { days, date: '', horizonDays: 60 },
    });
    const move = await screen.findByRole('region', { name: 'Change the time' });
    expect(move.textContent).toContain('Now: Wednesday 25 November 2026, 8:00am – 10:00am');
    within(move).getByText('Choose a day to see its free times.');
    await user.click(within(move).getByRole('radio', { name: 'Friday 27 November' }));
    within(move).getByRole('group', { name: 'Choose a time on Friday 27 November' });
    await user.click(within(move).getByRole('radio', { name: /10:00am – 12:00pm/ }));
    await user.click(within(move).getByRole('button', { name: 'Move my booking' }));
    await waitFor(() =>
      expect(posts).toEqual([{ intent: 'move', timesFor: '2026-11-27', date: '2026-11-27', start: '10:00' }]),
    );
  });

  it('shows why a move was refused, with the day it was for', async () => {
    await renderPanel(booking(), {
      move: {
        days: [{ date: '2026-11-26', windows: [{ start: '10:00', end: '12:00', free: 1 }] }],
        date: '',
        horizonDays: 60,
      },
      action: {
        outcome: 'move-refused',
        date: '2026-11-26',
        error: 'Sorry, that time has just been booked.',
      },
    });
    const move = await screen.findByRole('region', { name: 'Change the time' });
    expect(within(move).getByRole('alert').textContent).toBe('Sorry, that time has just been booked.');
    expect(within(move).getByRole('radio', { name: 'Thursday 26 November' })).toHaveProperty('checked', true);
    within(move).getByRole('radio', { name: /10:00am – 12:00pm/ });
  });

  it('says so when there is no other free time to move to', async () => {
    await renderPanel(booking(), { move: { days: [], date: '', horizonDays: 60 } });
    await screen.findByText(/There are no other free times in the next 60 days/);
    expect(screen.queryByRole('button', { name: 'Move my booking' })).toBeNull();
  });

  it('tells of the move just made', async () => {
    await renderPanel(booking(), { moved: true });
    expect(screen.getByRole('status').textContent).toContain(
      'Booking movedIt is now on Wednesday 25 November 2026, 8:00am – 10:00am.',
    );
  });

  it('shows a completed job’s report, its invoice and where to leave a review', async () => {
    await renderPanel(
      booking({
        status: 'completed',
        statusLabel: 'Completed',
        canCancel: false,
        nextSteps: [],
        calendarHref: null,
        reviewHref: 'https://g.page/r/example/review',
        report: {
          completedOn: 'Wednesday 25 November 2026',
          fitted: ['Front left (nearside): Hankook Ventus Prime 4 205/55 R16, DOT 1224 (week 12 of 2024)'],
          removedTread: ['Front left (nearside): 1.6 mm'],
          checks: [
            "Wheel nuts torqued to the maker's setting: yes",
            'Tyre pressure monitoring (TPMS) reset: no',
          ],
          advisories: 'Rear tyres near the legal limit.',
          notes: 'Locking nut key in the glovebox.',
          invoice: { number: 'INV-2026-0007', href: '/api/bookings/manage/abc/invoice.pdf' },
        },
      }),
    );
    const report = screen.getByRole('region', { name: 'Job report' });
    for (const text of [
      'Completed on Wednesday 25 November 2026.',
      'Hankook Ventus Prime 4 205/55 R16, DOT 1224',
      'Front left (nearside): 1.6 mm',
      'TPMS) reset: no',
      'Rear tyres near the legal limit.',
      'Locking nut key in the glovebox.',
    ]) {
      expect(report.textContent).toContain(text);
    }
    expect(
      within(report)
        .getByRole('link', { name: 'Download VAT invoice INV-2026-0007 (PDF)' })
        .getAttribute('href'),
    ).toBe('/api/bookings/manage/abc/invoice.pdf');
    const review = screen.getByRole('link', { name: /Leave a review/ });
    expect(review.getAttribute('href')).toBe('https://g.page/r/example/review');
    expect(review.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByText(/Online changes have closed/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change the time' })).toBeNull();
  });

  it('says the invoice comes once issued, and leaves out a review link not set', async () => {
    await renderPanel(
      booking({
        status: 'completed',
        canCancel: false,
        nextSteps: [],
        calendarHref: null,
        report: {
          completedOn: 'Wednesday 25 November 2026',
          fitted: [],
          removedTread: [],
          checks: ["Wheel nuts torqued to the maker's setting: yes"],
          advisories: '',
          notes: '',
          invoice: null,
        },
      }),
    );
    screen.getByText('Your VAT invoice will be e-mailed to you once it is issued.');
    expect(screen.queryByRole('link', { name: /Leave a review/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Tyres fitted' })).toBeNull();
  });
});

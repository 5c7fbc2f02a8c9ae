// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import type { ApiCall } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { makeJob } from '#app/features/jobs/dashboard/jobs-test-data.ts';
import { BookingsTab } from './bookings-tab.tsx';
import { formatDiaryDate } from './booking-format.ts';
import { fitters, makeBooking } from './booking-test-data.ts';
import { diaryRange } from './diary-groups.ts';
import { serveDiary } from './diary-api-handlers.ts';

const serve = serveDiary;

const today = londonDate(new Date());
const renderDay = (date = today, extra = '') =>
  renderStaffUi(<BookingsTab />, { route: `/?date=${date}${extra}` });

const card = async (name: string) => within(await screen.findByRole('article', { name }));
const fitterList = (booking: ReturnType<typeof within>) =>
  booking.getByRole('combobox', { name: 'Fitter' }) as HTMLSelectElement;
const shownFitter = (select: HTMLSelectElement) => select.selectedOptions[0]?.text;
const puts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'PUT').map((call) => ({ path: call.path, body: call.body }));

describe('giving a booking to a fitter', () => {
  it('offers the fitters, sends the one chosen and shows it', async () => {
    const calls = serve({ bookings: [makeBooking({ date: today })] });
    renderDay();
    const booking = await card('Sarah Mitchell');
    const select = fitterList(booking);
    await waitFor(() =>
      expect([...select.options].map((option) => option.text)).toEqual([
        'Not given to a fitter',
        'Dave Smith',
        'kemal',
      ]),
    );
    expect(shownFitter(select)).toBe('Not given to a fitter');
    booking.getByText('No fitter yet');

    await userEvent.selectOptions(select, 'kemal');
    await screen.findByText('Booking ENQ-2611-0042 given to kemal.');
    expect(puts(calls)).toEqual([{ path: '/api/bookings/42', body: { fitterId: 9 } }]);
    await waitFor(() => expect(booking.queryByText('No fitter yet')).toBeNull());
    expect(shownFitter(fitterList(booking))).toBe('kemal');
    expect(booking.queryByRole('alert')).toBeNull();
  });

  it('gives it to another fitter, and takes it back', async () => {
    const calls = serve({ bookings: [makeBooking({ date: today, fitter: fitters.dave })] });
    renderDay();
    const booking = await card('Sarah Mitchell');
    await waitFor(() => expect(shownFitter(fitterList(booking))).toBe('Dave Smith'));
    expect(booking.queryByText('No fitter yet')).toBeNull();

    await userEvent.selectOptions(fitterList(booking), 'kemal');
    await screen.findByText('Booking ENQ-2611-0042 given to kemal.');
    await waitFor(() => expect(shownFitter(fitterList(booking))).toBe('kemal'));
    await userEvent.selectOptions(fitterList(booking), 'Not given to a fitter');
    await screen.findByText('Booking ENQ-2611-0042 taken back from kemal.');
    await booking.findByText('No fitter yet');
    expect(puts(calls)).toEqual([
      { path: '/api/bookings/42', body: { fitterId: 9 } },
      { path: '/api/bookings/42', body: { fitterId: null } },
    ]);
  });

  it("keeps the fitter it had and shows the server's reason when the change is refused", async () => {
    serve({
      bookings: [makeBooking({ date: today, fitter: fitters.dave })],
      put: () => ({
        status: 400,
        body: {
          error: 'Please check the highlighted fields and try again.',
          fieldErrors: {
            fitterId: ['Choose a fitter: an account with the Fitter role that is not disabled.'],
          },
        },
      }),
    });
    renderDay();
    const booking = await card('Sarah Mitchell');
    await waitFor(() => expect(shownFitter(fitterList(booking))).toBe('Dave Smith'));
    await userEvent.selectOptions(fitterList(booking), 'kemal');
    expect((await booking.findByRole('alert')).textContent).toBe(
      'Choose a fitter: an account with the Fitter role that is not disabled.',
    );
    expect(shownFitter(fitterList(booking))).toBe('Dave Smith');
    expect(fitterList(booking).getAttribute('aria-invalid')).toBe('true');
  });

  it("says why when the booking can no longer be given, in the server's words", async () => {
    serve({
      bookings: [makeBooking({ date: today })],
      put: () => ({
        status: 409,
        body: { error: 'This booking is cancelled: it cannot be given to a fitter.' },
      }),
    });
    renderDay();
    const booking = await card('Sarah Mitchell');
    await waitFor(() => expect(fitterList(booking).options).toHaveLength(3));
    await userEvent.selectOptions(fitterList(booking), 'Dave Smith');
    expect((await booking.findByRole('alert')).textContent).toBe(
      'This booking is cancelled: it cannot be given to a fitter.',
    );
    expect(shownFitter(fitterList(booking))).toBe('Not given to a fitter');
    booking.getByText('No fitter yet');
  });

  it('still shows a fitter who is no longer in the list, and only names the fitter of a finished booking', async () => {
    serve({
      bookings: [
        makeBooking({ id: 1, date: today, name: 'Priya Shah', fitter: { id: 30, name: 'former' } }),
        makeBooking({ id: 2, date: today, name: 'Tom Hughes', status: 'completed', fitter: fitters.dave }),
      ],
    });
    renderDay();
    const priya = await card('Priya Shah');
    await waitFor(() =>
      expect([...fitterList(priya).options].map((option) => option.text)).toEqual([
        'Not given to a fitter',
        'former',
        'Dave Smith',
        'kemal',
      ]),
    );
    expect(shownFitter(fitterList(priya))).toBe('former');
    const tom = await card('Tom Hughes');
    expect(tom.queryByRole('combobox')).toBeNull();
    expect((await screen.findByRole('article', { name: 'Tom Hughes' })).textContent).toContain(
      'Fitter: Dave Smith',
    );
  });
});

describe('No fitter yet', () => {
  const unassigned = (date: string) => [
    makeBooking({ id: 1, date, name: 'Booked Nobody' }),
    makeBooking({ id: 2, date, name: 'Confirmed Nobody', status: 'confirmed' }),
    makeBooking({ id: 3, date, name: 'Booked Dave', fitter: fitters.dave }),
    makeBooking({ id: 4, date, name: 'Done Nobody', status: 'completed' }),
    makeBooking({ id: 5, date, name: 'Absent Nobody', status: 'no-show' }),
    makeBooking({
      id: 6,
      date,
      name: 'Gone Nobody',
      status: 'cancelled',
      cancelReason: 'Sold',
      cancelledBy: 'alice',
    }),
  ];
  const badged = async () => {
    await screen.findByRole('article', { name: 'Booked Nobody' });
    return screen
      .getAllByRole('article')
      .filter((article) => within(article).queryByText('No fitter yet'))
      .map((article) => within(article).getByRole('heading').textContent);
  };

  it('marks the active bookings of today that no fitter has, and counts them', async () => {
    serve({ bookings: unassigned(today) });
    renderDay(today, '&cancelled=1');
    expect(await badged()).toEqual(['Booked Nobody', 'Confirmed Nobody']);
    screen.getByText('2 without a fitter');
  });

  it('marks those of the coming days too', async () => {
    const tomorrow = addDays(today, 1);
    serve({ bookings: unassigned(tomorrow) });
    renderDay(tomorrow, '&cancelled=1');
    expect(await badged()).toEqual(['Booked Nobody', 'Confirmed Nobody']);
  });

  it('leaves past days alone', async () => {
    const yesterday = addDays(today, -1);
    serve({ bookings: unassigned(yesterday) });
    renderDay(yesterday, '&cancelled=1');
    expect(await badged()).toEqual([]);
    expect(screen.queryByText(/without a fitter/)).toBeNull();
  });

  it('counts them for each day of the week, and the week in all', async () => {
    const { from: monday } = diaryRange('week', addDays(today, 14));
    const wednesday = addDays(monday, 2);
    serve({
      bookings: [
        ...unassigned(monday),
        makeBooking({ id: 20, date: wednesday, name: 'Wednesday Nobody' }),
        makeBooking({ id: 21, date: wednesday, name: 'Wednesday Dave', fitter: fitters.dave }),
      ],
    });
    renderStaffUi(<BookingsTab />, { route: `/?date=${monday}&view=week` });
    await screen.findByText('Wednesday Nobody');
    const countOf = (date: string) =>
      within(screen.getByRole('region', { name: formatDiaryDate(date) })).queryByText(/without a fitter/)
        ?.textContent;
    expect(countOf(monday)).toBe('2 without a fitter');
    expect(countOf(addDays(monday, 1))).toBeUndefined();
    expect(countOf(wednesday)).toBe('1 without a fitter');
    // The week's total beside its dates.
    screen.getByText('3 without a fitter');
  });
});

describe("the job's progress", () => {
  it('shows how far the fitter has got', async () => {
    serve({
      bookings: [
        makeBooking({
          date: today,
          fitter: fitters.dave,
          job: { status: 'on-the-way', notCompletedReason: null, priceHeld: false, linesReason: null },
        }),
      ],
    });
    renderDay();
    const booking = await card('Sarah Mitchell');
    booking.getByText('On the way');
    expect(booking.queryByText(/Not completed/)).toBeNull();
  });

  it('shows why the fitter could not complete it, and how to send someone back', async () => {
    serve({
      bookings: [
        makeBooking({
          date: today,
          fitter: fitters.dave,
          job: {
            status: 'not-completed',
            notCompletedReason: 'Locking wheel nut key missing',
            priceHeld: false,
            linesReason: null,
          },
        }),
      ],
    });
    renderDay();
    const booking = await screen.findByRole('article', { name: 'Sarah Mitchell' });
    const text = booking.textContent ?? '';
    expect(text).toContain('Reason: Locking wheel nut key missing');
    expect(text).toContain('Give it to a fitter again to send someone back.');
    // The job's badge.
    within(booking).getByText('Not completed');
  });

  it('sends the same fitter back at a press, and the job starts afresh', async () => {
    const calls = serve({
      bookings: [
        makeBooking({
          date: today,
          fitter: fitters.dave,
          job: {
            status: 'not-completed',
            notCompletedReason: 'No one there',
            priceHeld: false,
            linesReason: null,
          },
        }),
      ],
      put: (_call, booking) => ({
        status: 200,
        body: {
          ...booking,
          job: { status: 'scheduled', notCompletedReason: null, priceHeld: false, linesReason: null },
        },
      }),
    });
    renderDay();
    const booking = await card('Sarah Mitchell');
    await userEvent.click(booking.getByRole('button', { name: 'Send Dave Smith again' }));
    await screen.findByText('Booking ENQ-2611-0042 given to Dave Smith.');
    expect(puts(calls)).toEqual([{ path: '/api/bookings/42', body: { fitterId: fitters.dave.id } }]);
    await waitFor(() => expect(booking.queryByText(/^Reason:/)).toBeNull());
    expect(booking.queryByRole('button', { name: 'Send Dave Smith again' })).toBeNull();
  });

  it('shows a price the fitter cut past the limit as changed, with the reason, until the office approves it', async () => {
    const calls = serve({
      bookings: [
        makeBooking({
          date: today,
          status: 'completed',
          fitter: fitters.dave,
          job: {
            status: 'completed',
            notCompletedReason: null,
            priceHeld: true,
            linesReason: 'Customer is a friend',
          },
        }),
      ],
      approvedJob: (booking) =>
        makeJob({ id: booking.id, status: 'completed', invoice: 'INV-000007', total: 0, paid: 0 }),
    });
    renderDay();
    const booking = await card('Sarah Mitchell');
    booking.getByText('Price changed');
    expect(booking.getByRole('button', { name: /Approve/ }).parentElement!.textContent).toContain(
      'Fitter’s reason: Customer is a friend',
    );
    await userEvent.click(booking.getByRole('button', { name: 'Approve the price and issue the invoice' }));
    await screen.findByText('Booking ENQ-2611-0042: invoice INV-000007 issued.');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/jobs/42/price-approval',
    ]);
    await waitFor(() => expect(booking.queryByText('Price changed')).toBeNull());
    expect(booking.queryByRole('button', { name: /Approve the price/ })).toBeNull();
  });

  it('marks a price change waiting for approval in the week too', async () => {
    const { from: monday } = diaryRange('week', today);
    serve({
      bookings: [
        makeBooking({
          id: 30,
          date: monday,
          name: 'Held Price',
          status: 'completed',
          fitter: fitters.dave,
          job: { status: 'completed', notCompletedReason: null, priceHeld: true, linesReason: 'Friend' },
        }),
        makeBooking({
          id: 31,
          date: monday,
          start: '10:00',
          end: '12:00',
          name: 'Invoiced',
          status: 'completed',
          fitter: fitters.dave,
          job: { status: 'completed', notCompletedReason: null, priceHeld: false, linesReason: null },
        }),
      ],
    });
    renderStaffUi(<BookingsTab />, { route: `/?date=${monday}&view=week` });
    const entryOf = async (name: string) => (await screen.findByText(name)).closest('li')!;
    expect((await entryOf('Held Price')).textContent).toContain('Completed Price changed');
    expect((await entryOf('Invoiced')).textContent).not.toContain('Price changed');
  });

  it('links to the vehicle’s history', async () => {
    serve({ bookings: [makeBooking({ date: today })] });
    renderDay();
    const link = (await card('Sarah Mitchell')).getByRole('link', { name: /^Vehicle history/ });
    expect(link.getAttribute('href')).toBe('/admin/dashboard/jobs?vehicle=AB12CDE');
  });
});

// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ToldAvailabilityDay } from '#common/bookings/slots.ts';
import { londonDate } from '#common/time/london.ts';
import { answer, serveApi, type ApiCall } from '#tests/support/api-handlers.ts';
import { textsAnswers } from '#tests/support/texts-data.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { makePublished } from '#tests/support/site-content.ts';
import { enquiryCountsQueryKey } from '#app/features/enquiries/dashboard/index.ts';
import { BookingsTab } from './bookings-tab.tsx';
import { makeBooking } from './booking-test-data.ts';
import { answerBookingSettings, serveDiary, type DiaryApi } from './diary-api-handlers.ts';

const freeMobile: ToldAvailabilityDay[] = [
  {
    date: '2026-11-24',
    windows: [
      // The booking's own window: not offered as a move.
      { start: '08:00', end: '10:00', free: 1 },
      { start: '10:00', end: '12:00', free: 2 },
    ],
  },
  // Plenty of places: the answer does not say how many.
  { date: '2026-11-26', windows: [{ start: '12:00', end: '14:00', free: null }] },
];
const freeHaroldHill: ToldAvailabilityDay[] = [
  { date: '2026-11-25', windows: [{ start: '09:00', end: '11:00', free: 3 }] },
];

/** The diary's API with the free windows above. */
const serve = (api: Omit<DiaryApi, 'availability'>) =>
  serveDiary({ ...api, availability: { mobile: freeMobile, branch: freeHaroldHill } });

/** The diary of 24 November 2026 with the enquiries' counts already read (as after a visit to Enquiries). */
function renderDiary(search = '?date=2026-11-24') {
  return renderStaffUi(<BookingsTab />, {
    route: `/${search}`,
    prepare: (queryClient) =>
      queryClient.setQueryData(enquiryCountsQueryKey, {
        total: 1,
        new: 0,
        contacted: 0,
        quoted: 0,
        booked: 1,
        completed: 0,
        closed: 0,
      }),
  });
}

const puts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'PUT').map((call) => ({ path: call.path, body: call.body }));
const bookingReads = (calls: ApiCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/bookings?')).length;
const availabilityReads = (calls: ApiCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/availability?')).map((call) => call.path);

const card = async (name: string) => within(await screen.findByRole('article', { name }));
/** The buttons' names as a screen reader reads them (the visible ellipsis is hidden from it). */
const buttonNames = (buttons: HTMLElement[]) =>
  buttons.map((button) => button.textContent?.replace('…', '').trim());

describe('booking actions', () => {
  it('offers only what the status allows', async () => {
    serve({
      bookings: [
        makeBooking({ id: 1, name: 'New Booking' }),
        makeBooking({ id: 2, name: 'Confirmed Booking', status: 'confirmed' }),
        makeBooking({ id: 3, name: 'Done Booking', status: 'completed' }),
        makeBooking({ id: 4, name: 'Absent Booking', status: 'no-show' }),
        makeBooking({
          id: 5,
          name: 'Gone Booking',
          status: 'cancelled',
          cancelReason: 'Sold',
          cancelledBy: 'alice',
        }),
      ],
    });
    renderDiary('?date=2026-11-24&cancelled=1');
    const booked = await card('New Booking');
    expect(buttonNames(booked.queryAllByRole('button'))).toEqual([
      "Confirm New Booking's booking",
      "Move New Booking's booking",
      "Mark New Booking's booking as Completed",
      "Mark New Booking's booking as No-show",
      "Cancel New Booking's booking",
    ]);
    booked.getByRole('button', { name: "Confirm New Booking's booking" });
    const confirmed = await card('Confirmed Booking');
    expect(confirmed.queryByRole('button', { name: /^Confirm/ })).toBeNull();
    confirmed.getByRole('button', { name: "Move Confirmed Booking's booking" });
    confirmed.getByRole('button', { name: "Cancel Confirmed Booking's booking" });
    confirmed.getByRole('button', { name: "Mark Confirmed Booking's booking as Completed" });
    confirmed.getByRole('button', { name: "Mark Confirmed Booking's booking as No-show" });
    for (const name of ['Done Booking', 'Absent Booking', 'Gone Booking']) {
      expect((await card(name)).queryByRole('button')).toBeNull();
    }
  });

  it('confirms at once, then refreshes the diary and the enquiries', async () => {
    const calls = serve({ bookings: [makeBooking()] });
    const { queryClient } = renderDiary();
    const booking = await card('Sarah Mitchell');
    booking.getByText('Booked');
    const reads = bookingReads(calls);

    await userEvent.click(booking.getByRole('button', { name: "Confirm Sarah Mitchell's booking" }));
    await screen.findByText('Booking ENQ-2611-0042 confirmed.');
    expect(puts(calls)).toEqual([{ path: '/api/bookings/42', body: { status: 'confirmed' } }]);
    await booking.findByText('Confirmed');
    expect(booking.queryByRole('button', { name: /^Confirm/ })).toBeNull();
    expect(bookingReads(calls)).toBe(reads + 1);
    expect(queryClient.getQueryState(enquiryCountsQueryKey)?.isInvalidated).toBe(true);
  });

  it('marks a booking completed, or a no-show, after a confirmation', async () => {
    const calls = serve({
      bookings: [makeBooking({ id: 1, name: 'Priya Shah' }), makeBooking({ id: 2, name: 'Tom Hughes' })],
    });
    renderDiary();
    await userEvent.click(
      (await card('Priya Shah')).getByRole('button', { name: "Mark Priya Shah's booking as Completed" }),
    );
    const completed = within(screen.getByRole('alertdialog', { name: 'Mark as completed' }));
    expect(puts(calls)).toEqual([]);
    await userEvent.click(completed.getByRole('button', { name: 'Mark as completed' }));
    await screen.findByText('Booking ENQ-2611-0001 marked as completed.');

    await userEvent.click(
      (await card('Tom Hughes')).getByRole('button', { name: "Mark Tom Hughes's booking as No-show" }),
    );
    const noShow = within(screen.getByRole('alertdialog', { name: 'Mark as a no-show' }));
    await userEvent.click(noShow.getByRole('button', { name: 'Mark as no-show' }));
    await screen.findByText('Booking ENQ-2611-0002 marked as a no-show.');
    expect(puts(calls)).toEqual([
      { path: '/api/bookings/1', body: { status: 'completed' } },
      { path: '/api/bookings/2', body: { status: 'no-show' } },
    ]);
    await waitFor(async () => (await card('Tom Hughes')).getByText('No-show'));
  });

  it("shows the server's refusal of a change in an error toast", async () => {
    serve({
      bookings: [makeBooking()],
      put: () => ({ status: 409, body: { error: 'This booking has already been cancelled' } }),
    });
    renderDiary();
    await userEvent.click((await card('Sarah Mitchell')).getByRole('button', { name: /^Confirm/ }));
    await screen.findByText('This booking has already been cancelled');
    screen.getByText('Update failed');
  });
});

describe('Cancel…', () => {
  it('requires a reason, then sends it and refreshes', async () => {
    const calls = serve({ bookings: [makeBooking()] });
    const { queryClient } = renderDiary();
    await userEvent.click((await card('Sarah Mitchell')).getByRole('button', { name: /^Cancel/ }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Cancel booking' }));
    dialog.getByText(
      /Cancel Sarah Mitchell's booking ENQ-2611-0042 on Tuesday 24 November 2026, 08:00–10:00/,
    );

    await userEvent.click(dialog.getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toBe('Enter why the booking is cancelled'),
    );
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel booking' }));
    expect(puts(calls)).toEqual([]);
    screen.getByRole('alertdialog');

    const reason = dialog.getByRole('textbox', { name: /Reason/ });
    expect(reason.getAttribute('maxlength')).toBe('500');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(reason);
    await userEvent.type(reason, ' Customer phoned: car sold ');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel booking' }));
    await screen.findByText('Booking ENQ-2611-0042 cancelled.');
    expect(puts(calls)).toEqual([
      { path: '/api/bookings/42', body: { status: 'cancelled', reason: 'Customer phoned: car sold' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Hidden with the other cancelled bookings.
    await screen.findByText('No bookings on this day');
    expect(queryClient.getQueryState(enquiryCountsQueryKey)?.isInvalidated).toBe(true);
  });

  it("keeps the dialog open with the server's words when it refuses", async () => {
    serve({
      bookings: [makeBooking()],
      put: () => ({ status: 409, body: { error: 'This booking has already been completed' } }),
    });
    renderDiary();
    await userEvent.click((await card('Sarah Mitchell')).getByRole('button', { name: /^Cancel/ }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Cancel booking' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Duplicate');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel booking' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('This booking has already been completed');
    screen.getByRole('alertdialog', { name: 'Cancel booking' });

    // Keep booking closes it; opened again, it starts afresh.
    await userEvent.click(dialog.getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await userEvent.click((await card('Sarah Mitchell')).getByRole('button', { name: /^Cancel/ }));
    const again = within(screen.getByRole('alertdialog', { name: 'Cancel booking' }));
    expect(again.queryByRole('alert')).toBeNull();
    expect((again.getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement).value).toBe('');
  });
  it('shows a refused reason under the field, and sends one cancellation however often it is clicked', async () => {
    // The refusal comes once the test has clicked again and tried to close the dialog meanwhile.
    let refuse = () => {};
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    const calls = serve({
      bookings: [makeBooking()],
      put: async () => {
        await refused;
        return {
          status: 400,
          body: {
            error: 'Check the reason',
            fieldErrors: { reason: ['The reason must not be only symbols'] },
          },
        };
      },
    });
    renderDiary();
    await userEvent.click((await card('Sarah Mitchell')).getByRole('button', { name: /^Cancel/ }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Cancel booking' }));
    const reason = dialog.getByRole('textbox', { name: /Reason/ });
    await userEvent.type(reason, '!!!');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel booking' }));
    const busy = dialog.getByRole('button', { name: 'Cancelling…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(busy);
    // Not closed while the request is on its way.
    await userEvent.keyboard('{Escape}');
    screen.getByRole('alertdialog', { name: 'Cancel booking' });
    refuse();
    expect((await dialog.findByRole('alert')).textContent).toBe('The reason must not be only symbols');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(puts(calls)).toHaveLength(1);
  });
});

describe('Move…', () => {
  const openMove = async () => {
    await userEvent.click((await card('Sarah Mitchell')).getByRole('button', { name: /^Move/ }));
    return within(screen.getByRole('alertdialog', { name: 'Move booking' }));
  };

  it('offers the free windows of the booking’s location from today, and sends the one chosen', async () => {
    const calls = serve({ bookings: [makeBooking()] });
    renderDiary();
    const dialog = await openMove();
    dialog.getByText(/The customer is e-mailed the new time\./);

    const location = dialog.getByRole('combobox', { name: 'Location' }) as HTMLSelectElement;
    expect([...location.options].map((option) => option.text)).toEqual([
      'Mobile fitting',
      'Harold Hill branch',
      'Upminster branch',
    ]);
    expect(location.value).toBe('mobile');

    const day = (await dialog.findByRole('combobox', { name: 'Day' })) as HTMLSelectElement;
    // The seed content has no booking settings: three weeks ahead, as customers see.
    expect(availabilityReads(calls)).toEqual([
      `/api/availability?location=mobile&from=${londonDate(new Date())}&days=22`,
    ]);
    expect([...day.options].map((option) => option.text)).toEqual([
      'Tuesday 24 November 2026 (1 window)',
      'Thursday 26 November 2026 (1 window)',
    ]);
    // The booking's own window is not offered.
    const windows = () => dialog.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    expect(windows()).toEqual(['10:00–12:002 places left']);

    await userEvent.selectOptions(day, '2026-11-26');
    expect(windows()).toEqual(['12:00–14:00Free']);
    await userEvent.click(dialog.getByRole('button', { name: 'Move booking' }));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Choose a free window'));
    expect(puts(calls)).toEqual([]);

    await userEvent.click(dialog.getByRole('radio', { name: /12:00–14:00/ }));
    expect(dialog.queryByRole('alert')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Move booking' }));
    await screen.findByText('Booking ENQ-2611-0042 moved. The customer has been e-mailed.');
    expect(puts(calls)).toEqual([
      { path: '/api/bookings/42', body: { date: '2026-11-26', start: '12:00', location: 'mobile' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Moved to another day: gone from this one.
    await screen.findByText('No bookings on this day');
  });

  it('moves a booking to a branch', async () => {
    const calls = serve({ bookings: [makeBooking()] });
    renderDiary();
    const dialog = await openMove();
    await dialog.findByRole('combobox', { name: 'Day' });
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Location' }), 'harold-hill');
    await userEvent.click(await dialog.findByRole('radio', { name: /09:00–11:00/ }));
    expect(availabilityReads(calls).at(-1)).toMatch(/^\/api\/availability\?location=harold-hill&from=/);
    expect(
      (dialog.getByRole('combobox', { name: 'Day' }) as HTMLSelectElement).selectedOptions[0]?.text,
    ).toBe('Wednesday 25 November 2026 (1 window)');
    await userEvent.click(dialog.getByRole('button', { name: 'Move booking' }));
    await screen.findByText('Booking ENQ-2611-0042 moved. The customer has been e-mailed.');
    expect(puts(calls)).toEqual([
      { path: '/api/bookings/42', body: { date: '2026-11-25', start: '09:00', location: 'harold-hill' } },
    ]);
  });

  it("shows a 409's message in the dialog and reads the free windows again", async () => {
    const calls = serve({
      bookings: [makeBooking()],
      put: () => ({ status: 409, body: { error: 'That window is full' } }),
    });
    renderDiary();
    const dialog = await openMove();
    await userEvent.click(await dialog.findByRole('radio', { name: /10:00–12:00/ }));
    const reads = availabilityReads(calls).length;
    await userEvent.click(dialog.getByRole('button', { name: 'Move booking' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('That window is full');
    screen.getByRole('alertdialog', { name: 'Move booking' });
    await waitFor(() => expect(availabilityReads(calls).length).toBe(reads + 1));
    expect(screen.queryByText(/moved\. The customer has been e-mailed/)).toBeNull();
  });

  it('says when a location has no free window', async () => {
    serveApi(
      answer('GET /api/bookings', { status: 200, body: [makeBooking()] }),
      answer('GET /api/site-content', { status: 200, body: makePublished() }),
      answer('GET /api/fitters', { status: 200, body: [] }),
      answerBookingSettings(),
      answer('GET /api/availability', { status: 200, body: [] }),
      ...textsAnswers({ configured: false }),
    );
    renderDiary();
    const dialog = await openMove();
    await dialog.findByText('No free windows at Mobile fitting in the next 22 days.');
    expect(dialog.queryByRole('radio')).toBeNull();
  });

  it('moves an MOT among the MOT windows of the branches that take it, never to mobile fitting', async () => {
    const mot = makeBooking({
      service: 'mot',
      serviceTitle: 'MOT Testing',
      location: 'harold-hill',
      start: '09:00',
      end: '10:00',
    });
    const calls = serve({ bookings: [mot] });
    renderDiary();
    const dialog = await openMove();
    const location = dialog.getByRole('combobox', { name: 'Location' }) as HTMLSelectElement;
    await dialog.findByRole('combobox', { name: 'Day' });
    expect([...location.options].map((option) => option.text)).toEqual([
      'Harold Hill branch',
      'Upminster branch',
    ]);
    expect(availabilityReads(calls)).toEqual([
      `/api/availability?location=harold-hill&from=${londonDate(new Date())}&days=22&service=mot`,
    ]);
    await userEvent.selectOptions(location, 'upminster');
    await userEvent.click(await dialog.findByRole('radio', { name: /09:00–11:00/ }));
    expect(availabilityReads(calls).at(-1)).toMatch(
      /^\/api\/availability\?location=upminster&from=.*&service=mot$/,
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Move booking' }));
    await screen.findByText('Booking ENQ-2611-0042 moved. The customer has been e-mailed.');
    expect(puts(calls)).toEqual([
      { path: '/api/bookings/42', body: { date: '2026-11-25', start: '09:00', location: 'upminster' } },
    ]);
  });
});

// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { textRecord, textReply } from '#tests/support/texts-data.ts';
import { BookingsTab } from './bookings-tab.tsx';
import { makeBooking } from './booking-test-data.ts';
import { serveDiary } from './diary-api-handlers.ts';

const renderDiary = () => renderStaffUi(<BookingsTab />, { route: '/?date=2026-11-24' });
const card = async (name: string) => within(await screen.findByRole('article', { name }));

const bookings = [
  makeBooking({ id: 12, name: 'Sarah Mitchell' }),
  makeBooking({ id: 13, name: 'Tom Reed', start: '10:00', end: '12:00' }),
];

describe('a booking’s texts in the diary', () => {
  it('marks a booking with unread replies, opens its texts with their delivery, and reads them', async () => {
    const calls = serveDiary({
      bookings,
      texts: {
        configured: true,
        replies: [textReply({ booking: { id: 12, reference: 'BK-2611-0012' } })],
        thread: [
          textRecord({ status: 'undelivered', errorCode: 30005 }),
          textRecord({ id: 31, direction: 'in', kind: null, body: 'Running late?', status: 'received' }),
        ],
      },
    });
    renderDiary();
    const sarah = await card('Sarah Mitchell');
    await waitFor(() => sarah.getByText('1 new'));
    expect((await card('Tom Reed')).queryByText(/new$/)).toBeNull();

    await userEvent.click(sarah.getByText('Texts'));
    const thread = within(await sarah.findByRole('list'));
    const [sent, reply] = thread.getAllByRole('listitem');
    within(sent!).getByText('Not delivered (30005)');
    within(reply!).getByText('New');
    within(reply!).getByText('Running late?');
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/messages/replies/read', body: { bookingId: 12 } },
      ]),
    );
    expect(calls.map((call) => call.path)).toContain('/api/messages/texts?booking=12');
  });

  it('shows no texts while they are not set up', async () => {
    const calls = serveDiary({ bookings });
    renderDiary();
    const sarah = await card('Sarah Mitchell');
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/messages/status'));
    expect(sarah.queryByText('Texts')).toBeNull();
  });
});

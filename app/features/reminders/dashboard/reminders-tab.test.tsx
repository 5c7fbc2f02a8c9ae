// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Reminder } from '#common/reminders/reminders.ts';
import type { ReminderSummary } from '#common/reminders/summary.ts';
import { answer, serveApi, type ApiAnswer, type ApiCall } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { sentDueMessage } from './reminders-format.ts';
import { RemindersTab } from './reminders-tab.tsx';

const summary: ReminderSummary = {
  kinds: [
    { kind: 'mot', scheduled: 12, sent: 40, cancelled: 3, booked: 9 },
    { kind: 'tyres', scheduled: 4, sent: 10, cancelled: 0, booked: 1 },
    { kind: 'review', scheduled: 2, sent: 25, cancelled: 1, booked: 0 },
  ],
  unsubscribed: 5,
};

/** Test data: a reminder as GET /api/reminders lists it, with overrides. */
function reminder(overrides: Partial<Reminder> = {}): Reminder {
  return {
    id: 1,
    kind: 'mot',
    status: 'scheduled',
    // 09:00 in London, still summer time.
    due: '2027-10-27T08:00:00.000Z',
    registration: 'MO71TST',
    customer: { name: 'Priya Shah', email: 'priya.shah@example.com' },
    step: 1,
    sentAt: null,
    cancelledReason: null,
    ...overrides,
  };
}

const reminders = [
  reminder(),
  reminder({
    id: 2,
    kind: 'tyres',
    status: 'sent',
    due: '2026-11-24T09:00:00.000Z',
    sentAt: '2026-11-24T09:02:00.000Z',
    registration: 'AB12CDE',
    customer: { name: 'Sam Case', email: 'sam@example.com' },
  }),
  reminder({ id: 3, status: 'cancelled', step: 2, cancelledReason: 'expiry-changed' }),
];

/** The summary, the list and, when asked, sending the due reminders (by `send`). */
function serve(send: ApiAnswer<'POST /api/reminders/send-due'> = { status: 404 }) {
  return serveApi(
    answer('GET /api/reminders/summary', { status: 200, body: summary }),
    answer('GET /api/reminders', { status: 200, body: reminders }),
    answer('POST /api/reminders/send-due', send),
  ).calls;
}

const reads = (calls: ApiCall[], path: string) =>
  calls.filter((call) => call.method === 'GET' && call.path === path).length;

describe('RemindersTab', () => {
  it('shows each kind’s counts, how many led to a booking, and the addresses unsubscribed', async () => {
    serve();
    renderStaffUi(<RemindersTab role="staff" />);
    screen.getByRole('heading', { name: 'Reminders', level: 2 });
    const mot = await screen.findByRole('region', { name: 'MOT reminders' });
    expect(mot.textContent).toBe(
      'MOT remindersScheduled12Sent40Cancelled3Led to a booking within 30 days9 of 40 sent',
    );
    expect(screen.getByRole('region', { name: 'Tyre reminders' }).textContent).toBe(
      'Tyre remindersScheduled4Sent10Cancelled0Led to a booking within 30 days1 of 10 sent',
    );
    expect(screen.getByRole('region', { name: 'Review requests' }).textContent).toBe(
      'Review requestsScheduled2Sent25Cancelled1Led to a booking within 30 days0 of 25 sent',
    );
    expect(within(screen.getByRole('region', { name: 'Unsubscribed' })).getByText('5').textContent).toBe('5');
  });

  it('lists the reminders: when (London time), what, the vehicle, the customer and the status', async () => {
    serve();
    renderStaffUi(<RemindersTab role="staff" />);
    const table = await screen.findByRole('table', { name: /3 reminders, soonest due first/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Due', 'Reminder', 'Vehicle', 'Customer', 'Status']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      [
        '27/10/2027, 09:00',
        'First MOT reminder',
        'MO71 TST: vehicle history',
        'Priya Shahpriya.shah@example.com',
        'Scheduled',
      ],
      [
        '24/11/2026, 09:00',
        'Tyre reminder',
        'AB12 CDE: vehicle history',
        'Sam Casesam@example.com',
        'Sent24/11/2026, 09:02',
      ],
      [
        '27/10/2027, 09:00',
        'Second MOT reminder',
        'MO71 TST: vehicle history',
        'Priya Shahpriya.shah@example.com',
        'CancelledThe MOT expiry changed.',
      ],
    ]);
    expect(within(table).getAllByRole('link')[1]!.getAttribute('href')).toBe(
      '/admin/dashboard/jobs?vehicle=AB12CDE',
    );
  });

  it('asks for the kind and the status chosen in the filters', async () => {
    const calls = serve();
    renderStaffUi(<RemindersTab role="staff" />);
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Tyre reminders');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Cancelled');
    const lists = () =>
      calls.filter((call) => call.path !== '/api/reminders/summary').map((call) => call.path);
    await waitFor(() => expect(lists()).toHaveLength(3));
    expect(lists()).toEqual([
      '/api/reminders',
      '/api/reminders?kind=tyres',
      '/api/reminders?kind=tyres&status=cancelled',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Every kind');
    await waitFor(() => expect(lists().at(-1)).toBe('/api/reminders?status=cancelled'));
    // The counts are of every reminder, whatever the filters.
    expect(reads(calls, '/api/reminders/summary')).toBe(1);
  });

  it('lets an owner send the due reminders now, says how many went and reads everything again', async () => {
    const calls = serve([
      { status: 200, body: { sent: 3 } },
      { status: 200, body: { sent: 1 } },
    ]);
    renderStaffUi(<RemindersTab role="owner" />);
    const user = userEvent.setup();
    await screen.findByRole('table');
    await screen.findByRole('region', { name: 'MOT reminders' });
    expect(reads(calls, '/api/reminders/summary')).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Send due reminders now' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Sent 3 reminders.'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/reminders/send-due', body: undefined },
    ]);
    await waitFor(() => expect(reads(calls, '/api/reminders/summary')).toBe(2));
    expect(reads(calls, '/api/reminders')).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Send due reminders now' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Sent 1 reminder.'));
    expect(sentDueMessage(0)).toBe('Sent 0 reminders.');
  });

  it('tells an owner when sending failed', async () => {
    serve({ status: 403, body: { error: 'Only owners can do this.' } });
    renderStaffUi(<RemindersTab role="owner" />);
    await screen.findByRole('table');
    await screen.findByRole('region', { name: 'MOT reminders' });
    await userEvent.click(screen.getByRole('button', { name: 'Send due reminders now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The due reminders could not be sent: Only owners can do this.',
    );
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('does not offer staff the button', async () => {
    serve();
    renderStaffUi(<RemindersTab role="staff" />);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Send due reminders now' })).toBeNull();
  });
});

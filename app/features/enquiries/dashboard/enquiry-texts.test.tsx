// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { countsOfList } from '#common/enquiries/status.ts';
import type { TextReply } from '#common/messages/replies.ts';
import { answer, serveApi } from '#tests/support/api-handlers.ts';
import { enquiry } from '#tests/support/enquiry-data.tsx';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { textRecord, textReply, textsAnswers } from '#tests/support/texts-data.ts';
import { EnquiriesTab } from './enquiries-tab.tsx';

const enquiries = [
  enquiry({ id: 3, reference: 'ENQ-2611-0003', name: 'Sarah Mitchell' }),
  enquiry({ id: 2, reference: 'ENQ-2611-0002', name: 'Tom Reed' }),
];

/** The Enquiries tab with texts set up, `replies` unread, and Sarah's enquiry's thread. */
function renderTab(replies: TextReply[] = [textReply()], { configured = true } = {}) {
  const api = serveApi(
    answer('GET /api/enquiries', ({ query }) => {
      const q = query.get('q');
      return { status: 200, body: enquiries.filter((entry) => !q || entry.reference === q) };
    }),
    answer('GET /api/enquiries/counts', { status: 200, body: countsOfList(enquiries) }),
    ...textsAnswers({ configured, replies }),
    answer('GET /api/messages/texts', {
      status: 200,
      body: {
        texts: [
          textRecord(),
          textRecord({
            id: 31,
            direction: 'in',
            kind: null,
            body: 'Can you come after 10 instead?',
            status: 'received',
            at: '2026-11-23T09:30:00.000Z',
          }),
          textRecord({
            id: 32,
            kind: 'day-before',
            body: 'Anytown Mobile Tyres: see you tomorrow.',
            status: 'failed',
            errorCode: 30003,
            at: '2026-11-23T17:00:00.000Z',
          }),
        ],
      },
    }),
    answer('POST /api/messages/replies/read', { status: 200, body: { read: 1, unread: 0 } }),
  );
  renderStaffUi(<EnquiriesTab />);
  return { api, user: userEvent.setup({ delay: null }) };
}

const card = (name: string) => within(screen.getByRole('article', { name }));

describe('the customers’ texts in the Enquiries tab', () => {
  it('lists the unread replies with who sent them, when, their words and their enquiry', async () => {
    const { api, user } = renderTab([
      textReply(),
      textReply({ id: 40, name: null, phone: '+447700900999', body: 'STOP', booking: null, enquiry: null }),
    ]);
    const panel = within(await screen.findByRole('region', { name: /^Texts from customers/ }));
    expect(panel.getByRole('heading').textContent).toBe('Texts from customers2 unread');
    const [first, second] = panel.getAllByRole('listitem');
    expect(first!.textContent).toContain('Sarah Mitchell');
    expect(first!.textContent).toContain('23/11/2026, 09:30');
    expect(first!.textContent).toContain('Can you come after 10 instead?');
    expect(first!.textContent).toContain('Booking BK-2611-0012');
    expect(second!.textContent).toContain('+447700900999');

    await user.click(panel.getByRole('button', { name: 'Enquiry ENQ-2611-0003' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tom Reed' })).toBeNull());
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('ENQ-2611-0003');

    await user.click(within(second!).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/messages/replies/read', body: { ids: [40] } },
      ]),
    );
  });

  it('shows nothing of the replies while every one is read', async () => {
    renderTab([]);
    await screen.findByRole('article', { name: 'Sarah Mitchell' });
    expect(screen.queryByRole('region', { name: /^Texts from customers/ })).toBeNull();
  });

  it('opens an enquiry’s texts with the new replies marked and their delivery, and marks them read', async () => {
    const { api, user } = renderTab();
    await screen.findByRole('article', { name: 'Sarah Mitchell' });
    const sarah = card('Sarah Mitchell');
    await waitFor(() => sarah.getByText('1 new'));
    expect(card('Tom Reed').queryByText(/new$/)).toBeNull();
    await user.click(sarah.getByText('Texts'));

    const thread = within(await sarah.findByRole('list'));
    const texts = thread.getAllByRole('listitem').map((item) => item.textContent);
    expect(texts).toEqual([
      'Booking confirmed22/11/2026, 18:00DeliveredAnytown Mobile Tyres: your booking BK-2611-0012 is confirmed.',
      'Customer23/11/2026, 09:30NewCan you come after 10 instead?',
      'The day before23/11/2026, 17:00Failed (30003)Anytown Mobile Tyres: see you tomorrow.',
    ]);
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/messages/replies/read', body: { enquiryId: 3 } },
      ]),
    );
    expect(api.calls.map((call) => call.path)).toContain('/api/messages/texts?enquiry=3');
  });

  it('shows no texts while they are not set up and none is unread', async () => {
    const { api } = renderTab([], { configured: false });
    await screen.findByRole('article', { name: 'Sarah Mitchell' });
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain('/api/messages/status'));
    const sarah = card('Sarah Mitchell');
    expect(sarah.queryByText('Texts')).toBeNull();
  });
});

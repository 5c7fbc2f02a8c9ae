// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  mailNotConfiguredMessage,
  type WaitingMessage,
  type WaitingMessages,
} from '#common/notifications/outbox.ts';
import { answer, serveApi, type ApiReply } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { WaitingMailBanner } from './waiting-mail-banner.tsx';

const message = (id: number, overrides: Partial<WaitingMessage> = {}): WaitingMessage => ({
  id,
  kind: 'enquiry-acknowledgement',
  to: `customer${id}@example.com`,
  subject: `We have your enquiry (ENQ-2611-000${id}) - Test Tyres`,
  body: `Dear Customer ${id},\n\nThank you for contacting Test Tyres.`,
  createdAt: '2026-11-24T09:30:00.000Z',
  waitingSince: '2026-11-24T09:30:01.000Z',
  ...overrides,
});

/** The outbox answers `waiting` (less what was sent or discarded since); Send goes, or is refused with `sendRefusal`. */
function outboxApi(waiting: WaitingMessages, sendRefusal?: ApiReply<'POST /api/outbox/:id/send'>) {
  const gone = new Set<number>();
  return serveApi(
    answer('GET /api/outbox', () => ({
      status: 200,
      body: { ...waiting, messages: waiting.messages.filter((m) => !gone.has(m.id)) },
    })),
    answer('POST /api/outbox/:id/send', ({ params }) => {
      if (sendRefusal) return sendRefusal;
      gone.add(Number(params.id));
      return { status: 200, body: { id: Number(params.id), status: 'sending' } };
    }),
    answer('POST /api/outbox/:id/discard', ({ params }) => {
      gone.add(Number(params.id));
      return { status: 200, body: { id: Number(params.id), status: 'discarded' } };
    }),
  ).calls;
}

describe('WaitingMailBanner', () => {
  it('says e-mail is not set up and how many wait, and shows each message to read or discard', async () => {
    const calls = outboxApi({ mailConfigured: false, messages: [message(1), message(2)] });
    renderStaffUi(<WaitingMailBanner />);
    await screen.findByRole('heading', { name: 'E-mail is not set up: 2 messages are waiting' });
    await userEvent.click(screen.getByRole('button', { name: 'Show the messages' }));
    const first = screen.getByRole('listitem', { name: message(1).subject });
    expect(first.textContent).toContain('customer1@example.com');
    expect(first.textContent).toContain('Dear Customer 1,');
    expect(first.textContent).toContain('24 Nov 2026');
    // Nothing can be sent without a mail server.
    expect(within(first).queryByRole('button', { name: 'Send' })).toBeNull();

    await userEvent.click(within(first).getByRole('button', { name: 'Discard' }));
    await screen.findByRole('heading', { name: 'E-mail is not set up: 1 message is waiting' });
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/outbox/1/discard')).toBe(true);
  });

  it('offers Send once a mail server is set up, and says why when the server refuses', async () => {
    const calls = outboxApi(
      { mailConfigured: true, messages: [message(3)] },
      { status: 409, body: { error: mailNotConfiguredMessage } },
    );
    renderStaffUi(<WaitingMailBanner />);
    await screen.findByRole('heading', { name: '1 message is waiting to be sent or discarded' });
    await userEvent.click(screen.getByRole('button', { name: 'Show the messages' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(mailNotConfiguredMessage);
    expect(calls.some((call) => call.path === '/api/outbox/3/send')).toBe(true);
  });

  it('shows nothing while no message waits', async () => {
    const calls = outboxApi({ mailConfigured: false, messages: [] });
    const { container, queryClient } = renderStaffUi(<WaitingMailBanner />);
    // Until the answer has been read and drawn (inside Testing Library's act).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(calls.map((call) => call.path)).toEqual(['/api/outbox?status=waiting']);
    expect(container.querySelector('section')).toBeNull();
  });
});

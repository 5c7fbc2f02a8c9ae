import type { MessagesStatus, TextRecord, TextReply } from '#common/messages/replies.ts';
import { answer } from './api-handlers.ts';

/** Texts set up (or not), never used yet: GET /api/messages/status. */
export const messagesStatus = (overrides: Partial<MessagesStatus> = {}): MessagesStatus => ({
  configured: true,
  lastSuccessAt: null,
  lastFailureAt: null,
  lastFailure: null,
  ...overrides,
});

/** A customer's reply to a booking's texts, unread, landed on its enquiry. */
export const textReply = (overrides: Partial<TextReply> = {}): TextReply => ({
  id: 31,
  body: 'Can you come after 10 instead?',
  phone: '+447700900123',
  name: 'Sarah Mitchell',
  receivedAt: '2026-11-23T09:30:00.000Z',
  read: false,
  booking: { id: 12, reference: 'BK-2611-0012' },
  enquiry: { id: 3, reference: 'ENQ-2611-0003' },
  ...overrides,
});

/** A text of a thread: the booking's confirmation, delivered, unless told. */
export const textRecord = (overrides: Partial<TextRecord> = {}): TextRecord => ({
  id: 30,
  direction: 'out',
  kind: 'booking-confirmation',
  body: 'Anytown Mobile Tyres: your booking BK-2611-0012 is confirmed.',
  status: 'delivered',
  errorCode: null,
  at: '2026-11-22T18:00:00.000Z',
  ...overrides,
});

/**
 * The texts' routes of a page that shows them: whether texts are set up (they are, unless told)
 * and the unread replies (none, unless given).
 */
export const textsAnswers = ({
  configured = true,
  replies = [],
}: { configured?: boolean; replies?: TextReply[] } = {}) => [
  answer('GET /api/messages/status', { status: 200, body: messagesStatus({ configured }) }),
  answer('GET /api/messages/replies', { status: 200, body: { unread: replies.length, replies } }),
];

/** A notification e-mail waiting for an owner to send or discard it (`GET /api/outbox?status=waiting`). */
export type WaitingMessage = {
  id: number;
  /** What the message is about, e.g. `enquiry-received`, `booking-confirmation`. */
  kind: string;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
  waitingSince: string;
};

/** `GET /api/outbox?status=waiting` (owners). */
export type WaitingMessages = {
  /** Whether a mail server (SMTP_URL) is configured: without one nothing can be sent. */
  mailConfigured: boolean;
  messages: WaitingMessage[];
};

export const mailNotConfiguredMessage =
  'E-mail is not set up, so nothing can be sent: set SMTP_URL and restart the server.';
export const messageNotWaitingMessage = 'This message is not waiting any more.';

/** The subject shown of a waiting message this version cannot read; its body says why (an owner may discard it). */
export const unreadableMessageSubject = 'This message cannot be read';

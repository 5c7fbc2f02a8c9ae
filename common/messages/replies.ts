/** A customer's text back, as staff see it (GET /api/messages/replies). */
export type TextReply = {
  id: number;
  body: string;
  /** The number it came from, E.164. */
  phone: string;
  /** The customer's name, from the booking or enquiry it landed on. */
  name: string | null;
  receivedAt: string;
  read: boolean;
  /** The booking it landed on (the customer's latest), if any. */
  booking: { id: number; reference: string } | null;
  /** The enquiry it landed on: the booking's, or the customer's latest enquiry. */
  enquiry: { id: number; reference: string } | null;
};

/** GET /api/messages/replies: the replies asked for, and how many are unread in all. */
export type TextReplies = { unread: number; replies: TextReply[] };

/** A text sent or received, as a booking's or enquiry's thread shows it. */
export type TextRecord = {
  id: number;
  direction: 'out' | 'in';
  kind: string | null;
  body: string;
  status: string;
  errorCode: number | null;
  at: string;
};

/** GET /api/messages/status: whether texts are set up, and how Twilio last answered. */
export type MessagesStatus = {
  configured: boolean;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastFailure: string | null;
};

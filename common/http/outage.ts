/**
 * What the site says while its database cannot be reached: the staff dashboard's message (the
 * API's 503 carries it word for word, so the dashboard can recognise it) and the customers'.
 */
export const databaseUnreachableMessage =
  'The database cannot be reached just now, so nothing can be shown or saved. It usually comes back within a minute: please try again shortly.';

/** Seconds after which a client may try again (the Retry-After of a 503). */
export const unavailableRetryAfterSeconds = 30;

/** Who to call or write to instead. */
export type ContactDetails = { formattedPhone: string; email: string };

/** The customers' message when the online form cannot be taken: call or e-mail instead. */
export function unavailableOnlineMessage(what: 'enquiries' | 'bookings', contact: ContactDetails): string {
  return `We cannot take ${what} online just now. Please call us on ${contact.formattedPhone} or e-mail ${contact.email}.`;
}

/**
 * Tyres held by online bookings that staff have not yet confirmed: at most `maxTyresHeld`
 * between the bookings of one client (an IPv4 address, or an IPv6 /64), of one e-mail address,
 * of one phone number or of one registration, so that nobody can keep the stock from other
 * customers by booking it and never coming. Past that, the customer is asked to call.
 */
export const maxTyresHeld = 8;

/** The words customers are told when a booking would hold more, with the number to call. */
export const tyresHeldMessage = (formattedPhone: string) =>
  `You already have tyres held for bookings we have not confirmed yet, so we cannot hold more online. Please call us on ${formattedPhone} and we will book them for you.`;

/**
 * A UK phone number as digits in its national form, however it was written: `+44 7700 900123`,
 * `0044 (0)7700 900123` and `07700-900123` are all `07700900123`.
 */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const international = /^(?:00)?44(\d+)$/.exec(digits);
  return international ? `0${international[1]!.replace(/^0/, '')}` : digits;
}

/**
 * The holders a booking's tyres are counted under: its client (already a keyed hash), e-mail
 * address (lower case), phone number (national digits) and registration (upper case, no spaces).
 */
export function tyreHolders(booking: {
  client: string;
  email: string;
  phone: string;
  registration: string;
}): string[] {
  return [
    `client:${booking.client}`,
    `email:${booking.email.trim().toLowerCase()}`,
    `phone:${normalisePhone(booking.phone)}`,
    `registration:${booking.registration.replace(/[\s-]+/g, '').toUpperCase()}`,
  ];
}

/** Why a release of held tyres was made, as its stock movement records it. */
export const holdReleasedReason = 'Held by an online booking not yet confirmed: released by staff';

/** The note a release leaves on the booking's enquiry. */
export const heldTyresReleasedNote = (quantity: number, description: string) =>
  `Tyres released: ${quantity} × ${description} are no longer held from stock for this booking. Order them or reserve them again if it goes ahead.`;

/** POST /api/tyres/held/{id}/release refused: the booking holds no tyres now. */
export const notHeldMessage =
  'This booking holds no tyres from stock now: it was confirmed, cancelled or released.';

/**
 * What customers are told when mobile fitting cannot be offered at their postcode by the routes
 * (common/routing): a postcode postcodes.io does not know, one too far from every van's start,
 * or one that cannot be placed at all just now (the booking goes to the office as an enquiry).
 */
export const postcodeNotFoundMessage = 'We could not find that postcode';

export const beyondCallOutMessage =
  'We don’t book mobile fitting online this far from our vans. Send us an enquiry and we’ll tell you what we can do.';

export const unplacedPostcodeMessage =
  'We can’t work out the travel to your postcode just now. Send us an enquiry and we’ll call you to book.';

export const reachRefusals = {
  'not-found': postcodeNotFoundMessage,
  beyond: beyondCallOutMessage,
  unplaced: unplacedPostcodeMessage,
} as const;

/** A booking sent to the office as an enquiry because its postcode could not be placed. */
export const sentAsEnquiryMessage = (reference: string) =>
  `We couldn’t check the travel to your postcode just now, so we’ve sent your booking to our office as an enquiry (reference ${reference}). We’ll call you to agree a time.`;

/** What the office reads on such an enquiry. */
export const unplacedEnquiryNote =
  'Not booked online: the travel to this postcode could not be worked out (postcodes.io could not place it). Call the customer to book a time.';

/** The call-out charge as the booking page tells it before a time is chosen. */
export const callOutWords = (pence: number, postcode: string, formatted: string) =>
  pence === 0
    ? `No call-out charge to ${postcode}.`
    : `Call-out to ${postcode}: ${formatted}, added to your booking.`;

/** A window near a job a van already has that day. */
export const nearbyWords = 'Near another job';

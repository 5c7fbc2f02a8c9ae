// zod/mini: the booking page and the enquiry form check the answer as the server does.
import * as z from 'zod/mini';

/**
 * The question the booking page and the enquiry form ask, unticked until the customer ticks it.
 * Its words are stored with each answer: what the customer agreed to is what they were shown.
 */
export const remindersConsentWording =
  'E-mail me reminders when my MOT is due and when my tyres need attention. I can unsubscribe at any time.';

export const remindersConsentMessage = 'remindersConsent must be true or false';

/**
 * Whether the customer wants reminders: `true` or `false` from the API, `on` from a ticked
 * checkbox of a form sent without scripts; absent (an unticked checkbox) is no.
 */
export const remindersConsentField = z._default(
  z.pipe(
    z.transform((value: unknown) =>
      value === 'on' || value === 'true' ? true : value === 'false' || value === '' ? false : value,
    ),
    z.boolean(remindersConsentMessage),
  ),
  false,
);

/** A customer's answer to the question, as the privacy export gives it. */
export type RemindersConsentRecord = {
  /** Where it was asked: an enquiry or a booking, by its reference. */
  source: 'enquiry' | 'booking';
  reference: string;
  agreed: boolean;
  /** When the answer was given (ISO 8601). */
  answeredAt: string;
  /** The words the customer was shown. */
  wording: string;
};

// zod/mini: the booking page and the enquiry form check the answer as the server does.
import * as z from 'zod/mini';

/**
 * How a customer wants to hear from the business: by e-mail, by text or both. The booking page and
 * the enquiry form ask; text is their default where a UK mobile number is given. A client that
 * does not ask (an older form, another program) leaves e-mail, as before texts were sent.
 */
export const contactByOptions = ['email', 'text', 'both'] as const;
export type ContactBy = (typeof contactByOptions)[number];

export const contactByLabels: Record<ContactBy, string> = {
  email: 'E-mail',
  text: 'Text message',
  both: 'Both',
};

export const contactByQuestion = 'How should we keep you posted?';
export const contactByMessage = 'Choose e-mail, text message or both';
export const contactByMobileMessage = 'Texts need a UK mobile number (07…)';

/** The question and the answer chosen, in the words the customer saw: stored with the answer. */
export const contactByWording = (contactBy: ContactBy) =>
  `${contactByQuestion} ${contactByLabels[contactBy]}`;

/** The answer, absent where the client did not ask (`email`). */
export const contactByField = z.optional(
  z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.optional(z.enum(contactByOptions, contactByMessage)),
  ),
);

/**
 * A UK mobile number in international form (+447xxxxxxxxx), from how a customer types it
 * ("07700 900123", "+44 7700 900123", "0044 7700-900123", "(07700) 900 123"), or null when it
 * is not one.
 */
export function ukMobile(phone: string): string | null {
  const digits = phone.replace(/[\s().-]/g, '');
  const national = /^(?:\+44|0044|44)?0?(7\d{9})$/.exec(digits);
  return national ? `+44${national[1]}` : null;
}

/** Whether texts reach the customer by this answer (a number that is no UK mobile gets none). */
export const wantsTexts = (contactBy: ContactBy, phone: string | null) =>
  contactBy !== 'email' && phone !== null && ukMobile(phone) !== null;

/** Whether e-mails reach the customer by this answer: all but `text` alone to a mobile. */
export const wantsEmails = (contactBy: ContactBy, phone: string | null) =>
  !wantsTexts(contactBy, phone) || contactBy === 'both';

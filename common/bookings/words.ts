/**
 * The booking's names and sentences that need no validation library: the booking page's first
 * steps import these without bringing zod into the browser (common/bookings/booking.ts and
 * common/bookings/settings.ts re-export them for everything else).
 */

/** Where a job is done: at the customer's (mobile fitting) or at a branch, by its key. */
export const mobileLocation = 'mobile';

/** The hidden field a person never fills in (the same name as the enquiry form's). */
export const bookingHoneypotField = 'website';

/** Mobile fitting is booked online only inside the covered districts; further out, staff decide. */
export const outsideAreaForMobileMessage = (district: string) =>
  `We do not usually cover ${district} for mobile fitting. Please choose a branch, or send us an enquiry and we will tell you what we can do.`;

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date as people read it: "Wednesday 25 November 2026". */
export const dayText = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`)).replace(',', '');

/** Mobile work: the answers to "Do your wheels have locking wheel nuts?", as stored and as read. */
export const lockingNutsAnswers = ['yes', 'no', 'not-sure'] as const;
export type LockingNutsAnswer = (typeof lockingNutsAnswers)[number];
export const lockingNutsLabels: Record<LockingNutsAnswer, string> = {
  yes: 'Yes',
  no: 'No',
  'not-sure': 'Not sure',
};

/** The answer as staff and the fitter read it ("Yes, key: glovebox"), or null when not given. */
export function lockingNutsText(answer: LockingNutsAnswer | null, key: string | null): string | null {
  if (!answer) return null;
  if (answer !== 'yes') return lockingNutsLabels[answer];
  return key ? `Yes, key: ${key}` : 'Yes, key’s place not given';
}

/**
 * When and how a booking is paid for, as the booking page says it (the site's terms: payment on
 * completion by cash, bank transfer or card).
 */
export const bookingPaymentText =
  'Nothing is taken now: you pay when the work is done, by card, cash or bank transfer.';

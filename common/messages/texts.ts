import { maxSmsSegments, plainText, smsSegments } from './sms.ts';

/**
 * The texts the business sends, each written from its wording (the Settings tab's Messages) with
 * the booking's facts in place of its {placeholders}. Every text names the business and carries
 * a link, and stays within two parts (maxSmsSegments) whatever the facts.
 */
export const textKinds = [
  'booking-confirmation',
  'day-before',
  'on-my-way',
  'payment-link',
  'reminder-mot',
  'reminder-tyres',
] as const;
export type TextKind = (typeof textKinds)[number];

/**
 * The texts a booking needs: they go even to a number that replied STOP (its customer booked
 * since, or is about to be met at the kerb); reminders do not.
 */
export const textsABookingNeeds: readonly TextKind[] = [
  'booking-confirmation',
  'day-before',
  'on-my-way',
  'payment-link',
];

export const textKindLabels: Record<TextKind, string> = {
  'booking-confirmation': 'Booking confirmed',
  'day-before': 'The day before',
  'on-my-way': 'On my way',
  'payment-link': 'Payment link',
  'reminder-mot': 'MOT reminder',
  'reminder-tyres': 'Tyre reminder',
};

export const textPlaceholders = {
  business: 'The business’s name',
  reference: 'The booking’s reference (BK-2612-0042)',
  date: 'The day (Tue 8 Dec)',
  window: 'The time window (09:00-11:00)',
  service: 'What is booked',
  eta: 'When the fitter expects to arrive (10:15)',
  amount: 'The amount to pay (£85.00)',
  registration: 'The vehicle’s registration (AB12 CDE)',
  link: 'The link: the booking’s page, the payment page or the booking form',
} as const;
export type TextPlaceholder = keyof typeof textPlaceholders;

/** The placeholders each text may use; {business} and {link} are in every one. */
export const textKindPlaceholders: Record<TextKind, readonly TextPlaceholder[]> = {
  'booking-confirmation': ['business', 'reference', 'date', 'window', 'service', 'link'],
  'day-before': ['business', 'reference', 'date', 'window', 'service', 'link'],
  'on-my-way': ['business', 'reference', 'eta', 'link'],
  'payment-link': ['business', 'reference', 'amount', 'link'],
  'reminder-mot': ['business', 'registration', 'date', 'link'],
  'reminder-tyres': ['business', 'registration', 'link'],
};

export const defaultTextWordings: Record<TextKind, string> = {
  'booking-confirmation':
    '{business}: your booking {reference} is confirmed for {date}, {window}. To see, move or cancel it: {link}',
  'day-before':
    '{business}: see you tomorrow, {date}, between {window} for {service} ({reference}). Need to change it? {link}',
  'on-my-way':
    '{business}: your fitter is on the way for {reference} and expects to arrive about {eta}. {link}',
  'payment-link': '{business}: {amount} to pay for {reference}. Pay securely by card: {link}',
  'reminder-mot':
    '{business}: the MOT of {registration} runs out on {date}. Book your MOT: {link} Reply STOP for no more reminders.',
  'reminder-tyres':
    '{business}: when we last saw {registration}, its tyres were getting low. Book a check: {link} Reply STOP for no more reminders.',
};

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A day as texts write it, short: "Wed 25 Nov" (a calendar date, YYYY-MM-DD). */
export const textDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`)).replace(',', '');

/** The longest each fact may plausibly be, for checking a wording stays within two parts. */
const longestFacts: Record<TextPlaceholder, string> = {
  business: 'x'.repeat(40),
  reference: 'BK-2612-0042',
  date: 'Wed 30 Sep',
  window: '09:00-11:00',
  service: 'x'.repeat(30),
  eta: '10:15',
  amount: '£1,250.00',
  registration: 'AB12 CDE',
  // https:// with a 40-character host, then /m/ and a short token.
  link: `https://${'x'.repeat(40)}/m/${'x'.repeat(23)}`,
};

const placeholderPattern = /\{(\w+)\}/g;

/** A text written from its wording, the facts in place of the placeholders, in plain GSM-7 forms. */
export function writeText(wording: string, facts: Partial<Record<TextPlaceholder, string>>): string {
  return plainText(
    wording.replace(placeholderPattern, (whole, name: string) => facts[name as TextPlaceholder] ?? whole),
  );
}

/** What is wrong with a wording for a kind of text, in words for the Settings tab; null if nothing. */
export function textWordingProblem(kind: TextKind, wording: string): string | null {
  const allowed = textKindPlaceholders[kind];
  for (const [, name] of wording.matchAll(placeholderPattern)) {
    if (!allowed.includes(name as TextPlaceholder))
      return `{${name}} is not one of this text's placeholders: ${allowed.map((each) => `{${each}}`).join(' ')}`;
  }
  if (!wording.includes('{business}')) return 'Name the business: put {business} in the text';
  if (!wording.includes('{link}')) return 'Put the {link} in the text';
  const longest = writeText(wording, longestFacts);
  if (smsSegments(longest) > maxSmsSegments)
    return 'Too long: with the longest details this text would take more than two text messages';
  return null;
}

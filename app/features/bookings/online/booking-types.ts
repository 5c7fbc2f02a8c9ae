import type { BookingField } from '#common/bookings/booking.ts';

/**
 * What the booking page's loader and action hand to its steps (routes/book.tsx). The page is
 * three steps, each a form: what and where, then when (GET forms that carry the earlier choices
 * in the address), then the customer's details (posted to the route's action).
 */

export const bookingSteps = [
  { key: 'what', title: 'What and where' },
  { key: 'when', title: 'Day and time' },
  { key: 'details', title: 'Your details' },
] as const;

export type BookingStep = (typeof bookingSteps)[number]['key'];

/**
 * A window as the booking page offers it: the places left only when few (common/bookings/slots.ts
 * `placesLeftToTell`), else null, as no more of a window's places reach the page.
 */
export type OfferedWindow = {
  start: string;
  end: string;
  placesLeft: number | null;
  /** Mobile fitting while routes are kept: a van already has a job near the customer that day. */
  nearby?: boolean;
  /** Mobile fitting while routes are kept: the call-out charge at this time ("£10.00", "None"). */
  callOut?: string;
};
export type OfferedDay = { date: string; windows: OfferedWindow[] };
/** A window of a given day, as offered instead of one that went. */
export type OfferedSlot = OfferedWindow & { date: string };

/** The choices the first two steps make, carried from step to step. */
export type BookingChoices = {
  service: string;
  location: string;
  /** Where the vehicle will be, for mobile fitting only. */
  postcode: string;
  date: string;
  start: string;
  /** A tyre of the catalogue to fit, and how many (from a size page's "Book fitting"); else empty. */
  tyre: string;
  quantity: string;
};
export type ChoiceField = keyof BookingChoices;
export const choiceFields = ['service', 'location', 'postcode', 'date', 'start', 'tyre', 'quantity'] as const;

/**
 * The tyres being booked, as the booking page shows them (its amounts and day written by the
 * server: the page's first step carries no formatting code of its own).
 */
export type TyreChoiceSummary = {
  id: number;
  /** "2 × Hankook Ventus Prime 4 205/55 R16 91V" */
  what: string;
  /** "£149.98", and "£74.99" for one. */
  total: string;
  each: string;
  /** The first day they can be fitted (earlier days are not offered), and as words. */
  fittedFrom: string;
  fittedFromText: string;
  /** The size's page, to choose another tyre. */
  sizePath: string;
};

export type ServiceOption = {
  slug: string;
  title: string;
  description: string;
  /**
   * The keys of the only places it is booked at (a branch's MOT testing and servicing: the
   * branches that take them online); absent: every place offered.
   */
  locations?: string[];
};

export type LocationOption = {
  /** `mobile` or a branch's key. */
  key: string;
  /** As the choice reads: "We come to you", "Harold Hill". */
  title: string;
  /** What it means: mobile fitting's places, or the branch's address. */
  detail: string;
  /** As the summary and the e-mails name it: "Mobile fitting", "Harold Hill branch". */
  name: string;
};

/**
 * The deposit a booking of the chosen service is asked for online, as the details step tells it
 * before the customer books: its sentences, written by the server (common/payments `depositWords`,
 * which the booking page's script need not carry): how much and by when, then the refund rule, the
 * rest of the price, and who handles the card.
 */
export type DepositNotice = { due: string; more: string[]; handledBy: string };

export type BookingPageData = {
  step: BookingStep;
  choices: BookingChoices;
  /** What the address's choices got wrong (a step continued without a choice, a window gone). */
  errors: Partial<Record<ChoiceField, string>>;
  services: ServiceOption[];
  locations: LocationOption[];
  /** The postcode districts mobile fitting covers; none: every postcode is accepted. */
  coveredDistricts: string[];
  /** The chosen location's days with a free window (from the second step on). */
  availability: OfferedDay[];
  /**
   * Mobile fitting while routes are kept: the call-out charge to the customer's postcode, in
   * words, told before a time is chosen (and what a nearby time saves); null otherwise.
   */
  callOut: { text: string; nearbySaving: string | null } | null;
  horizonDays: number;
  /** The tyres chosen on a size page, or null; and why a chosen one was dropped. */
  tyre: TyreChoiceSummary | null;
  tyreNotice: string | null;
  /** The deposit asked online for the chosen service (the details step); null: none, pay on the day. */
  deposit: DepositNotice | null;
  /** Whether texts are set up: the details step asks how the customer wants to hear (e-mail, text or both). */
  texts: boolean;
};

/** The details form's values as sent (the honeypot left out). */
export type BookingValues = Partial<Record<BookingField | 'tyre', string>>;

/** The action's answer when the booking was not made (a made one redirects to its page). */
export type BookingActionData =
  | {
      outcome: 'invalid';
      error: string;
      fieldErrors: Partial<Record<BookingField, string[]>>;
      values: BookingValues;
    }
  /** The window went meanwhile: the next free ones to choose instead. */
  | { outcome: 'taken'; error: string; nextFree: OfferedSlot[]; values: BookingValues }
  /** Too many bookings at once, or too many tyres held: the message alone. */
  | { outcome: 'limited'; error: string; values: BookingValues }
  /** Not booked but sent to the office as an enquiry (its postcode could not be placed). */
  | { outcome: 'enquiry'; message: string; values: BookingValues };

/** The address of a step with `choices` (empty ones left out). */
export function stepHref(step: BookingStep, choices: Partial<BookingChoices>): string {
  const params = new URLSearchParams();
  for (const field of choiceFields) {
    const value = choices[field];
    if (value) params.set(field, value);
  }
  if (step !== 'what') params.set('step', step);
  const query = params.toString();
  return query ? `/book?${query}` : '/book';
}

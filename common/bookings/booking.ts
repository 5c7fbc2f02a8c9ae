// zod/mini: the booking page validates with it in the browser.
import type { BookingPayment, DepositDue } from '#common/payments/payments.ts';
import * as z from 'zod/mini';
import { mobileLocation } from './settings.ts';
import { dayText, lockingNutsAnswers, outsideAreaForMobileMessage, type LockingNutsAnswer } from './words.ts';
import { enquirySchema } from '#common/enquiries/enquiry.ts';
import { isPostcode, normalisePostcode, postcodeMessage } from '#common/site-content/postcode.ts';
import { formatTime, isCalendarDate, timePattern } from '#common/time/week.ts';
import { type BookingStatus, type JobStatus } from './state-words.ts';
import { maxTyreQuantity } from '#common/tyres/catalogue.ts';
import { isRegistration, normaliseRegistration, registrationMessage } from '#common/vehicles/registration.ts';

/**
 * Online booking's shared shapes: the customer's booking (POST /api/bookings and the booking
 * page's form), the answers of the public and staff APIs, and the statuses of a booking.
 */

export const bookingFieldLimits = {
  registration: 10,
  addressLine: 100,
  town: 60,
  vehicle: 100,
  notes: 1000,
  lockingNutKey: 100,
} as const;

export const postcodeForMobileMessage = 'Enter the postcode where the vehicle will be, for example RM3 0AB';
export const addressLineForMobileMessage =
  'Enter the first line of the address where the vehicle will be, for example 12 High Street';
export const townForMobileMessage = 'Enter the town, for example Romford';

const text = (...checks: Parameters<z.ZodMiniString['check']>) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
    z.string().check(...checks),
  );

const tooLong = (max: number) => `Must be ${max} characters or fewer`;

const lockingNutsMessage = 'Choose Yes, No or Not sure';

const tyreChoiceMessage = 'Choose a tyre from the list';
const tyreQuantityMessage = `Choose how many tyres: 1 to ${maxTyreQuantity}`;

/**
 * A whole number from `min` to `max`, sent as a number (the JSON API) or as text (the booking
 * page's form); empty is absent.
 */
const wholeNumber = (message: string, min: number, max: number) =>
  z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string' ? (/^\s*\d{1,10}\s*$/.test(value) ? Number(value) : Number.NaN) : value,
    ),
    z.number(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message)),
  );

/** The booking's choice of what, where and when; the server checks them against the content. */
export const bookingChoiceShape = {
  service: text(z.minLength(1, 'Please select a service')),
  location: text(z.minLength(1, 'Choose where: at your address or at a branch')),
  date: text(z.refine(isCalendarDate, 'Choose a day')),
  start: text(z.regex(timePattern, 'Choose a time')),
};

/**
 * POST /api/bookings's body and the booking page's form. The customer's name, phone and e-mail
 * follow the enquiry form's rules and messages.
 */
export const bookingSchema = z
  .object({
    ...bookingChoiceShape,
    name: enquirySchema.shape.name,
    phone: enquirySchema.shape.phone,
    email: enquirySchema.shape.email,
    registration: z.pipe(
      text(z.refine(isRegistration, registrationMessage)),
      z.transform(normaliseRegistration),
    ),
    vehicle: text(
      z.minLength(2, 'Enter the vehicle’s make and model'),
      z.maxLength(bookingFieldLimits.vehicle, tooLong(bookingFieldLimits.vehicle)),
    ),
    /** Where the vehicle will be: required for mobile fitting, optional at a branch. */
    postcode: z.pipe(
      text(z.refine((value: string) => value === '' || isPostcode(value), postcodeMessage)),
      z.transform((value: string) => (value === '' ? '' : normalisePostcode(value))),
    ),
    /** The first line of the address and the town: required for mobile fitting, absent at a branch. */
    addressLine: z._default(
      text(z.maxLength(bookingFieldLimits.addressLine, tooLong(bookingFieldLimits.addressLine))),
      '',
    ),
    town: z._default(text(z.maxLength(bookingFieldLimits.town, tooLong(bookingFieldLimits.town))), ''),
    notes: text(z.maxLength(bookingFieldLimits.notes, tooLong(bookingFieldLimits.notes))),
    /**
     * Mobile work: whether the wheels have locking wheel nuts (absent: not answered), and where
     * their key is when they do (kept only with `yes`). Ignored at a branch.
     */
    lockingNuts: z.optional(
      z.pipe(
        z.transform((value: unknown) => (value === '' ? undefined : value)),
        z.optional(z.enum(lockingNutsAnswers, lockingNutsMessage)),
      ),
    ),
    lockingNutKey: z._default(
      text(z.maxLength(bookingFieldLimits.lockingNutKey, tooLong(bookingFieldLimits.lockingNutKey))),
      '',
    ),
    /** A tyre of the catalogue to fit (common/tyres), and how many: absent for a booking without tyres. */
    tyreId: z.optional(wholeNumber(tyreChoiceMessage, 1, 2_147_483_647)),
    quantity: z.optional(wholeNumber(tyreQuantityMessage, 1, maxTyreQuantity)),
    remindersConsent: enquirySchema.shape.remindersConsent,
    contactBy: enquirySchema.shape.contactBy,
  })
  .check(
    z.superRefine((booking, context) => {
      if (booking.location !== mobileLocation) return;
      const missing = [
        ['addressLine', addressLineForMobileMessage],
        ['town', townForMobileMessage],
        ['postcode', postcodeForMobileMessage],
      ] as const;
      for (const [field, message] of missing) {
        if (booking[field] === '') context.issues.push({ code: 'custom', input: '', path: [field], message });
      }
    }),
  );

export type BookingInput = z.input<typeof bookingSchema>;
export type BookingPayload = z.output<typeof bookingSchema>;
export type BookingField = keyof BookingPayload;

export { bookingHoneypotField } from './words.ts';

// Their words are those of every booking's and job's state (state-words.ts).
export { bookingStatuses, bookingStatusLabels, type BookingStatus } from './state-words.ts';

/**
 * The statuses staff may move a booking to from each status (PUT /api/bookings/{id}): a new
 * booking is confirmed; until it is done it is cancelled, or marked completed or a no-show.
 * Completed, no-show and cancelled bookings are final.
 */
export const bookingNextStatuses: Record<BookingStatus, readonly BookingStatus[]> = {
  booked: ['confirmed', 'cancelled', 'completed', 'no-show'],
  confirmed: ['cancelled', 'completed', 'no-show'],
  completed: [],
  'no-show': [],
  cancelled: [],
};

/** A booking still to happen: it holds its place, and can be moved or cancelled. */
export const isActiveBooking = (status: BookingStatus) => status === 'booked' || status === 'confirmed';

/** A booking as GET /api/bookings answers it (staff). Times are London wall-clock times. */
export type Booking = {
  id: number;
  /** Shared with its enquiry in the pipeline: BK-YYMM-NNNN (ENQ-YYMM-NNNN for older bookings). */
  reference: string;
  enquiryId: number;
  status: BookingStatus;
  /** The service's address (`puncture-repair`) and its title when booked. */
  service: string;
  serviceTitle: string;
  /** `mobile` or a branch's key, and its name when booked. */
  location: string;
  locationName: string;
  date: string;
  start: string;
  end: string;
  /** When the window starts and ends, ISO 8601 instants. */
  startsAt: string;
  endsAt: string;
  name: string;
  email: string;
  phone: string;
  registration: string;
  vehicle: string;
  postcode: string | null;
  /** Where the vehicle will be (mobile fitting): first line of the address and town, else null. */
  addressLine: string | null;
  town: string | null;
  outsideArea: boolean;
  notes: string;
  /** Mobile work: whether the wheels have locking wheel nuts, and where the key is (with `yes`). */
  lockingNuts: LockingNutsAnswer | null;
  lockingNutKey: string | null;
  /** The fitter the office gave the job to. */
  fitter: { id: number; name: string } | null;
  /**
   * How the fitter's visit went, once they have started on it (common/jobs): why they could not
   * complete it, why they changed the price, and whether that change waits for the office's
   * approval before the invoice is issued.
   */
  job: {
    status: JobStatus;
    notCompletedReason: string | null;
    priceHeld: boolean;
    linesReason: string | null;
  } | null;
  /** Why it was cancelled, and by whom (`customer`, or a member of staff as named at the time). */
  cancelReason: string | null;
  cancelledBy: string | null;
  /** The tyres booked with the fitting, or null. */
  tyre: BookedTyre | null;
  /** The call-out charge by distance from the nearest van's start (common/routing), in pence; 0 for none. */
  callOutPence: number;
  /** Money asked online (a deposit), paid and refunded (common/payments). */
  payment: BookingPayment;
  createdAt: string;
  updatedAt: string;
};

/**
 * Tyres booked with a fitting: which (as described when booked), how many, the price of one
 * fully fitted and the total, in pence; from own stock (reserved) or to be ordered from the
 * supplier, and when staff ordered them.
 */
export type BookedTyre = {
  id: number;
  description: string;
  quantity: number;
  price: number;
  total: number;
  source: 'stock' | 'supplier';
  orderedAt: string | null;
};

/** What a booking's customer-facing answers say of where and when. */
type BookingChoice = 'reference' | 'serviceTitle' | 'location' | 'locationName' | 'date' | 'start' | 'end';

/** POST /api/bookings's 201 answer. */
export type CreatedBooking = Pick<Booking, BookingChoice | 'service'> & {
  /** The customer's own page for the booking (also e-mailed). */
  manageUrl: string;
  /** The tyres booked (description, quantity, price of one), or null. */
  tyre: Pick<BookedTyre, 'description' | 'quantity' | 'price'> | null;
  /** What the tyres cost in all, fully fitted, in pence; null for a booking without tyres. */
  total: number | null;
  /** The call-out charge by distance (common/routing), in pence; 0 for none. */
  callOutPence: number;
  /**
   * The deposit to pay online now (Stripe Checkout at `url`), while card payments are set up and
   * a deposit rule applies; absent otherwise (pay on the day).
   */
  payment?: DepositDue;
};

/** A free window, as the 409 answer lists the next ones. */
export type FreeWindow = { date: string; start: string; end: string; free: number };

export const windowGoneMessage =
  'Sorry, that time has just been booked by someone else. Please choose another time.';
export const windowUnavailableMessage = 'That time can no longer be booked. Please choose another time.';
export const tyresGoneMessage =
  'Sorry, the last of these tyres have just been booked by someone else. Please choose another tyre.';
export const tyreNotOfferedMessage = 'This tyre can no longer be booked. Please choose another tyre.';
export const tyresWithBranchServiceMessage =
  'Tyres are booked with a tyre fitting, not with an MOT test or a service. Choose a tyre service to have them fitted.';
export const tyresFromMessage = (date: string) =>
  `These tyres can be fitted from ${dayText(date)}. Please choose that day or a later one.`;
export const tooManyBookingsMessage =
  'You have made several bookings in a short time. Please wait a few minutes and try again, or call us.';

/** GET /api/bookings/manage/{token}: what the customer sees of their booking. */
export type ManagedBooking = Pick<
  Booking,
  | BookingChoice
  | 'service'
  | 'status'
  | 'name'
  | 'registration'
  | 'vehicle'
  | 'postcode'
  | 'addressLine'
  | 'town'
  | 'tyre'
  | 'payment'
  | 'callOutPence'
> & {
  /** Whether the customer may still cancel online (before the notice period). */
  canCancel: boolean;
  /** Where to pay the deposit while it is due (Stripe Checkout), else null. */
  payUrl: string | null;
  /**
   * Whether a cancellation now has the deposit paid online refunded by itself (more than the
   * business's hours before the window); false when nothing was paid online.
   */
  refundOnCancel: boolean;
};

/** The customer's move of their booking: the booking at its new time with its new link's token, or why not. */
export type CustomerMoveResult =
  | { status: 200; booking: ManagedBooking; manageToken: string }
  | { status: 404 }
  | { status: 400 | 409; error: string; fieldErrors?: Record<string, string[]> };

/**
 * PUT /api/bookings/{id}'s body: a change of status, a move to another window, or the fitter it
 * is given to (null: none).
 */
export type BookingUpdate =
  | { status: 'confirmed' | 'completed' | 'no-show' }
  | { status: 'cancelled'; reason: string }
  | { date: string; start: string; location?: string }
  | { fitterId: number | null };

/** The address where a mobile booking's vehicle will be, on one line, or null. */
export const bookingAddress = (booking: Pick<Booking, 'addressLine' | 'town'>) =>
  [booking.addressLine, booking.town].filter(Boolean).join(', ') || null;

export const bookingCancelReasonMaxLength = 500;

/** What happened to a booking, whichever way it came (JSON API or the booking page's form post). */
export type SubmitBookingResult =
  | { status: 201; booking: CreatedBooking; manageToken: string }
  | { status: 400; error: string; fieldErrors: Partial<Record<BookingField, string[]>> }
  | {
      status: 409;
      error: string;
      nextFree: FreeWindow[];
      /** Refused because its tyres would be more than its holders may hold (common/bookings/holds.ts). */
      tyresHeld?: true;
    }
  | { status: 429; error: string; retryAfterSeconds: number }
  /**
   * Not booked, but sent to the office as an enquiry (`reference`): the travel to the customer's
   * postcode could not be worked out (common/routing), so staff call to book a time.
   */
  | { status: 202; reference: string; message: string };

/** What a customer's cancellation through the manage link did. */
export type CancelBookingResult =
  | { status: 200; booking: ManagedBooking }
  /** No booking has this token. */
  | { status: 404 }
  /** Too late (inside the notice period) or not cancellable any more (completed, already cancelled). */
  | { status: 409; error: string; booking: ManagedBooking };

export const cancelTooLateMessage =
  'This booking starts too soon to cancel online. Please call us to cancel or change it.';
export const bookingNotFoundMessage =
  'We cannot find this booking. The link may be mistyped, or the booking was moved (the newest e-mail has the current link).';

export { dayText, outsideAreaForMobileMessage };
export { lockingNutsText, type LockingNutsAnswer } from './words.ts';

/** "Wednesday 25 November 2026, 8:00am - 10:00am". */
export const bookingWindowText = (window: { date: string; start: string; end: string }) =>
  `${dayText(window.date)}, ${formatTime(window.start)} - ${formatTime(window.end)}`;

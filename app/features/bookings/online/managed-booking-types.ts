import type { BookingStatus } from '#common/bookings/booking.ts';
import type { AvailabilityDay } from '#common/bookings/slots.ts';
import type { JobReportWords } from '#common/jobs/customer-report.ts';

/** A customer's booking as its page shows it (routes/booking-manage.tsx), written for people. */
export type ManagedBookingView = {
  reference: string;
  status: BookingStatus;
  statusLabel: string;
  serviceTitle: string;
  locationName: string;
  /** A branch's address; none for mobile fitting. */
  address: string | null;
  /** "Tuesday 24 November 2026" */
  date: string;
  /** "8:00am – 10:00am" */
  window: string;
  name: string;
  /** As people write it: "AB12 CDE". */
  registration: string;
  vehicle: string;
  postcode: string | null;
  /** "2 × Hankook Ventus Prime 4 205/55 R16 91V", and "£149.98 in all, fully fitted"; null without tyres. */
  tyres: { what: string; total: string } | null;
  /** The call-out charge by distance ("£10.00"), when the booking has one; else null. */
  callOut: string | null;
  /** Whether the customer may still cancel or move it online (active, before the notice period). */
  canCancel: boolean;
  /** How long before the window online cancellation closes. */
  noticeHours: number;
  /** What happens next, in order, for a booking still to come; empty otherwise. */
  nextSteps: string[];
  /** The booking's calendar entry (.ics), through the manage link; null once it is over or cancelled. */
  calendarHref: string | null;
  /** The completed job's report, with its invoice, through the manage link; null before. */
  report: ManagedJobReport | null;
  /** Where to leave a review, once the job is completed and the business has set one; else null. */
  reviewHref: string | null;
  /** The deposit asked online, as the page tells of it; null without one (pay on the day). */
  deposit: ManagedDeposit | null;
  /**
   * What cancelling now does to a deposit paid online: refunded to the card, or not by itself
   * this close to the booking (the customer is asked to call); null when nothing was paid online.
   */
  cancelDeposit: { refunded: boolean; text: string } | null;
};

/**
 * A booking's deposit (amounts as "£30.00"): due, with where to pay it (Stripe Checkout; null
 * when no link can be given), paid, not paid in time (the booking released), or refunded.
 */
export type ManagedDeposit =
  | { status: 'due'; amount: string; payUrl: string | null }
  | { status: 'paid' | 'lapsed' | 'refunded'; amount: string };

/** Back from Stripe Checkout (`?paid=1`, `?paid=0`): paid there, or left without paying. */
export type PaymentReturn = 'paid' | 'not-paid';

/** A completed job as the customer's page shows it. */
export type ManagedJobReport = JobReportWords & {
  /** "Tuesday 24 November 2026" */
  completedOn: string;
  /** The VAT invoice to download, or null while it is not issued yet. */
  invoice: { number: string; href: string } | null;
};

/** Moving the booking: the free windows it can move to, day by day (its own window left out). */
export type MoveChoice = {
  days: AvailabilityDay[];
  /** The day whose times are shown (without scripts, the day chosen before the last press). */
  date: string;
  horizonDays: number;
};

/** What the manage page's action answers when it does not redirect. */
export type ManageActionData =
  /** Without scripts, the first press of Cancel asks to confirm. */
  | { outcome: 'confirm' }
  | { outcome: 'refused'; error: string }
  /** A move not made: the day chosen, and why (empty: another day chosen, whose times are to choose from). */
  | { outcome: 'move-refused'; date: string; error: string };

/** The form that moves the booking (move-form.tsx): the booking, its free times, and why the last move was not made. */
export type MoveFormProps = {
  booking: ManagedBookingView;
  choice: MoveChoice;
  refusal: { date: string; error: string } | null;
};

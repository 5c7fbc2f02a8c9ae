/**
 * Card payments online (Stripe Checkout): a booking's deposit, the balance paid by link at the
 * kerb, refunds, and the owners' reconciliation with Stripe. No card number ever reaches the
 * product: customers pay on Stripe's own page.
 */

/** Where a booking stands with money asked online. */
export const bookingPaymentStatuses = ['none', 'due', 'paid', 'lapsed', 'refunded'] as const;
export type BookingPaymentStatus = (typeof bookingPaymentStatuses)[number];

export const bookingPaymentStatusLabels: Record<BookingPaymentStatus, string> = {
  none: 'Pay on the day',
  due: 'Deposit due',
  paid: 'Deposit paid',
  lapsed: 'Lapsed: deposit not paid',
  refunded: 'Deposit refunded',
};

/**
 * A booking's money, as staff (GET /api/bookings, PUT /api/bookings/{id}) and its manage page
 * read it: the deposit asked online (0 without one), all that was paid (deposit, link and in
 * person), and what was refunded (pence).
 */
export type BookingPayment = {
  status: BookingPaymentStatus;
  amountPence: number;
  paidPence: number;
  refundedPence: number;
};

export const noBookingPayment: BookingPayment = {
  status: 'none',
  amountPence: 0,
  paidPence: 0,
  refundedPence: 0,
};

/** POST /api/bookings' `payment` when a deposit is asked: pay it at `url` (Stripe Checkout). */
export type DepositDue = { status: 'due'; amountPence: number; url: string };

/**
 * POST /api/jobs/{id}/payment-link's answer: the link for what is still due, and its QR code;
 * asked to text it, whether it was (false: the customer's number takes no texts).
 */
export type PaymentLink = { url: string; amountPence: number; qrSvg: string; texted?: boolean };

/** POST /api/jobs/{id}/payment-link's body: the link e-mailed or texted to the customer too. */
export type PaymentLinkRequest = { email?: boolean; text?: boolean };

/** What a payment online was for. */
export const checkoutPurposes = ['deposit', 'balance'] as const;
export type CheckoutPurpose = (typeof checkoutPurposes)[number];

/** A payment taken online, as the takings list it, with Stripe's id of it. */
export type OnlinePayment = {
  id: number;
  bookingId: number | null;
  reference: string | null;
  amountPence: number;
  takenAt: string;
  /** Stripe's payment id (pi_…). */
  paymentIntent: string | null;
  purpose: CheckoutPurpose;
};

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** A refund of a payment online: asked of Stripe, done, or refused with Stripe's reason. */
export type Refund = {
  id: number;
  bookingId: number | null;
  reference: string | null;
  amountPence: number;
  status: RefundStatus;
  /** Stripe's reason when it refused the refund. */
  failure: string | null;
  /** Stripe's refund id (re_…) and the payment refunded (pi_…). */
  stripeRefundId: string | null;
  paymentIntent: string;
  /** Who asked: a member of staff's name, `Customer (online)`, or the product itself. */
  requestedBy: string;
  requestedAt: string;
  /** When Stripe confirmed it: the day it counts in the takings. */
  settledAt: string | null;
};

/** The online side of a day's takings (GET /api/takings): payments in and refunds out. */
export type OnlineTakings = {
  payments: OnlinePayment[];
  refunds: Refund[];
  /** Refunds done that day (money out), pence. */
  refunded: number;
};

/** One Checkout payment in GET /api/payments/reconcile's lists. */
export type ReconciledItem = {
  sessionId: string;
  paymentIntent: string | null;
  amountPence: number;
  reference: string | null;
  bookingId: number | null;
  /** When it was paid (or the session made, for Stripe's side), ISO 8601. */
  at: string;
};

/**
 * GET /api/payments/reconcile?date= (owners): the day's paid Checkout Sessions as Stripe lists
 * them against the payments online the product recorded that day.
 */
export type Reconciliation = {
  date: string;
  /** Paid at Stripe, missing here. */
  missingHere: ReconciledItem[];
  /** Recorded here, missing at Stripe (or not paid there). */
  missingAtStripe: ReconciledItem[];
  /** How many agree. */
  matched: number;
};

/** POST /api/bookings/{id}/refund's body (staff): how much, all of what is refundable unless told. */
export type RefundRequest = { amountPence?: number };

export const paymentsOffMessage = 'Card payments online are not set up.';
export const nothingToRefundMessage = 'Nothing paid online is left to refund on this booking.';
export const nothingDueMessage = 'Nothing is due on this job.';

/** The customer-facing words about a deposit (booking page, manage page, terms). */
export const depositWords = {
  payDeposit: 'Pay the deposit',
  dueNotice: (amount: string, minutes: number) =>
    `A deposit of ${amount} secures this booking. Pay it within ${minutes} minutes by card on Stripe's secure page, or the time and any tyres held for you are released.`,
  refundRule: (hours: number) =>
    `Cancel more than ${hours} hours before your booking and the deposit is refunded to your card. Later than that, we may keep it.`,
  handledBy: 'Card payments are handled by Stripe. We never see or keep your card number.',
  paid: (amount: string) => `Deposit of ${amount} paid. Thank you.`,
  lapsed: 'The deposit was not paid in time, so this booking was released.',
  /** A percentage deposit, with what it is a percentage of: "£30.00 (20% of £150.00)". */
  percentOf: (amount: string, percent: number, total: string) => `${amount} (${percent}% of ${total})`,
  /** Before booking: the link to pay comes after the booking is made, never before. */
  payAfterBooking: 'Once you confirm the booking, the next page has the link to pay.',
  balanceOnTheDay: 'The rest is paid when the work is done, by card, cash or bank transfer.',
  /** The confirmation's heading while the deposit is due: the booking is not secured yet. */
  payToSecure: 'Pay the deposit to secure your booking',
  /** While it is due, after booking (the time it must be paid by is the server's). */
  dueSoon: (amount: string) =>
    `A deposit of ${amount} is due. Pay it soon by card on Stripe's secure page, or the booking is released.`,
  /** Back from Stripe having paid, before Stripe's word of it has arrived. */
  confirming: 'Thank you: we are confirming your payment',
  confirmingDetail:
    'This usually takes a few seconds: this page shows the deposit as paid once Stripe confirms it.',
  confirmingSlow:
    'Stripe has not confirmed the payment yet. Reload this page in a minute to see it; there is no need to pay again.',
  /** Back from Stripe without paying. */
  notCompleted: 'The payment was not completed, so the deposit is still due.',
  /** A cancelled booking's paid deposit: refunded or not, as the business's rule says. */
  refundAfterCancel: 'If it is refunded, this page shows it once Stripe has returned it to your card.',
  /** Shown while a deposit is due but no link to pay it can be given (the phone number follows). */
  callToPay: 'To pay the deposit, please call us',
  refunded: (amount: string) => `Your deposit of ${amount} was refunded to your card.`,
  refundOnCancel: (amount: string) => `Cancelling now refunds your ${amount} deposit to your card.`,
  /** Without its full stop: the page follows it with " on {phone}." */
  noRefundOnCancel: (amount: string) =>
    `This close to the booking, cancelling does not refund your ${amount} deposit automatically. Please call us about it`,
  /** The deposit counts towards the price: what is left is paid on the day. */
  restOnTheDay: (amount: string) =>
    `Pay the rest when the work is done, by card, cash or bank transfer: your ${amount} deposit counts towards the price. Your job report and VAT invoice come by e-mail, and show on this page.`,
  /** A booking released for its unpaid deposit, as its status reads. */
  releasedLabel: 'Released',
};

/** Why a booking lapsed, as its cancellation records it. */
export const lapsedReason = (minutes: number) =>
  `The deposit was not paid within ${minutes} minutes, so the time and any tyres held were released.`;

/** Who cancelled a lapsed booking, as the booking records it. */
export const lapsedBy = 'Deposit not paid';

/**
 * What the booking page tells customers of the deposit before they book (and the terms say):
 * null while card payments are not set up or no deposit is taken.
 */
export type DepositTerms = {
  kind: 'fixed' | 'percent';
  fixedPence: number;
  percent: number;
  /** The services it is taken for (their keys); empty: every one. */
  services: string[];
  refundableHours: number;
  holdMinutes: number;
};

/** GET /api/payments/status (staff): whether card payments online are set up (STRIPE_* keys). */
export type PaymentsStatus = { configured: boolean };

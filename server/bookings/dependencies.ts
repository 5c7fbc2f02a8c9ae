import type { Booking } from '#common/bookings/booking.ts';
import type { DepositDue } from '#common/payments/payments.ts';
import type { Database } from '../db/client.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import type { Logger } from '../logger.ts';
import type { RoutingDependencies } from '../routing/reach.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';

/**
 * The tyres a booking asks for: checked against the catalogue when it arrives, priced by the
 * published rules, and where they will come from. The booking statement then reserves those
 * from own stock in the same transaction that takes the window's place (store.ts).
 */
export type TyreChoice = {
  id: number;
  quantity: number;
  description: string;
  /** One tyre, fully fitted, VAT included, in pence. */
  price: number;
  source: 'stock' | 'supplier';
};

export type TyreChoiceResult =
  | { ok: true; tyre: TyreChoice }
  | { ok: false; status: 400; field: 'tyreId' | 'date'; message: string }
  | { ok: false; status: 409; message: string };

/**
 * The tyre catalogue as bookings use it, given by the app (server/tyres/booking-tyres.ts,
 * `bookingTyres`): the tyres' offers are dated by this domain's diary, so this domain reaches the
 * catalogue only through what it is given.
 */
export type BookingTyres = {
  /**
   * `quantity` of tyre `id` for a booking on `date`: refused when the tyre is not offered, when
   * neither own stock nor the supplier has that many, or when the day is before they can be fitted.
   */
  choose(
    db: Database,
    settings: Pick<BusinessSettings, 'tyres' | 'invoicing'>,
    request: { id: number; quantity: number; date: string; now: Date },
  ): Promise<TyreChoiceResult>;
  /** `quantity` of tyre `id` were reserved from own stock by a booking stored here. */
  reserved(db: Database, id: number, quantity: number): void;
  /** A booking's tyres went back to the shelf, or left it, with its status. */
  changed(db: Database): void;
};

/**
 * Card payments online as bookings use them, given by the app (server/payments/booking-payments.ts)
 * while Stripe is set up: the payments domain reads bookings, so bookings reach it only through
 * what they are given.
 */
export type BookingPayments = {
  /**
   * Asks the deposit of a booking just stored, where a rule applies: its Checkout, and the
   * booking held unpaid until it is paid or lapses. Null: none asked (no rule, or Stripe failed:
   * the booking stands, to be paid on the day, and staff are told).
   */
  askDeposit(booking: Booking, manageToken: string): Promise<DepositDue | null>;
  /**
   * In the transaction that cancels `booking`: a deposit still due is no longer asked, and one
   * paid is refunded when cancelled more than the business's hours before (else staff decide).
   */
  cancelled(tx: Database, booking: Booking, by: { id: number; name: string } | 'customer'): Promise<void>;
  /** Once that transaction is committed: the refunds it decided are asked of Stripe. */
  settle(): void;
  /** The Checkout URL of a booking's deposit while it is due, and the refund rule's hours. */
  manageView(booking: Booking): Promise<{ payUrl: string | null; refundableHours: number }>;
};

/**
 * Online booking: what can be booked (the published booking settings less the places taken,
 * availability.ts), storing a booking so that a window never takes more than its places
 * (store.ts), the customer's own link to see and cancel it (customer-link.ts), and the staff's
 * changes (staff-changes.ts). Every change that the customer or staff must hear of queues its
 * e-mails in the transaction that makes it (the outbox sends them).
 */
export type BookingDependencies = {
  db: Database;
  logger: Logger;
  /** The per-client limit of bookings (the enquiries' limit, counted apart). */
  limit: RateLimit;
  clock: () => Date;
  /** The published site content (services, branches, covered districts). */
  content: () => Promise<SiteContent>;
  /** The business's settings in force (booking times, tyre prices, the VAT rate, reminders). */
  settings: () => Promise<BusinessSettings>;
  /**
   * The settings in force when they are in memory, without waiting: what a read answered from
   * memory checks it was made with (undefined: such reads are made again each time). A new
   * object at each change of the settings or of the content.
   */
  settingsNow?: () => BusinessSettings | undefined;
  /** The site's origin, for the manage links. */
  publicUrl: string;
  /** The tyre catalogue, for the bookings that ask for tyres. */
  tyres: BookingTyres;
  /** Told once e-mails are queued, so that they go without waiting for a poll. */
  onQueued?: () => void;
  /** Card payments online, while Stripe is set up. */
  payments?: BookingPayments;
  /** Whether texts are set up (TWILIO_*): customers who asked for texts get them. */
  texts?: boolean;
  /** Vehicle data from outside, given by the app. */
  vehicles?: NamedVehicles;
  /**
   * Where things are and how long the drive is (server/routing): mobile windows offered and
   * booked only where a van can reach them, with the call-out by distance, while the routes
   * settings name the vans' starts.
   */
  routing?: RoutingDependencies;
};

/**
 * The vehicles' domain as bookings and jobs tell it of a vehicle, given by the app
 * (server/vehicles/mot-check.ts): the vehicles' MOT history is applied through the reminders,
 * which read bookings, so bookings reach it only through what they are given.
 */
export type NamedVehicles = {
  /**
   * A booking stored or a job completed names this registration (as stored): its MOT history is
   * read in the background, once the caller's transaction is committed; never fails nor waits.
   * `fresh` (a completed job): read even if it was within the day.
   */
  named(registration: string, options?: { fresh?: boolean }): void;
};

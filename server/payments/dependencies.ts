import type { BusinessSettings } from '#common/settings/domains.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { StripeAccess } from './stripe.ts';

/**
 * Card payments online (common/payments): deposits asked when booking (booking-payments.ts), the
 * balance by link at the kerb (payment-link.ts), Stripe's events (events.ts), lapsed holds
 * (lapse.ts), refunds (refunds.ts) and the owners' check against Stripe (reconcile.ts).
 */
export type PaymentsDependencies = {
  db: Database;
  logger: Logger;
  clock: () => Date;
  /** Stripe, while it is set up (STRIPE_*); null: nothing is paid online. */
  stripe: StripeAccess | null;
  /** The site's origin, for the pages Stripe sends customers back to. */
  publicUrl: string;
  content: () => Promise<SiteContent>;
  settings: () => Promise<BusinessSettings>;
  /** Told once e-mails are queued, so that they go without waiting for a poll. */
  onQueued?: () => void;
  /** Told when a booking was released or restored: its window and tyres are read again. */
  bookingsChanged?: () => void;
  /** Whether texts are set up: the payment link may be texted. */
  texts?: boolean;
};

import type { Database } from '../db/client.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import type { Logger } from '../logger.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';

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
  /** Told once e-mails are queued, so that they go without waiting for a poll. */
  onQueued?: () => void;
};

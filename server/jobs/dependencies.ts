import type { BusinessSettings } from '#common/settings/domains.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import type { NamedVehicles } from '../bookings/dependencies.ts';
import type { Database } from '../db/client.ts';
import type { InvoiceLogo } from './invoice-pdf.ts';

/**
 * The fitter's day: the jobs of a day (list.ts), what the fitter does and records on each
 * (events.ts), the payments taken (payments.ts), and the invoices and credit notes issued
 * (invoices.ts). A vehicle's history of jobs is the vehicles' (server/vehicles/history.ts).
 */
export type JobsDependencies = {
  db: Database;
  clock: () => Date;
  /** The published site content (the services' prices, the business's name and contacts). */
  content: () => Promise<SiteContent>;
  /** The settings in force (the invoicing details and VAT rate, the price-cut limit, reminders). */
  settings: () => Promise<BusinessSettings>;
  /** The business's logo, to head the invoices' PDF; without it they start with its name. */
  invoiceLogo?: () => Promise<InvoiceLogo | null>;
  /** Told once e-mails are queued, so that they go without waiting for a poll. */
  onQueued?: () => void;
  /** Told when a booking's status changed (its tyres and the availability shown). */
  onBookingChanged?: () => void;
  /**
   * How long the job report waits after completion, so that a payment taken at the kerb just
   * after shows on its invoice as paid.
   */
  reportDelayMs: number;
  /** The site's origin, for the links texts carry. */
  publicUrl: string;
  /** Whether texts are set up (TWILIO_*): customers who asked for texts get them. */
  texts?: boolean;
  /** Told of a completed job's vehicle, once its completion is committed (its MOT history is read). */
  vehicles?: NamedVehicles;
};

/** Who acts: a fitter on their own jobs, the office on any. */
export type JobActor = { id: number; username: string; role: 'owner' | 'staff' | 'fitter' };

import type { StaffUser } from '#common/auth/auth.ts';
import type { AvailabilityDay, BookingOffer, RoutedAvailability } from '#common/bookings/slots.ts';
import type {
  CancelBookingResult,
  CustomerMoveResult,
  ManagedBooking,
  SubmitBookingResult,
} from '#common/bookings/booking.ts';
import type { CustomerJobReport } from '#common/jobs/customer-report.ts';
import type { DepositTerms } from '#common/payments/payments.ts';
import type { SubmitEnquiryResult } from '#common/enquiries/enquiry.ts';
import type { UploadedSlotImages } from '#common/images/images.ts';
import type { Tokens } from '#common/site-content/tokens.ts';
import type { PublicContent } from '#common/site-content/public-content.ts';
import type { SiteSettings } from '#common/site-content/site-settings.ts';
import type { TyreOffer, TyrePageAnswer, TyreSearch, TyreSearchAnswer } from '#common/tyres/catalogue.ts';
import type { TyreSize } from '#common/tyres/size.ts';

/**
 * What the server hands every route loader (React Router's load context). Loaders call these
 * in-process functions, the same ones the JSON API uses, rather than fetching over HTTP.
 */
export type ServerContext = {
  /** The brand settings with the business details of the published content. */
  site: SiteSettings;
  /**
   * What the public pages show of the published site content (from this process's memory, never
   * a query per request), with the facts its texts name filled in (`{price:mot}` reads £50). Never
   * the settings staff alone see (common/site-content/public-content.ts): what a page needs of
   * those comes worked out (`bookings.offer`, fitted tyre prices).
   */
  content: PublicContent;
  /** The business facts texts may name (`companyName`, `price:mot`, …), for the legal pages. */
  facts: Tokens;
  /** Origin for canonical and absolute URLs, without a trailing slash. */
  publicUrl: string;
  /** Nonce of this response's Content-Security-Policy, for the inline scripts of server rendering. */
  cspNonce: string;
  /** Enquiries are deleted this many months after they arrive (the Privacy Policy says so). */
  enquiryRetentionMonths: number;
  /** GA4 measurement id when the analytics tag is configured (loaded only with consent). */
  gaMeasurementId: string | null;
  /** Whether this response is the home page of a browser's first visit, which shows the splash screen. */
  showSplash: boolean;
  /**
   * Whether texts to customers are set up (TWILIO_*): only then do the booking page and the
   * enquiry form ask how the customer wants to hear from the business.
   */
  texts: boolean;
  enquiries: {
    /**
     * A plain form post of the enquiry form (no JavaScript), from this request's client; a 503
     * when the database cannot be reached, whose message gives the phone number instead.
     */
    submit(
      form: Record<string, unknown>,
    ): Promise<SubmitEnquiryResult | { status: 503; error: string; retryAfterSeconds: number }>;
  };
  bookings: {
    /** Where customers can book what online, and how far ahead. */
    offer: BookingOffer;
    /**
     * The deposit taken online when a customer books (the payments' settings), or null while card
     * payments are not set up (STRIPE_*) or no deposit is taken: then the pages say nothing of
     * paying online.
     */
    deposit: DepositTerms | null;
    /**
     * The windows with a place left (GET /api/availability's answer): for `location` (`mobile` or
     * a branch key) and `service` (a branch's `mot` and `servicing` have windows of their own)
     * from the London date `from` (today, by the server's clock, when not given) for `days` days.
     */
    availability(query: {
      location: string;
      service?: string;
      from?: string;
      days: number;
    }): Promise<AvailabilityDay[]>;
    /**
     * Mobile fitting at a postcode: the windows a van can reach there, with the call-out charge,
     * or why none is offered (common/routing); absent where routes are never kept (tests).
     */
    routedAvailability?(query: {
      location: string;
      service?: string;
      days: number;
      postcode: string;
      tyres?: number;
    }): Promise<RoutedAvailability>;
    /** What a time near another job takes off the call-out charge (the routes settings), in pence. */
    nearbyDiscountPence?: number;
    /** A plain form post of the booking page (no JavaScript), from this request's client. */
    submit(form: Record<string, unknown>): Promise<SubmitBookingResult>;
    /** The booking of a manage link's token, or null. */
    manage(token: string): Promise<ManagedBooking | null>;
    /** The customer cancels through the manage link. */
    cancel(token: string): Promise<CancelBookingResult>;
    /** The customer moves the booking to another free window through the manage link (a new link). */
    move(token: string, change: { date: string; start: string }): Promise<CustomerMoveResult>;
    /** The job report of a completed booking's job, through its manage link; else null. */
    jobReport(token: string): Promise<CustomerJobReport | null>;
    /** Where customers leave a review (the reminders' settings); '' when not set. */
    reviewLink: string;
  };
  tyres: {
    /** The sizes the catalogue offers tyres in (the size choices of /tyres). */
    sizes(): Promise<TyreSize[]>;
    /** The sizes with a tyre in stock here or at the supplier (the sitemap's size pages). */
    stockedSizes(): Promise<TyreSize[]>;
    /** GET /api/tyres's answer. */
    search(search: TyreSearch): Promise<TyreSearchAnswer>;
    /** One offered tyre for `quantity` of them (the booking page), or null. */
    offer(id: number, quantity: number): Promise<TyreOffer | null>;
    /** The tyre of `size` whose page is `slug` (/tyres/205-55-r16/{slug}), as its page shows it. */
    tyre(size: TyreSize, slug: string): Promise<TyrePageAnswer>;
    /** The pages of the offered tyres in stock here or at the supplier (the sitemap's). */
    stockedTyres(): Promise<{ size: TyreSize; slug: string }[]>;
  };
  reminders: {
    /** The address an unsubscribe link's reminder went to, and whether it is unsubscribed; else null. */
    subscription(token: string): Promise<{ email: string; unsubscribed: boolean } | null>;
    /** Unsubscribes that address at once (the link's one-click POST); null for an unknown token. */
    unsubscribe(token: string): Promise<{ email: string } | null>;
    /** Subscribes it again; null for an unknown token. */
    resubscribe(token: string): Promise<{ email: string } | null>;
  };
  images: {
    /** The named slots with an uploaded picture, read afresh: a change shows at once. */
    uploadedSlots(): Promise<UploadedSlotImages>;
  };
  staff: {
    /** The staff member signed in on this request, or null. */
    currentUser(): Promise<StaffUser | null>;
  };
};

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ServerContext {}
}

import type { ContactBy } from '#common/messages/contact.ts';
import type { TextRecord } from '#common/messages/replies.ts';
// zod/mini: the dashboard's form uses the same rule as the API, at a small size in the browser.
import * as z from 'zod/mini';
import type { Booking } from '#common/bookings/booking.ts';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import type { InvoiceDocument } from '#common/jobs/invoice.ts';
import type { MotTest, RegisteredVehicle } from '#common/vehicles/vehicle-data.ts';
import type { SubjectJob } from '#common/jobs/jobs.ts';
import type { RemindersConsentRecord } from '#common/reminders/consent.ts';
import type { Reminder } from '#common/reminders/reminders.ts';

/** The longest e-mail address (RFC 5321's path limit), as the enquiry form accepts. */
const emailMaxLength = 254;

/**
 * The one e-mail address a data protection request is about, trimmed: the dashboard's Privacy
 * form and the privacy API check it with the same messages.
 */
export const personalDataEmail = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
  z.string().check(
    z.minLength(1, { error: 'Enter the e-mail address the person used', abort: true }),
    z.maxLength(emailMaxLength, {
      error: `An e-mail address has at most ${emailMaxLength} characters`,
      abort: true,
    }),
    z.email('Enter a full e-mail address, like name@example.com'),
  ),
);

/** POST /api/privacy/erase's body. */
export const personalDataRequestSchema = z.object({ email: personalDataEmail });

/** Everything stored about one e-mail address (UK GDPR article 15), as GET /api/privacy/export answers. */
export type PersonalDataExport = {
  email: string;
  exportedAt: string;
  /** Each enquiry with the staff's notes on it and its changes of status, newest first. */
  enquiries: Enquiry[];
  /** The online bookings among them, with the vehicle's registration, address and window booked. */
  bookings: Booking[];
  /**
   * What was done on those bookings' jobs: the arrival time given, the job records, the lines
   * charged when the price changed and why, photos (base64) and payments.
   */
  jobs: SubjectJob[];
  /**
   * The invoices and credit notes issued to the address or for those bookings, as issued: they
   * outlive the bookings and enquiries, and keep the customer's details for six years from their
   * date.
   */
  invoices: InvoiceDocument[];
  /** The reminders addressed to them (MOT, tyres, review request), sent, waiting or cancelled. */
  reminders: Reminder[];
  /** What is stored of their vehicles: the MOT expiry, the latest MOT test, the DVLA's record. */
  vehicles: StoredVehicle[];
  /** Each answer to the reminders question, with when it was given and the words shown. */
  remindersConsents: RemindersConsentRecord[];
  /** When the person unsubscribed from reminders (ISO 8601), or null. */
  remindersUnsubscribedAt: string | null;
  /** Each answer to how they want to hear from the business (e-mail, text or both). */
  contactChoices: ContactChoiceRecord[];
  /** The texts sent to them and their replies, oldest first. */
  texts: TextRecord[];
  /** Their numbers that replied STOP to texts, and when. */
  textOptOuts: { phone: string; optedOutAt: string }[];
};

/** A customer's answer to how they want to hear from the business, as the export gives it. */
export type ContactChoiceRecord = {
  source: 'enquiry' | 'booking';
  reference: string;
  contactBy: ContactBy;
  answeredAt: string;
  /** The question and the answer, as the customer saw them. */
  wording: string;
};

/** What POST /api/privacy/erase erased: enquiries, and the e-mails about them (sent or waiting). */
export type ErasureCounts = {
  enquiries: number;
  notifications: number;
  /**
   * Invoices and credit notes kept as issued, with the person's details: accounting records the
   * business must keep for six years from their date (HMRC), which the right to erasure does not
   * reach (UK GDPR article 17(3)(b)).
   */
  invoices: number;
  /** The London day the last of them is six years old and loses the details (YYYY-MM-DD), or null. */
  invoicesKeptUntil: string | null;
  /** Invoices past their six years, kept for the accounts without the person's details. */
  invoicesCleared: number;
};

/** What a data export holds of one of the person's vehicles. */
export type StoredVehicle = {
  registration: string;
  /** YYYY-MM-DD, or null. */
  motExpiry: string | null;
  motExpirySource: 'here' | 'staff' | 'dvsa' | null;
  /** The latest MOT test as the DVSA's MOT history gave it. */
  motTest: MotTest | null;
  motCheckedAt: string | null;
  /** The DVLA's record of it, as last looked up. */
  registered: RegisteredVehicle | null;
};

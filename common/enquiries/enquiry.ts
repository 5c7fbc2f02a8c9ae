// zod/mini: the same validation as the classic API at a fraction of the size in the browser.
import * as z from 'zod/mini';
import { contactByField } from '#common/messages/contact.ts';
import { remindersConsentField } from '#common/reminders/consent.ts';
import { isRegistration, normaliseRegistration, registrationMessage } from '#common/vehicles/registration.ts';
import { enquiryServiceOptions } from './options.ts';
import type { EnquiryEvent, EnquiryNote, EnquiryStatus } from './status.ts';
import {
  isPostcode,
  normalisePostcode,
  postcodeMessage,
  type Coverage,
} from '#common/site-content/postcode.ts';

/**
 * Longest accepted value of each field. Generous for real use (a message is a few paragraphs),
 * small enough that one enquiry stays far below the request body cap.
 */
export const enquiryFieldLimits = {
  name: 100,
  phone: 30,
  email: 254,
  vehicle: 100,
  // "AB12 CDE" is 8; room for stray spaces.
  registration: 12,
  service: 40,
  message: 2000,
  // "RM3 0AB" is 8; room for stray spaces.
  postcode: 12,
} as const;

const tooLong = (max: number) => `Must be ${max} characters or fewer`;

/** Trimmed text; anything that is not a string (a missing field, a number) reads as empty. */
const text = (...checks: Parameters<z.ZodMiniString['check']>) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
    z.string().check(...checks),
  );

const serviceValues = new Set<string>(enquiryServiceOptions.map((option) => option.value));

/**
 * The enquiry form's payload, shared by the form and POST /api/enquiries, with the messages the
 * form shows beside each field.
 */
export const enquirySchema = z.object({
  name: text(
    z.minLength(2, 'Name is required'),
    z.maxLength(enquiryFieldLimits.name, tooLong(enquiryFieldLimits.name)),
  ),
  phone: text(
    z.minLength(5, 'Valid phone number is required'),
    z.maxLength(enquiryFieldLimits.phone, tooLong(enquiryFieldLimits.phone)),
  ),
  email: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
    z
      .email('Valid email is required')
      .check(z.maxLength(enquiryFieldLimits.email, 'Valid email is required')),
  ),
  vehicle: text(z.maxLength(enquiryFieldLimits.vehicle, tooLong(enquiryFieldLimits.vehicle))),
  /** Optional; when given, a registration, stored as AB12CDE (the vehicle's make is filled from it). */
  registration: z._default(
    z.pipe(
      text(z.refine((value: string) => value === '' || isRegistration(value), registrationMessage)),
      z.transform((value: string) => (value === '' ? '' : normaliseRegistration(value))),
    ),
    '',
  ),
  service: text(
    z.minLength(1, 'Please select a service'),
    z.refine((value: string) => value === '' || serviceValues.has(value), 'Please select a service'),
  ),
  message: text(z.maxLength(enquiryFieldLimits.message, tooLong(enquiryFieldLimits.message))),
  /** Optional; when given, a full UK postcode, stored as `RM3 0AB`. */
  postcode: z.pipe(
    text(z.refine((value: string) => value === '' || isPostcode(value), postcodeMessage)),
    z.transform((value: string) => (value === '' ? '' : normalisePostcode(value))),
  ),
  /** Whether the customer wants reminders (MOT due, tyre advisories): unticked unless they tick it. */
  remindersConsent: remindersConsentField,
  /** How the customer wants to hear from the business; absent where the form did not ask (e-mail). */
  contactBy: contactByField,
});

export type EnquiryInput = z.input<typeof enquirySchema>;
export type EnquiryPayload = z.output<typeof enquirySchema>;
export type EnquiryField = keyof EnquiryPayload;

/** The hidden field a person never fills in and a spam robot usually does. */
export const enquiryHoneypotField = 'website';

/** What a customer sent, as stored (and as the staff notification carries it). */
export type EnquiryRecord = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  vehicle: string | null;
  service: string | null;
  message: string;
  contacted: boolean;
  createdAt: string;
  /** ENQ-YYMM-NNNN, quoted by the customer and staff (absent from notifications queued before it existed). */
  reference?: string;
  /** `RM3 0AB`, or null when not given (absent from notifications queued before the field existed). */
  postcode?: string | null;
  /** The postcode was outside the covered districts when the enquiry arrived. */
  outsideArea?: boolean;
};

/** An enquiry as the admin API returns it. */
export type Enquiry = EnquiryRecord & {
  reference: string;
  status: EnquiryStatus;
  postcode: string | null;
  outsideArea: boolean;
  /** Newest first. */
  notes: EnquiryNote[];
  /** Changes of status, oldest first. */
  events: EnquiryEvent[];
  /**
   * The booked service's title, for an enquiry made by an online booking (whose `service` is the
   * service page's slug, which need not be one of the enquiry form's choices); otherwise null.
   */
  serviceTitle?: string | null;
  /** The vehicle's registration, for an enquiry made by an online booking (its vehicle history). */
  registration?: string | null;
};

/** What happened to a submitted enquiry, whichever way it came (JSON API or plain form post). */
export type SubmitEnquiryResult =
  | { status: 201; id: number; reference: string; coverage: Coverage['verdict'] }
  | { status: 400; error: string; fieldErrors: Partial<Record<EnquiryField, string[]>> }
  | { status: 429; error: string; retryAfterSeconds: number };

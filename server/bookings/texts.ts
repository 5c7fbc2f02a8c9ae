import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { wantsEmails, wantsTexts, ukMobile, type ContactBy } from '#common/messages/contact.ts';
import { textDay, writeText, type TextKind, type TextPlaceholder } from '#common/messages/texts.ts';
import type { Booking } from '#common/bookings/booking.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import type { Database } from '../db/client.ts';
import { installationKey } from '../db/installation-key.ts';
import { bookings } from '../db/schema.ts';
import { queueText } from '../messages/outbox-texts.ts';

/**
 * A booking's texts (server/messages sends them): written from the wording in the messages
 * settings with the booking's facts, and carrying the short manage link, /m/{token}.
 */

/** The short manage link: /m/ redirects to the manage page with the same token. */
export const shortManageUrl = (publicUrl: string, token: string) => `${publicUrl}/m/${token}`;

/**
 * A manage token for a text sent when the booking's own token is no longer known (only its hash
 * is kept): its id in base 36 after 16 characters of an HMAC, under the installation's key, of
 * the id and the booking's token hash. It opens what the booking's token opens, and stops with
 * it when the booking moves (a new token). Told apart from a booking's own token by its length.
 */
export function textManageToken(key: Buffer, bookingId: number, tokenHash: string): string {
  return textTokenSignature(key, bookingId, tokenHash) + bookingId.toString(36);
}

const textTokenSignature = (key: Buffer, bookingId: number, tokenHash: string) =>
  crypto.createHmac('sha256', key).update(`${bookingId}:${tokenHash}`).digest('base64url').slice(0, 16);

/**
 * The key of texts' manage tokens. Read before a transaction that writes texts: the embedded
 * database has one connection, which a read outside the transaction would wait for.
 */
export const textLinkKey = (db: Database) => installationKey(db, 'text-manage-links');

const textTokenPattern = /^([A-Za-z0-9_-]{16})([0-9a-z]{1,8})$/;

/** The booking id a text's manage token names, if it is one (checked against its hash by `textTokenOpens`). */
export function textTokenBooking(token: string): number | null {
  const match = textTokenPattern.exec(token);
  return match ? parseInt(match[2]!, 36) : null;
}

/** Whether a text's manage token opens the booking with this id and token hash. */
export async function textTokenOpens(db: Database, token: string, bookingId: number, tokenHash: string) {
  const expected = Buffer.from(textTokenSignature(await textLinkKey(db), bookingId, tokenHash));
  const given = Buffer.from(token.slice(0, 16));
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** A booking's facts, as its texts' placeholders take them. */
export function bookingFacts(
  booking: Pick<Booking, 'reference' | 'date' | 'start' | 'end' | 'serviceTitle'>,
  businessName: string,
): Partial<Record<TextPlaceholder, string>> {
  return {
    business: businessName,
    reference: booking.reference,
    date: textDay(booking.date),
    window: `${booking.start}-${booking.end}`,
    service: booking.serviceTitle,
  };
}

/** The customer's number to text, if the booking's customer asked for texts and texts are set up. */
export function textPhone(
  texts: boolean | undefined,
  customer: { contactBy: ContactBy; phone: string },
): string | null {
  return texts && wantsTexts(customer.contactBy, customer.phone) ? ukMobile(customer.phone) : null;
}

/** What a booking's text is written and sent with, as `bookings` stores it. */
export const bookingTextColumns = {
  id: bookings.id,
  enquiryId: bookings.enquiryId,
  reference: bookings.reference,
  date: bookings.date,
  start: bookings.startTime,
  end: bookings.endTime,
  serviceTitle: bookings.serviceTitle,
  phone: bookings.phone,
  contactBy: sql<ContactBy>`${bookings.contactBy}`,
  manageTokenHash: bookings.manageTokenHash,
};

export type TextsContext = {
  /** The key of texts' manage tokens (`textLinkKey`) while texts are set up; null: no texts. */
  linkKey: Buffer | null;
  settings: Pick<BusinessSettings, 'messages'>;
  businessName: string;
  publicUrl: string;
};

/**
 * Queues the booking's text of `kind` in `tx` when its customer asked for texts (and texts are set
 * up, and the number takes them), with a manage link of its own; whether one was queued, and
 * whether the customer also wants e-mails.
 */
export async function textBooking(
  tx: Database,
  {
    kind,
    bookingId,
    context,
    facts,
    linkPath = '',
    staffAsked = false,
  }: {
    kind: TextKind;
    bookingId: number;
    context: TextsContext;
    facts?: Partial<Record<TextPlaceholder, string>>;
    /** After the short manage link: `/pay` for the payment page. */
    linkPath?: string;
    /** Staff asked for this text (the payment link at the kerb): it goes to any UK mobile. */
    staffAsked?: boolean;
  },
): Promise<{ texted: boolean; emails: boolean }> {
  const [booking] = await tx.select(bookingTextColumns).from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return { texted: false, emails: true };
  const { linkKey, ...written } = context;
  const phone = textPhone(linkKey !== null, staffAsked ? { ...booking, contactBy: 'text' } : booking);
  if (phone === null || linkKey === null) return { texted: false, emails: true };
  await queueBookingText(tx, {
    kind,
    booking,
    phone,
    ...written,
    token: textManageToken(linkKey, booking.id, booking.manageTokenHash),
    linkPath,
    ...(facts && { facts }),
  });
  return { texted: true, emails: wantsEmails(booking.contactBy, booking.phone) };
}

/** The key of texts' manage tokens while texts are set up (read before the transaction), else null. */
export const textLinkKeyIf = async (texts: boolean | undefined, db: Database) =>
  texts ? await textLinkKey(db) : null;

/** Queues a booking's text of `kind`, its link the short manage link of `token`. */
export async function queueBookingText(
  tx: Database,
  {
    kind,
    booking,
    phone,
    settings,
    businessName,
    publicUrl,
    token,
    linkPath = '',
    facts = {},
  }: {
    kind: TextKind;
    booking: Pick<Booking, 'id' | 'reference' | 'date' | 'start' | 'end' | 'serviceTitle'> & {
      enquiryId?: number | null;
    };
    phone: string;
    settings: Pick<BusinessSettings, 'messages'>;
    businessName: string;
    publicUrl: string;
    token: string;
    linkPath?: string;
    facts?: Partial<Record<TextPlaceholder, string>>;
  },
) {
  const { link: _link, ...written } = { ...bookingFacts(booking, businessName), ...facts };
  await queueText(tx, {
    text: kind,
    phone,
    body: writeText(settings.messages.texts[kind], written),
    link: shortManageUrl(publicUrl, token) + linkPath,
    bookingId: booking.id,
    enquiryId: booking.enquiryId ?? null,
  });
}

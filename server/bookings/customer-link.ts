import crypto from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  cancelTooLateMessage,
  isActiveBooking,
  type Booking,
  type CancelBookingResult,
  type ManagedBooking,
} from '#common/bookings/booking.ts';
import type { BookingSettings } from '#common/bookings/settings.ts';
import { outsideNotice } from '#common/bookings/slots.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { branchAddresses } from '../notifications/addresses.ts';
import { forgetAvailability } from './availability.ts';
import { bookingCalendarFile } from './mails.ts';
import type { BookingDependencies } from './dependencies.ts';
import { textTokenBooking, textTokenOpens } from './texts.ts';
import { findBooking, lockBooking, moveEnquiry, queueMail, selectBookings } from './records.ts';

/**
 * The customer's own link to their booking (/bookings/manage/{token}): made when the booking is
 * stored or moved, and with it the customer sees the booking, adds it to a calendar, and cancels
 * it (moving it is customer-move.ts, with the staff's move).
 */

/** A manage link's token: 256 random bits, base64url. Only its hash is stored. */
export const newManageToken = () => crypto.randomBytes(32).toString('base64url');
export const hashManageToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const manageUrl = (publicUrl: string, token: string) => `${publicUrl}/bookings/manage/${token}`;

/** What the customer's page shows of a booking. */
export function managed(
  booking: Booking,
  settings: Pick<BookingSettings, 'noticeHours'>,
  now: Date,
  money: { payUrl?: string | null; refundableHours?: number } = {},
): ManagedBooking {
  const canCancel =
    isActiveBooking(booking.status) && outsideNotice(settings, new Date(booking.startsAt), now);
  const paidOnline = booking.payment.status === 'paid';
  return {
    reference: booking.reference,
    status: booking.status,
    service: booking.service,
    serviceTitle: booking.serviceTitle,
    location: booking.location,
    locationName: booking.locationName,
    date: booking.date,
    start: booking.start,
    end: booking.end,
    name: booking.name,
    registration: booking.registration,
    tyre: booking.tyre,
    vehicle: booking.vehicle,
    postcode: booking.postcode,
    addressLine: booking.addressLine,
    town: booking.town,
    payment: booking.payment,
    callOutPence: booking.callOutPence,
    canCancel,
    payUrl: booking.payment.status === 'due' ? (money.payUrl ?? null) : null,
    refundOnCancel:
      canCancel &&
      paidOnline &&
      money.refundableHours !== undefined &&
      new Date(booking.startsAt).getTime() - now.getTime() > money.refundableHours * 3_600_000,
  };
}

/** A token that cannot be one is not looked up: a booking's own (43 characters) or a text's (texts.ts). */
export const plausibleToken = (token: string) => /^[A-Za-z0-9_-]{17,100}$/.test(token);

/**
 * Which booking a manage link's token opens, as a condition on `bookings`: the hash of a booking's
 * own token, or a text's token checked against the booking it names; null when it opens none.
 */
async function tokenCondition(db: Database, token: string): Promise<SQL | null> {
  if (!plausibleToken(token)) return null;
  const id = token.length === 43 ? null : textTokenBooking(token);
  if (id === null) return eq(bookings.manageTokenHash, hashManageToken(token));
  const [row] = await db.select({ hash: bookings.manageTokenHash }).from(bookings).where(eq(bookings.id, id));
  if (!row?.hash || !(await textTokenOpens(db, token, id, row.hash))) return null;
  // The hash as checked: a booking moved meanwhile (a new token) is not opened.
  return and(eq(bookings.id, id), eq(bookings.manageTokenHash, row.hash))!;
}

/** The booking a manage link's token names, or null (other domains reach a booking this way too). */
export async function bookingOfToken(db: Database, token: string): Promise<Booking | null> {
  const condition = await tokenCondition(db, token);
  if (!condition) return null;
  return (await selectBookings(db, condition))[0] ?? null;
}

/** The booking a manage link's token names, locked for a change in `tx`, or null. */
export async function lockBookingOfToken(tx: Database, token: string): Promise<Booking | null> {
  const condition = await tokenCondition(tx, token);
  return condition ? lockBooking(tx, condition) : null;
}

/**
 * The calendar entry of the booking a manage link names ("Add to calendar"), as its latest
 * e-mail sent it: the same UID and SEQUENCE, so that it is one event with the e-mails' entry.
 */
export async function calendarOfToken(deps: BookingDependencies, token: string) {
  const booking = await bookingOfToken(deps.db, token);
  if (!booking) return null;
  const [[row], content] = await Promise.all([
    deps.db.select({ sequence: bookings.sequence }).from(bookings).where(eq(bookings.id, booking.id)),
    deps.content(),
  ]);
  const { companyName, phone, formattedPhone, email } = content.business;
  return bookingCalendarFile(
    booking,
    { sequence: row?.sequence ?? 0, manageToken: token },
    {
      business: { companyName, phone, formattedPhone, email },
      branches: branchAddresses(content),
      publicUrl: deps.publicUrl,
      messageDomain: new URL(deps.publicUrl).hostname,
    },
  );
}

/** The customer's view of the booking a manage link names, or null. */
export async function manageBooking(
  deps: BookingDependencies,
  token: string,
): Promise<ManagedBooking | null> {
  const booking = await bookingOfToken(deps.db, token);
  if (!booking) return null;
  const money = await deps.payments?.manageView(booking);
  return managed(booking, (await deps.settings()).booking, deps.clock(), money);
}

/** The customer cancels through their link, up to the notice period. */
export async function cancelByCustomer(
  deps: BookingDependencies,
  token: string,
): Promise<CancelBookingResult> {
  if (!plausibleToken(token)) return { status: 404 };
  const settings = (await deps.settings()).booking;
  const now = deps.clock();
  const result = await deps.db.transaction(async (tx): Promise<CancelBookingResult> => {
    const booking = await lockBookingOfToken(tx, token);
    if (!booking) return { status: 404 };
    const view = managed(booking, settings, now);
    if (!view.canCancel) {
      return {
        status: 409,
        error: booking.status === 'cancelled' ? 'This booking is already cancelled.' : cancelTooLateMessage,
        booking: view,
      };
    }
    await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledBy: 'customer',
        cancelReason: null,
        sequence: sql`${bookings.sequence} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(bookings.id, booking.id));
    await moveEnquiry(tx, booking, 'closed', 'customer');
    await deps.payments?.cancelled(tx, booking, 'customer');
    const cancelled = (await findBooking(tx, booking.id))!;
    await queueMail(tx, 'booking-cancelled', cancelled);
    await queueMail(tx, 'booking-cancelled-notice', cancelled);
    return { status: 200, booking: managed(cancelled, settings, now) };
  });
  if (result.status === 200) {
    deps.payments?.settle();
    forgetAvailability(deps.db);
    // A booking's tyres go back to the shelf, or leave it, with its status.
    deps.tyres.changed(deps.db);
    deps.onQueued?.();
  }
  return result;
}

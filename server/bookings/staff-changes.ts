import { eq, sql } from 'drizzle-orm';
import {
  bookingNextStatuses,
  isActiveBooking,
  bookingWindowText as windowText,
  windowGoneMessage,
  windowUnavailableMessage,
  type Booking,
} from '#common/bookings/booking.ts';
import { bookingLocationName, mobileLocation } from '#common/bookings/settings.ts';
import { isBookableNow, outsideNotice, slotAt } from '#common/bookings/slots.ts';
import { isBranchService, placesKey } from '#common/bookings/branch-services.ts';
import { recordCompletedJob } from '../reminders/schedule.ts';
import { londonDate } from '#common/time/london.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { selectRows, type Database } from '../db/client.ts';
import { bookingPlaces, bookings, enquiryNotes, users } from '../db/schema.ts';
import { staffNameSql } from '../db/staff-names.ts';
import { staffName, type NamedAccount } from '#common/accounts/staff-names.ts';
import { forgetAvailability } from './availability.ts';
import { hashManageToken, newManageToken } from './customer-link.ts';
import type { BookingDependencies, BookingPayments } from './dependencies.ts';
import {
  customerActorName,
  findBooking,
  lockBooking,
  moveEnquiry,
  queueMail,
  restartJob,
} from './records.ts';

/** Who makes a change: the signed-in account. */
type StaffActor = NamedAccount & { id: number };

/**
 * The staff's changes to a booking from the dashboard: confirming, completing, a no-show, a
 * cancellation with its reason for the customer, or a move to another window with a place left.
 */

/** What staff may do to a booking (PUT /api/bookings/{id}). */
export type StaffChange =
  | { status: 'confirmed' | 'completed' | 'no-show' }
  | { status: 'cancelled'; reason: string }
  | { date: string; start: string; location?: string }
  | { fitterId: number | null };

export const notAFitterMessage = 'Choose a fitter: an account with the Fitter role that is not disabled.';

type StaffChangeResult =
  /** `manageToken`: the new manage link's, after a move. */
  | { status: 200; booking: Booking; summary: string; manageToken?: string }
  | { status: 404 }
  | { status: 400 | 409; error: string; fieldErrors?: Record<string, string[]> };

/** A staff change: a change of status, or a move to another window with a place left. */
export async function changeBooking(
  deps: BookingDependencies,
  id: number,
  change: StaffChange,
  actor: StaffActor,
): Promise<StaffChangeResult> {
  const [content, business] = await Promise.all([deps.content(), deps.settings()]);
  const now = deps.clock();
  const result = await deps.db.transaction(async (tx): Promise<StaffChangeResult> => {
    const booking = await lockBooking(tx, eq(bookings.id, id));
    if (!booking) return { status: 404 };
    if ('fitterId' in change) return giveToFitter(tx, booking, change.fitterId);
    if ('status' in change) {
      return changeStatus(tx, booking, change, actor, { content, business, now, payments: deps.payments });
    }
    return moveBooking(tx, booking, change, actor, { content, business, now });
  });
  if (result.status === 200) {
    deps.payments?.settle();
    afterBookingChange(deps);
    // Completed from the diary as on the fitter's phone: the vehicle's MOT history is read afresh.
    if ('status' in change && change.status === 'completed')
      deps.vehicles?.named(result.booking.registration, { fresh: true });
  }
  return result;
}

/** What follows a change once it is committed: the availability and tyres read again, the e-mails sent. */
export function afterBookingChange(deps: BookingDependencies) {
  forgetAvailability(deps.db);
  // A booking's tyres go back to the shelf, or leave it, with its status.
  deps.tyres.changed(deps.db);
  deps.onQueued?.();
}

/** What a change is made against: the published content, the settings in force and the time. */
export type ChangeContext = {
  content: SiteContent;
  business: BusinessSettings;
  now: Date;
  payments?: BookingPayments | undefined;
};

/** Who moves a booking: a member of staff from the diary, or the customer through their link. */
export type BookingMover = StaffActor | 'customer';

export const supplierTyresMoveMessage =
  'Your tyres are ordered for the day you booked: choose that day or a later one, or call us.';

export const moveTooLateMessage =
  'This booking starts too soon to change online. Please call us to change it.';

/** Gives the booking to a fitter (an enabled account with the Fitter role), or to none. */
async function giveToFitter(
  tx: Database,
  booking: Booking,
  fitterId: number | null,
): Promise<StaffChangeResult> {
  const { id } = booking;
  if (!isActiveBooking(booking.status)) {
    return { status: 409, error: `This booking is ${booking.status}: it cannot be given to a fitter.` };
  }
  const [fitter] =
    fitterId === null
      ? [null]
      : await tx
          .select({ id: users.id, name: staffNameSql })
          .from(users)
          .where(sql`${users.id} = ${fitterId} and ${users.role} = 'fitter' and ${users.disabledAt} is null`);
  if (fitter === undefined) {
    return { status: 400, error: invalidFieldsMessage, fieldErrors: { fitterId: [notAFitterMessage] } };
  }
  await tx
    .update(bookings)
    .set({ fitterId: fitter?.id ?? null, updatedAt: sql`now()` })
    .where(eq(bookings.id, id));
  // Given again after the fitter could not complete it: the job starts afresh.
  if (fitter) await restartJob(tx, id);
  return {
    status: 200,
    booking: (await findBooking(tx, id))!,
    summary: fitter ? `given to ${fitter.name}` : 'fitter removed',
  };
}

/** Confirms, completes, marks a no-show or cancels the booking, as its status allows. */
async function changeStatus(
  tx: Database,
  booking: Booking,
  change: Extract<StaffChange, { status: string }>,
  actor: StaffActor,
  { business, now, payments }: ChangeContext,
): Promise<StaffChangeResult> {
  const { id } = booking;
  if (!bookingNextStatuses[booking.status].includes(change.status)) {
    return {
      status: 409,
      error: `This booking is ${booking.status}: it cannot become ${change.status}.`,
    };
  }
  const cancelling = change.status === 'cancelled';
  await tx
    .update(bookings)
    .set({
      status: change.status,
      ...(cancelling
        ? {
            cancelReason: change.reason,
            // Named as colleagues read it, at the time: the diary shows who cancelled.
            cancelledBy: staffName(actor),
            sequence: sql`${bookings.sequence} + 1`,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, id));
  if (change.status !== 'confirmed') {
    await moveEnquiry(tx, booking, change.status === 'completed' ? 'completed' : 'closed', actor);
  }
  if (change.status === 'completed') {
    await recordCompletedJob(tx, booking, now, business.reminders);
  }
  if (cancelling) await payments?.cancelled(tx, booking, { id: actor.id, name: staffName(actor) });
  const changed = (await findBooking(tx, id))!;
  if (cancelling) await queueMail(tx, 'booking-cancelled', changed, { reason: change.reason });
  return { status: 200, booking: changed, summary: `${booking.status} to ${change.status}` };
}

/**
 * Moves the booking to another window (and location) with a place left, taking that place. The
 * customer moves their own the way they booked it: to a window they could book now (notice,
 * horizon), while it could still be cancelled online, at the same location.
 */
export async function moveBooking(
  tx: Database,
  booking: Booking,
  change: Extract<StaffChange, { date: string }>,
  actor: BookingMover,
  { content, business, now }: ChangeContext,
): Promise<StaffChangeResult> {
  const { id } = booking;
  const settings = business.booking;
  const customer = actor === 'customer';
  if (!isActiveBooking(booking.status)) {
    return { status: 409, error: `This booking is ${booking.status}: it cannot be moved.` };
  }
  if (customer && !outsideNotice(settings, new Date(booking.startsAt), now)) {
    return { status: 409, error: moveTooLateMessage };
  }
  const location = change.location ?? booking.location;
  if (!settings.locations.some((entry) => entry.key === location)) {
    return { status: 400, error: invalidFieldsMessage, fieldErrors: { location: ['No such location'] } };
  }
  if (isBranchService(booking.service) && location === mobileLocation) {
    const message = `${booking.serviceTitle} is done at a branch: choose one.`;
    return { status: 400, error: invalidFieldsMessage, fieldErrors: { location: [message] } };
  }
  // A branch's MOT tests and servicing move among their own windows and places.
  const slot = slotAt(settings, location, change.date, change.start, booking.service);
  const places = placesKey(location, booking.service);
  if (!slot) {
    return {
      status: 400,
      error: invalidFieldsMessage,
      fieldErrors: { start: ['That window is not open on that day'] },
    };
  }
  if (customer && !isBookableNow(settings, slot, now)) {
    return { status: 409, error: windowUnavailableMessage };
  }
  // Tyres ordered from the supplier come for the day booked: the customer moves later only.
  if (customer && booking.tyre?.source === 'supplier' && slot.date < booking.date) {
    return { status: 409, error: supplierTyresMoveMessage };
  }
  if (slot.date < londonDate(now)) {
    return {
      status: 400,
      error: invalidFieldsMessage,
      fieldErrors: { date: ['Choose a day from today on'] },
    };
  }
  if (location === booking.location && slot.date === booking.date && slot.start === booking.start) {
    return {
      status: 400,
      error: invalidFieldsMessage,
      fieldErrors: { start: ['Choose a different window'] },
    };
  }
  const taken = await selectRows<{ taken: number }>(
    tx,
    sql`insert into ${bookingPlaces} (location, date, start_time, taken)
      values (${places}, ${slot.date}::date, ${slot.start}, 1)
      on conflict (location, date, start_time)
      do update set taken = ${bookingPlaces.taken} + 1 where ${bookingPlaces.taken} < ${slot.places}
      returning taken`,
  );
  if (taken.length === 0) {
    return { status: 409, error: customer ? windowGoneMessage : 'That window is full. Choose another.' };
  }
  const token = newManageToken();
  await tx
    .update(bookings)
    .set({
      location,
      locationName: bookingLocationName(location, content.branches),
      placesKey: places,
      date: slot.date,
      startTime: slot.start,
      endTime: slot.end,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      // Its place in a van's route was that of its old window: it falls in by its new one's start.
      routePosition: null,
      // At a branch, no van drives to the customer: no call-out.
      ...(location !== mobileLocation && { routeVan: null, callOutPence: 0 }),
      // A new link for the new e-mail: the token of the first is not kept anywhere to repeat.
      manageTokenHash: hashManageToken(token),
      sequence: sql`${bookings.sequence} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, id));
  const moved = (await findBooking(tx, id))!;
  const previous = `${windowText(booking)}, ${booking.locationName}`;
  // The customer's move is noted as their cancellation is recorded: by "Customer (online)".
  await tx.insert(enquiryNotes).values({
    enquiryId: booking.enquiryId,
    authorId: customer ? null : actor.id,
    authorName: customer ? customerActorName : staffName(actor),
    text: `Booking moved${customer ? ' online by the customer' : ''} from ${previous} to ${windowText(moved)}, ${moved.locationName}.`,
  });
  await queueMail(tx, 'booking-moved', moved, { manageToken: token, previous });
  if (customer) await queueMail(tx, 'booking-moved-notice', moved, { previous });
  return {
    status: 200,
    booking: moved,
    summary: `moved from ${booking.date} ${booking.start}`,
    manageToken: token,
  };
}

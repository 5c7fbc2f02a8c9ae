import { and, between, eq, sql, type SQL } from 'drizzle-orm';
import type { Booking } from '#common/bookings/booking.ts';
import { isoTime, selectRows, type Database } from '../db/client.ts';
import { bookings, enquiries, enquiryEvents, jobs, outbox, payments, refunds, users } from '../db/schema.ts';
import { staffNameSql } from '../db/staff-names.ts';

/**
 * Stored bookings: reading them in the API's shape, and the steps every change to one takes
 * (lock it, move its enquiry and its job along with it, queue its e-mails), whoever makes the
 * change.
 */

/** A booking in the API's shape (common/bookings/booking.ts), as JSON built by the statement that reads it. */
export const bookingJson = sql`json_build_object('id', ${bookings.id}, 'reference', ${bookings.reference},
  'enquiryId', ${bookings.enquiryId}, 'status', ${bookings.status}, 'service', ${bookings.service},
  'serviceTitle', ${bookings.serviceTitle}, 'location', ${bookings.location},
  'locationName', ${bookings.locationName}, 'date', to_char(${bookings.date}, 'YYYY-MM-DD'),
  'start', ${bookings.startTime}, 'end', ${bookings.endTime}, 'startsAt', ${isoTime(bookings.startsAt)},
  'endsAt', ${isoTime(bookings.endsAt)}, 'name', ${bookings.name}, 'email', ${bookings.email},
  'phone', ${bookings.phone}, 'registration', ${bookings.registration}, 'vehicle', ${bookings.vehicle},
  'postcode', ${bookings.postcode}, 'addressLine', ${bookings.addressLine}, 'town', ${bookings.town},
  'outsideArea', ${bookings.outsideArea}, 'notes', ${bookings.notes},
  'lockingNuts', ${bookings.lockingNuts}, 'lockingNutKey', ${bookings.lockingNutKey},
  'fitter', (select json_build_object('id', ${users.id}, 'name', ${staffNameSql}) from ${users}
    where ${users.id} = ${bookings.fitterId}),
  'job', (select json_build_object('status', ${jobs.status}, 'notCompletedReason', ${jobs.notCompletedReason},
    'priceHeld', ${jobs.priceHeldAt} is not null, 'linesReason', ${jobs.linesReason})
    from ${jobs} where ${jobs.bookingId} = ${bookings.id}),
  'cancelReason', ${bookings.cancelReason}, 'cancelledBy', ${bookings.cancelledBy},
  'tyre', case when ${bookings.tyreId} is null then null else json_build_object('id', ${bookings.tyreId},
    'description', ${bookings.tyreText}, 'quantity', ${bookings.tyreQuantity},
    'price', ${bookings.tyrePricePence}, 'total', ${bookings.totalPence}, 'source', ${bookings.tyreSource},
    'orderedAt', ${isoTime(bookings.tyresOrderedAt)}) end,
  'callOutPence', ${bookings.callOutPence},
  'payment', json_build_object('status', ${bookings.paymentStatus},
    'amountPence', coalesce(${bookings.depositPence}, 0),
    'paidPence', (select coalesce(sum(${payments.amountPence}), 0) from ${payments}
      where ${payments.bookingId} = ${bookings.id}),
    'refundedPence', (select coalesce(sum(${refunds.amountPence}), 0) from ${refunds}
      where ${refunds.bookingId} = ${bookings.id} and ${refunds.status} = 'succeeded')),
  'createdAt', ${isoTime(bookings.createdAt)}, 'updatedAt', ${isoTime(bookings.updatedAt)})`;

/** The bookings meeting `condition`, in diary order. */
export async function selectBookings(db: Database, condition: SQL): Promise<Booking[]> {
  const rows = await selectRows<{ booking: Booking | string }>(
    db,
    sql`select ${bookingJson} as booking from ${bookings} where ${condition}
      order by ${bookings.date}, ${bookings.startTime}, ${bookings.location}, ${bookings.id}`,
  );
  return rows.map((row) =>
    typeof row.booking === 'string' ? (JSON.parse(row.booking) as Booking) : row.booking,
  );
}

export const findBooking = async (db: Database, id: number) =>
  (await selectBookings(db, eq(bookings.id, id)))[0] ?? null;

/** Every booking meeting `condition` (for a subject's export). */
export const listBookingsOf = (db: Database, condition: SQL) => selectBookings(db, condition);

/** The staff diary: bookings from `from` to `to` (London dates, inclusive), cancelled ones too. */
export const listBookings = (db: Database, from: string, to: string) =>
  selectBookings(db, between(bookings.date, from, to));

/** Who changed a booking: a member of staff, or the customer through their link. */
type BookingActor = { id: number | null; username: string } | 'customer';

export const customerActorName = 'Customer (online)';

/** Moves the booking's enquiry along the pipeline with it, recording who did. */
export async function moveEnquiry(
  tx: Database,
  booking: Booking,
  status: 'completed' | 'closed' | 'booked',
  actor: BookingActor,
) {
  const [current] = await tx
    .select({ status: enquiries.status })
    .from(enquiries)
    .where(eq(enquiries.id, booking.enquiryId))
    .for('update');
  if (!current || current.status === status) return;
  await tx.update(enquiries).set({ status, contacted: true }).where(eq(enquiries.id, booking.enquiryId));
  await tx.insert(enquiryEvents).values({
    enquiryId: booking.enquiryId,
    actorId: actor === 'customer' ? null : actor.id,
    actorName: actor === 'customer' ? customerActorName : actor.username,
    fromStatus: current.status,
    toStatus: status,
  });
}

type MailKind = 'booking-moved' | 'booking-moved-notice' | 'booking-cancelled' | 'booking-cancelled-notice';

export async function queueMail(
  tx: Database,
  kind: MailKind,
  booking: Booking,
  extra: { manageToken?: string; reason?: string; previous?: string } = {},
) {
  // The calendar entry's SEQUENCE is the booking's count of changes, as this transaction made it.
  await tx.insert(outbox).values({
    kind,
    payload: sql`${JSON.stringify({ kind, booking, ...extra })}::jsonb
      || jsonb_build_object('sequence', (select ${bookings.sequence} from ${bookings} where ${bookings.id} = ${booking.id}))`,
  });
}

/**
 * A booking whose job the fitter completed: completed, its enquiry with it (its tyres from stock
 * are consumed by the database, drizzle/0018). Nothing changes for a booking no longer active.
 */
export async function completeBooking(tx: Database, booking: Booking, actor: BookingActor) {
  if (booking.status !== 'booked' && booking.status !== 'confirmed') return;
  await tx
    .update(bookings)
    .set({ status: 'completed', updatedAt: sql`now()` })
    .where(eq(bookings.id, booking.id));
  await moveEnquiry(tx, booking, 'completed', actor);
}

/**
 * A booking given to a fitter again after its job could not be completed: the job starts afresh
 * (a fitter's job is its booking on the day); what was recorded of the failed visit stays in its
 * events.
 */
export async function restartJob(tx: Database, bookingId: number) {
  await tx
    .update(jobs)
    .set({
      status: 'scheduled',
      eta: null,
      onTheWayAt: null,
      arrivedAt: null,
      notCompletedReason: null,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.bookingId, bookingId), eq(jobs.status, 'not-completed')));
}

/** The booking locked for a change in `tx`, or null. */
export async function lockBooking(tx: Database, condition: SQL) {
  const [row] = await tx.select({ id: bookings.id }).from(bookings).where(condition).for('update');
  return row ? findBooking(tx, row.id) : null;
}

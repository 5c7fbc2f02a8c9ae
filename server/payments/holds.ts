import { and, eq, lte, sql } from 'drizzle-orm';
import { isActiveBooking, type Booking } from '#common/bookings/booking.ts';
import { slotAt } from '#common/bookings/slots.ts';
import { lapsedBy, lapsedReason } from '#common/payments/payments.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import { findBooking, lockBooking, moveEnquiry, queueMail } from '../bookings/records.ts';
import { selectRows, type Database } from '../db/client.ts';
import { bookingPlaces, bookings, tyres } from '../db/schema.ts';
import type { PaymentsDependencies } from './dependencies.ts';
import { paymentsActor } from './records.ts';

/** The payments, as an enquiry's history names who moved it. */
const byPayments = { id: null, username: paymentsActor };

/**
 * A booking's hold while its deposit is due: released (lapsed) when the hold ends unpaid or
 * Stripe closes its page, and restored when the deposit arrives late while its place and tyres
 * are still free.
 */

/**
 * In `tx`: the booking lapses if its deposit is still due: cancelled, which gives its place and
 * tyres back (drizzle/0014, 0018), its enquiry closed, and the customer told. False when it was
 * not due any more (paid, cancelled, lapsed already).
 */
export async function lapseIn(tx: Database, id: number, holdMinutes: number): Promise<boolean> {
  const booking = await lockBooking(tx, eq(bookings.id, id));
  if (!booking || booking.payment.status !== 'due' || !isActiveBooking(booking.status)) return false;
  const reason = lapsedReason(holdMinutes);
  await tx
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledBy: lapsedBy,
      cancelReason: reason,
      paymentStatus: 'lapsed',
      holdUntil: null,
      sequence: sql`${bookings.sequence} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, id));
  await moveEnquiry(tx, booking, 'closed', byPayments);
  await queueMail(tx, 'booking-cancelled', (await findBooking(tx, id))!, { reason });
  return true;
}

/** The bookings whose hold ended unpaid, released: how many. */
export async function lapseUnpaid(deps: PaymentsDependencies): Promise<number> {
  const { db } = deps;
  const now = deps.clock();
  const { holdMinutes } = (await deps.settings()).payments;
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.paymentStatus, 'due'), lte(bookings.holdUntil, now)))
    .limit(200);
  let lapsed = 0;
  for (const { id } of due) {
    if (await db.transaction((tx) => lapseIn(tx, id, holdMinutes))) lapsed += 1;
  }
  if (lapsed > 0) {
    deps.bookingsChanged?.();
    deps.onQueued?.();
  }
  return lapsed;
}

/**
 * In `tx`, a lapsed booking whose deposit arrived late comes back if its window is still ahead,
 * still has a place and its tyres from stock are still on the shelf: it takes them again as it
 * took them when booked (the same checks the booking statement makes). False, having changed
 * nothing, when it cannot.
 */
export async function restoreIn(tx: Database, booking: Booking, settings: BusinessSettings, now: Date) {
  if (booking.payment.status !== 'lapsed' || booking.status !== 'cancelled') return false;
  if (new Date(booking.startsAt).getTime() <= now.getTime()) return false;
  const slot = slotAt(settings.booking, booking.location, booking.date, booking.start, booking.service);
  if (!slot) return false;
  const stock = booking.tyre?.source === 'stock' ? booking.tyre : null;
  if (stock) {
    const reserved = await tx
      .update(tyres)
      .set({ reserved: sql`${tyres.reserved} + ${stock.quantity}`, updatedAt: sql`now()` })
      .where(and(eq(tyres.id, stock.id), sql`${tyres.stock} - ${tyres.reserved} >= ${stock.quantity}`))
      .returning({ id: tyres.id });
    if (reserved.length === 0) return false;
  }
  const [row] = await tx
    .select({ placesKey: bookings.placesKey })
    .from(bookings)
    .where(eq(bookings.id, booking.id));
  const placed = await selectRows<{ taken: number }>(
    tx,
    sql`insert into ${bookingPlaces} as place (location, date, start_time, taken)
      values (${row!.placesKey}, ${booking.date}, ${booking.start}, 1)
      on conflict (location, date, start_time) do update set taken = place.taken + 1
      where place.taken < ${slot.places}
      returning place.taken`,
  );
  if (placed.length === 0) {
    if (stock) {
      await tx
        .update(tyres)
        .set({ reserved: sql`${tyres.reserved} - ${stock.quantity}` })
        .where(eq(tyres.id, stock.id));
    }
    return false;
  }
  await tx
    .update(bookings)
    .set({
      status: 'booked',
      cancelledBy: null,
      cancelReason: null,
      paymentStatus: 'paid',
      sequence: sql`${bookings.sequence} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, booking.id));
  await moveEnquiry(tx, booking, 'booked', byPayments);
  return true;
}

import { and, eq, sql } from 'drizzle-orm';
import type { Booking } from '#common/bookings/booking.ts';
import { heldTyresReleasedNote, holdReleasedReason } from '#common/bookings/holds.ts';
import type { Database } from '../db/client.ts';
import { bookings, enquiryNotes, tyreStockMovements, tyres } from '../db/schema.ts';
import { lockBooking, selectBookings } from '../bookings/records.ts';
import { forgetCatalogue } from './offers.ts';

/**
 * Tyres held from own stock by online bookings that staff have not yet confirmed (status
 * `booked`), and their release: the stock a stranger could keep from other customers by booking
 * it and never coming, shown to staff with a one-press way to put it back on sale.
 */

/** The bookings not yet confirmed that hold tyres from stock: staff's list, soonest first. */
export const heldTyres = (db: Database): Promise<Booking[]> =>
  selectBookings(
    db,
    and(
      eq(bookings.status, 'booked'),
      eq(bookings.tyreSource, 'stock'),
      sql`${bookings.tyreId} is not null`,
    )!,
  );

type HoldRelease =
  | { outcome: 'released'; booking: Booking }
  | { outcome: 'not-found' }
  | { outcome: 'not-held'; booking: Booking };

/**
 * Releases the tyres booking `id` holds: they go back on sale at once, the booking stays in the
 * diary with its tyres to order (as tyres from the supplier are) until staff confirm or cancel it,
 * and the movement is recorded with who released them, why and when, with a note on its enquiry.
 */
export async function releaseHeldTyres(
  db: Database,
  id: number,
  actor: { id: number; username: string },
  now: Date,
): Promise<HoldRelease> {
  const result = await db.transaction(async (tx): Promise<HoldRelease> => {
    const booking = await lockBooking(tx, eq(bookings.id, id));
    if (!booking) return { outcome: 'not-found' };
    const { tyre } = booking;
    if (booking.status !== 'booked' || !tyre || tyre.source !== 'stock') {
      return { outcome: 'not-held', booking };
    }
    await tx
      .update(bookings)
      .set({ tyreSource: 'supplier', tyresOrderedAt: null, updatedAt: sql`now()` })
      .where(eq(bookings.id, id));
    await tx
      .update(tyres)
      .set({ reserved: sql`${tyres.reserved} - ${tyre.quantity}`, updatedAt: now })
      .where(eq(tyres.id, tyre.id));
    await tx.insert(tyreStockMovements).values({
      tyreId: tyre.id,
      kind: 'hold-released',
      quantity: tyre.quantity,
      bookingId: booking.id,
      bookingReference: booking.reference,
      actorId: actor.id,
      actorName: actor.username,
      reason: holdReleasedReason,
      occurredAt: now,
    });
    await tx.insert(enquiryNotes).values({
      enquiryId: booking.enquiryId,
      authorId: actor.id,
      authorName: actor.username,
      text: heldTyresReleasedNote(tyre.quantity, tyre.description),
      createdAt: now,
    });
    const [released] = await selectBookings(tx, eq(bookings.id, id));
    return { outcome: 'released', booking: released! };
  });
  if (result.outcome === 'released') forgetCatalogue(db);
  return result;
}

import { eq, sql } from 'drizzle-orm';
import { windowGoneMessage, type Booking, type CustomerMoveResult } from '#common/bookings/booking.ts';
import { slotAt } from '#common/bookings/slots.ts';
import { mobileLocation } from '#common/bookings/words.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import type { Database } from '../db/client.ts';
import { bookings, routeDays } from '../db/schema.ts';
import { reachOf, type ReachedWindow } from '../routing/reach.ts';
import type { BookingDependencies } from './dependencies.ts';

/**
 * A customer's move of a mobile booking while routes are kept: the new window must be one a van
 * can reach, by the rule a booking is stored by (server/routing/reach.ts), with the booking's own
 * place in its day left out; and the move claims that van's day at the version it was worked out
 * from, as a booking does, so that a move and a booking cannot both take its last reachable gap.
 */

/** Where the moved booking goes in a van's day, or why it cannot move there; null: no route to keep. */
export async function moveRoute(
  deps: BookingDependencies,
  business: BusinessSettings,
  booking: Booking | null,
  change: { date: string; start: string },
): Promise<{ window: ReachedWindow } | { refusal: CustomerMoveResult } | null> {
  if (!booking || booking.location !== mobileLocation || !deps.routing || !booking.postcode) return null;
  const slot = slotAt(business.booking, mobileLocation, change.date, change.start, booking.service);
  if (!slot) return null;
  const reach = await reachOf(
    deps.routing,
    business.routes,
    { postcode: booking.postcode, service: booking.service, tyres: booking.tyre?.quantity ?? null },
    [{ date: slot.date, start: slot.start, end: slot.end }],
    { positions: true, moving: booking.id },
  );
  if (reach.kind !== 'reached') return null;
  const [window] = reach.windows;
  return window ? { window } : { refusal: { status: 409, error: windowGoneMessage } };
}

/**
 * In the move's transaction: the van's day claimed at the version read (false: another booking
 * took it meanwhile, and nothing is to change), then the booking put on that van with its place.
 */
export async function claimMovedRoute(tx: Database, bookingId: number, window: ReachedWindow) {
  const [claimed] = await tx
    .insert(routeDays)
    .values({ date: window.date, van: window.van, version: window.version + 1 })
    .onConflictDoUpdate({
      target: [routeDays.date, routeDays.van],
      set: { version: sql`${routeDays.version} + 1` },
      setWhere: eq(routeDays.version, window.version),
    })
    .returning({ version: routeDays.version });
  return claimed !== undefined;
}

/** The moved booking on its van, every job of that day at its planned place in the route. */
export async function placeMovedRoute(tx: Database, bookingId: number, window: ReachedWindow) {
  for (const { id, position } of window.positions) {
    await tx
      .update(bookings)
      .set(id === -1 ? { routeVan: window.van, routePosition: position } : { routePosition: position })
      .where(eq(bookings.id, id === -1 ? bookingId : id));
  }
}

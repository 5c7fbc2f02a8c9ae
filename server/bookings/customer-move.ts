import type { CustomerMoveResult } from '#common/bookings/booking.ts';
import { windowGoneMessage } from '#common/bookings/booking.ts';
import { bookingOfToken, lockBookingOfToken, managed, plausibleToken } from './customer-link.ts';
import { claimMovedRoute, moveRoute, placeMovedRoute } from './routed-move.ts';
import type { BookingDependencies } from './dependencies.ts';
import { afterBookingChange, moveBooking } from './staff-changes.ts';

/**
 * The customer moves their booking to another free window through their link: the staff's move
 * (staff-changes.ts) with the rules of booking online, at the same location, for the same service
 * and tyres. The booking gets a new link, which the e-mail of the move carries.
 */

export async function moveByCustomer(
  deps: BookingDependencies,
  token: string,
  change: { date: string; start: string },
): Promise<CustomerMoveResult> {
  if (!plausibleToken(token)) return { status: 404 };
  const [content, business] = await Promise.all([deps.content(), deps.settings()]);
  const now = deps.clock();
  // Worked out before the transaction, which then claims the van's day as it was read.
  const route = await moveRoute(deps, business, await bookingOfToken(deps.db, token), change);
  if (route && 'refusal' in route) return route.refusal;
  const result = await deps.db.transaction(async (tx): Promise<CustomerMoveResult> => {
    const booking = await lockBookingOfToken(tx, token);
    if (!booking) return { status: 404 };
    if (route && !(await claimMovedRoute(tx, booking.id, route.window))) {
      return { status: 409, error: windowGoneMessage };
    }
    const moved = await moveBooking(tx, booking, { date: change.date, start: change.start }, 'customer', {
      content,
      business,
      now,
    });
    if (moved.status !== 200) return moved;
    if (route) await placeMovedRoute(tx, booking.id, route.window);
    return {
      status: 200,
      booking: managed(moved.booking, business.booking, now),
      manageToken: moved.manageToken!,
    };
  });
  if (result.status === 200) afterBookingChange(deps);
  return result;
}

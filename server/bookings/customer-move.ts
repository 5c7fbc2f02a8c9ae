import type { CustomerMoveResult } from '#common/bookings/booking.ts';
import { lockBookingOfToken, managed, plausibleToken } from './customer-link.ts';
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
  const result = await deps.db.transaction(async (tx): Promise<CustomerMoveResult> => {
    const booking = await lockBookingOfToken(tx, token);
    if (!booking) return { status: 404 };
    const moved = await moveBooking(tx, booking, { date: change.date, start: change.start }, 'customer', {
      content,
      business,
      now,
    });
    if (moved.status !== 200) return moved;
    return {
      status: 200,
      booking: managed(moved.booking, business.booking, now),
      manageToken: moved.manageToken!,
    };
  });
  if (result.status === 200) afterBookingChange(deps);
  return result;
}

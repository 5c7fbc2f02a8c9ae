import { formatPence } from '#common/util/money.ts';
import type { AppLoadContext } from 'react-router';
import {
  bookingAddress,
  bookingStatusLabels,
  dayText,
  type ManagedBooking,
} from '#common/bookings/booking.ts';
import { formatRegistration } from '#common/vehicles/registration.ts';
import { mobileLocation } from '#common/bookings/settings.ts';
import { windowText } from '#app/features/bookings/online/booking-format.ts';
import { type ManagedBookingView } from '#app/features/bookings/online/managed-booking-types.ts';

/** The booking as its page shows it, with the branch's address from the published content. */
export function managedBookingView(booking: ManagedBooking, context: AppLoadContext): ManagedBookingView {
  const branch =
    booking.location === mobileLocation
      ? undefined
      : context.content.branches.find((entry) => entry.key === booking.location);
  return {
    reference: booking.reference,
    status: booking.status,
    statusLabel: bookingStatusLabels[booking.status],
    serviceTitle: booking.serviceTitle,
    locationName: booking.locationName,
    address: branch
      ? `${branch.address.street}, ${branch.address.locality} ${branch.address.postcode}`
      : bookingAddress(booking),
    date: dayText(booking.date),
    window: windowText(booking),
    name: booking.name,
    registration: formatRegistration(booking.registration),
    tyres: booking.tyre
      ? {
          what: `${booking.tyre.quantity} × ${booking.tyre.description}`,
          total: `${formatPence(booking.tyre.total)} in all (${formatPence(booking.tyre.price)} each), fully fitted, VAT included`,
        }
      : null,
    vehicle: booking.vehicle,
    postcode: booking.postcode,
    canCancel: booking.canCancel,
    noticeHours: context.bookings.offer.noticeHours,
  };
}

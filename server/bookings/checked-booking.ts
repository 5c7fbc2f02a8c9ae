import {
  bookingWindowText as windowText,
  lockingNutsText,
  type BookingPayload,
} from '#common/bookings/booking.ts';
import type { Slot } from '#common/bookings/slots.ts';
import { mobileLocation } from '#common/bookings/words.ts';
import { formatPence } from '#common/tyres/pricing.ts';
import type { TyreChoice } from './dependencies.ts';

/**
 * A booking from the public site once its choices were checked (store.ts), as the booking
 * statement stores it (store-statement.ts): and the words its enquiry carries for the office.
 */

/** A booking whose choices were checked against the published content and the catalogue. */
export type Checked = {
  payload: BookingPayload;
  slot: Slot;
  /** Where the window's places are counted (`booking_places.location`): common/bookings `placesKey`. */
  placesKey: string;
  serviceTitle: string;
  locationName: string;
  outsideArea: boolean;
  /** The tyres to fit, if the booking asks for some. */
  tyre: TyreChoice | null;
  /**
   * Mobile fitting while routes are kept (server/routing): where the customer is, the van that
   * can reach them and the version of its day that was read, and the call-out charge.
   */
  route: BookingRoute | null;
};

export type BookingRoute = {
  latitude: number;
  longitude: number;
  van: string;
  version: number;
  callOutPence: number;
  /**
   * The planned arrival (minutes after midnight) of each job of the van's day with this one put
   * in where it was routed (its own as `id` -1): kept as the jobs' places in the route
   * (`route_position`) when it is stored, so that the day reads back in that order.
   */
  positions: { id: number; position: number }[];
};

/**
 * The locking wheel nuts answer as stored: asked for mobile work only, the key's place kept only
 * when the wheels have them.
 */
export function lockingNutsOf(payload: BookingPayload) {
  const answer = payload.location === mobileLocation ? (payload.lockingNuts ?? null) : null;
  return {
    locking_nuts: answer,
    locking_nut_key: answer === 'yes' && payload.lockingNutKey ? payload.lockingNutKey : null,
  };
}

/** How the booking reads in the enquiry pipeline's message. */
export function enquiryMessage(checked: Checked) {
  const { payload, slot, serviceTitle, locationName, tyre } = checked;
  const { locking_nuts: answer, locking_nut_key: key } = lockingNutsOf(payload);
  const lockingNuts = lockingNutsText(answer, key);
  return [
    `Online booking: ${serviceTitle}, ${windowText(slot)}, ${locationName}.`,
    `Registration ${payload.registration}.`,
    ...(payload.addressLine ? [`Address: ${payload.addressLine}, ${payload.town}.`] : []),
    ...(lockingNuts ? [`Locking wheel nuts: ${lockingNuts}.`] : []),
    ...(tyre
      ? [
          `Tyres: ${tyre.quantity} × ${tyre.description}, ${formatPence(tyre.price)} each fitted, ` +
            `${formatPence(tyre.price * tyre.quantity)} in all` +
            (tyre.source === 'supplier' ? ' (to order from the supplier).' : ' (from stock).'),
        ]
      : []),
    ...(checked.route && checked.route.callOutPence > 0
      ? [`Call-out: ${formatPence(checked.route.callOutPence)}.`]
      : []),
    ...(payload.notes ? ['', payload.notes] : []),
  ].join('\n');
}

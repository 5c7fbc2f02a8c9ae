import type { SubmitBookingResult } from '#common/bookings/booking.ts';
import { windowGoneMessage } from '#common/bookings/booking.ts';
import { mobileLocation } from '#common/bookings/words.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { reachRefusals } from '#common/routing/words.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import { reachOf } from '../routing/reach.ts';
import { nextFreeWindows } from './availability.ts';
import type { Checked } from './checked-booking.ts';
import type { BookingDependencies } from './dependencies.ts';

/** How many times a booking whose van's day changed meanwhile is routed again before it is refused. */
export const maxRouteAttempts = 3;

/**
 * Mobile fitting while routes are kept: the van that can reach the customer in the chosen window
 * (server/routing), put on `checked`; or why the booking cannot be stored (a postcode not found,
 * too far, or not placed; no van can reach that window any more). Null when it may go ahead.
 */
export async function routeOf(
  deps: BookingDependencies,
  business: BusinessSettings,
  checked: Checked,
): Promise<SubmitBookingResult | null> {
  const { payload, slot } = checked;
  if (payload.location !== mobileLocation || !deps.routing) return null;
  const reach = await reachOf(
    deps.routing,
    business.routes,
    { postcode: payload.postcode, service: payload.service, tyres: checked.tyre?.quantity ?? null },
    [{ date: slot.date, start: slot.start, end: slot.end }],
  );
  switch (reach.kind) {
    case 'off':
      checked.route = null;
      return null;
    case 'not-found':
    case 'beyond':
    case 'unplaced':
      return { status: 400, error: invalidFieldsMessage, fieldErrors: { postcode: [reachRefusals[reach.kind]] } };
    case 'reached': {
      const [window] = reach.windows;
      if (!window) {
        deps.logger.info({ date: slot.date, start: slot.start }, 'booking refused: no van can reach it');
        return {
          status: 409,
          error: windowGoneMessage,
          nextFree: await nextFreeWindows(deps, business.booking, payload, slot),
        };
      }
      checked.route = {
        latitude: reach.place.latitude,
        longitude: reach.place.longitude,
        van: window.van,
        version: window.version,
        callOutPence: window.callOutPence,
      };
      return null;
    }
  }
}


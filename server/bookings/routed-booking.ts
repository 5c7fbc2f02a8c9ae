import type { SubmitBookingResult } from '#common/bookings/booking.ts';
import { tooManyBookingsMessage, windowGoneMessage } from '#common/bookings/booking.ts';
import { enquiryFieldLimits } from '#common/enquiries/enquiry.ts';
import { mobileLocation } from '#common/bookings/words.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { reachRefusals, sentAsEnquiryMessage, unplacedEnquiryNote } from '#common/routing/words.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import { reachOf } from '../routing/reach.ts';
import { nextFreeWindows } from './availability.ts';
import { enquiryMessage, type Checked } from './checked-booking.ts';
import { createEnquiryWithinLimit } from '../enquiries/store.ts';
import type { RateLimitHit } from '../http/rate-limit.ts';
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
  unplaced: { hit: RateLimitHit; at: Date },
): Promise<SubmitBookingResult | null> {
  const { payload, slot } = checked;
  if (payload.location !== mobileLocation || !deps.routing) return null;
  const reach = await reachOf(
    deps.routing,
    business.routes,
    { postcode: payload.postcode, service: payload.service, tyres: checked.tyre?.quantity ?? null },
    [{ date: slot.date, start: slot.start, end: slot.end }],
    { positions: true },
  );
  switch (reach.kind) {
    case 'off':
      checked.route = null;
      return null;
    case 'not-found':
    case 'beyond':
      return {
        status: 400,
        error: invalidFieldsMessage,
        fieldErrors: { postcode: [reachRefusals[reach.kind]] },
      };
    case 'unplaced':
      return bookingAsEnquiry(deps, checked, unplaced);
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
        positions: window.positions,
      };
      return null;
    }
  }
}

/**
 * A mobile booking whose postcode neither postcodes.io nor its district's centre can place: not
 * booked (no van can be said to reach it), but sent to the office as an enquiry with all it says,
 * counted against the client's limit like a booking.
 */
async function bookingAsEnquiry(
  deps: BookingDependencies,
  checked: Checked,
  { hit, at }: { hit: RateLimitHit; at: Date },
): Promise<SubmitBookingResult> {
  const { payload } = checked;
  const stored = await createEnquiryWithinLimit(
    deps.db,
    {
      name: payload.name,
      phone: payload.phone,
      email: payload.email,
      vehicle: payload.vehicle,
      registration: payload.registration,
      service: 'mobile-service',
      message: `${enquiryMessage(checked)}\n\n${unplacedEnquiryNote}`.slice(0, enquiryFieldLimits.message),
      postcode: payload.postcode,
      remindersConsent: payload.remindersConsent,
      contactBy: payload.contactBy,
      outsideArea: checked.outsideArea,
    },
    hit,
    at,
  );
  if (stored.id === null) {
    const retryAfterSeconds = stored.limit.allowed ? 1 : stored.limit.retryAfterSeconds;
    return { status: 429, error: tooManyBookingsMessage, retryAfterSeconds };
  }
  deps.logger.warn(
    { reference: stored.reference },
    'booking sent as an enquiry: its postcode could not be placed',
  );
  deps.onQueued?.();
  return { status: 202, reference: stored.reference, message: sentAsEnquiryMessage(stored.reference) };
}

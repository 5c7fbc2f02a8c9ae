import type { BusinessSettings } from '#common/settings/domains.ts';
import { wantsEmails } from '#common/messages/contact.ts';
import { writeText } from '#common/messages/texts.ts';
import { bookingFacts, shortManageUrl, textPhone } from './texts.ts';
import crypto from 'node:crypto';
import {
  bookingHoneypotField,
  bookingSchema,
  outsideAreaForMobileMessage,
  tooManyBookingsMessage,
  tyresGoneMessage,
  tyresWithBranchServiceMessage,
  windowGoneMessage,
  windowUnavailableMessage,
  type BookingPayload,
  type CreatedBooking,
  type SubmitBookingResult,
} from '#common/bookings/booking.ts';
import { bookingLocationName, mobileLocation, type BookingSettings } from '#common/bookings/settings.ts';
import { isBookableAt, isBookableNow, locationsOffering, slotAt } from '#common/bookings/slots.ts';
import {
  branchServiceTitles,
  branchServiceWhereMessage,
  isBranchService,
  placesKey,
} from '#common/bookings/branch-services.ts';
import { tyreHolders, tyresHeldMessage } from '#common/bookings/holds.ts';
import { fieldErrorsOf, invalidFieldsMessage } from '#common/http/field-errors.ts';
import { coverageOf } from '#common/site-content/postcode.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { decoyReference } from '../enquiries/submit.ts';
import { installationKey } from '../db/installation-key.ts';
import type { Database } from '../db/client.ts';
import { clientKey } from '../http/client-key.ts';
import { rateLimitHit, type RateLimitHit } from '../http/rate-limit.ts';
import { availability, nextFreeWindows, noteFreePlaces } from './availability.ts';
import { hashManageToken, manageUrl, newManageToken } from './customer-link.ts';
import type { BookingDependencies } from './dependencies.ts';
import { storeBooking, type Checked, type StoredBooking } from './store-statement.ts';
import { selectBookings } from './records.ts';
import { bookings } from '../db/schema.ts';
import { eq } from 'drizzle-orm';
import { maxRouteAttempts, routeOf } from './routed-booking.ts';
import { forgetBookedDays } from '../routing/reach.ts';

/**
 * Storing a booking from the public site: its choices checked against the published content
 * (and its tyres against the catalogue), then one statement, shared with the bookings that arrive
 * meanwhile, that counts the client's hit, keeps the tyres held for its client, e-mail address,
 * phone number and registration by bookings not yet confirmed within their limit
 * (common/bookings/holds.ts), reserves its tyres from own stock if it has some, takes
 * a place of the window if one is left and stores the booking with its enquiry and e-mails, so
 * that a window never takes more than its places nor a tyre more than its stock
 * (docs/decisions/012 and 020).
 */

/**
 * A client as its bookings' tyres are held for it: a keyed hash of its address (of an IPv6
 * address's /64), so that the address itself is not kept with the booking.
 */
async function clientHolder(db: Database, address: string | undefined): Promise<string> {
  return crypto
    .createHmac('sha256', await installationKey(db, 'booking-client-key'))
    .update(clientKey(address))
    .digest('hex')
    .slice(0, 24);
}

/**
 * The title a booking of `service` is stored with: a shown service of the site's, or a branch's
 * MOT testing or servicing while some branch takes it online; null when it cannot be booked.
 */
function bookedServiceTitle(content: SiteContent, settings: BookingSettings, service: string): string | null {
  if (isBranchService(service)) {
    return locationsOffering(settings, service).length > 0 ? branchServiceTitles[service] : null;
  }
  return content.services.find((entry) => entry.visible && entry.slug === service)?.title ?? null;
}

/** A branch's name as customers know it: "Harold Hill". */
const branchName = (content: SiteContent, key: string) =>
  content.branches.find((branch) => branch.key === key)?.name ?? key;

/**
 * The booking's choices checked against the published content: a service that is shown, a
 * location that takes bookings (and takes that service: a branch's MOT testing and servicing are
 * never done at the customer's address, nor booked with tyres), a mobile postcode inside the
 * covered area, and a window the settings have. Whether the window can still be booked (notice,
 * horizon, places) comes after.
 */
function checkChoices(
  content: SiteContent,
  settings: BookingSettings,
  payload: BookingPayload,
):
  | { ok: true; checked: Checked }
  | { ok: false; fieldErrors: Partial<Record<keyof BookingPayload, string[]>> } {
  const serviceTitle = bookedServiceTitle(content, settings, payload.service);
  if (!serviceTitle) return { ok: false, fieldErrors: { service: ['Please select a service'] } };
  const location = settings.locations.find((entry) => entry.key === payload.location && entry.enabled);
  if (!location)
    return { ok: false, fieldErrors: { location: ['Choose where: at your address or at a branch'] } };
  if (isBranchService(payload.service) && !isBookableAt(settings, payload.location, payload.service)) {
    const branches = locationsOffering(settings, payload.service).map((key) => branchName(content, key));
    const message = branchServiceWhereMessage(payload.service, payload.location, branches);
    return { ok: false, fieldErrors: { location: [message] } };
  }
  if (isBranchService(payload.service) && payload.tyreId !== undefined) {
    return { ok: false, fieldErrors: { tyreId: [tyresWithBranchServiceMessage] } };
  }
  const coverage = coverageOf(payload.postcode, content.areas.coveredDistricts);
  if (payload.location === mobileLocation && coverage.verdict === 'outside') {
    return { ok: false, fieldErrors: { postcode: [outsideAreaForMobileMessage(coverage.district)] } };
  }
  const slot = slotAt(settings, payload.location, payload.date, payload.start, payload.service);
  if (!slot) return { ok: false, fieldErrors: { start: ['Choose a time from the list'] } };
  return {
    ok: true,
    checked: {
      payload,
      slot,
      placesKey: placesKey(payload.location, payload.service),
      serviceTitle,
      locationName: bookingLocationName(payload.location, content.branches),
      outsideArea: coverage.verdict === 'outside',
      tyre: null,
      route: null,
    },
  };
}

/**
 * One booking from the public site (POST /api/bookings or the booking page's form): honeypot,
 * validation, the choices against the published content, then one statement that counts the
 * client's hit, takes a place of the window if one is left, and stores the booking with its
 * enquiry and e-mails. Two customers racing for the last place: the database lets one statement
 * take it; the other takes nothing and stores nothing.
 */
export async function submitBooking(
  deps: BookingDependencies,
  body: unknown,
  clientAddress: string | undefined,
): Promise<SubmitBookingResult> {
  const { db, logger, clock } = deps;
  const now = clock();
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const parsed = bookingSchema.safeParse(fields);
  const honeypot = fields[bookingHoneypotField];
  if (typeof honeypot === 'string' && honeypot.trim() !== '') {
    logger.info({ honeypot: true }, 'booking dropped: honeypot field filled in');
    return decoyBooking(deps, parsed.success ? parsed.data : null, now);
  }
  if (!parsed.success) {
    return { status: 400, error: invalidFieldsMessage, fieldErrors: fieldErrorsOf(parsed.error) };
  }
  const payload = parsed.data;
  const [content, business] = await Promise.all([deps.content(), deps.settings()]);
  const settings = business.booking;
  const choices = checkChoices(content, settings, payload);
  if (!choices.ok) return { status: 400, error: invalidFieldsMessage, fieldErrors: choices.fieldErrors };
  const { checked } = choices;
  const { slot } = checked;
  const closed = await windowClosed(deps, settings, payload, slot, now);
  if (closed) return closed;
  // The tyres are read once the window is known to be open: a rush for full windows reads none.
  if (payload.tyreId !== undefined) {
    const chosen = await deps.tyres.choose(db, business, {
      id: payload.tyreId,
      quantity: payload.quantity ?? 1,
      date: slot.date,
      now,
    });
    if (!chosen.ok && chosen.status === 400) {
      return { status: 400, error: invalidFieldsMessage, fieldErrors: { [chosen.field]: [chosen.message] } };
    }
    if (!chosen.ok) return { status: 409, error: chosen.message, nextFree: [] };
    checked.tyre = chosen.tyre;
  }
  const token = newManageToken();
  const hit = rateLimitHit(deps.limit, clientKey(clientAddress), now);
  const holders =
    checked.tyre?.source === 'stock'
      ? tyreHolders({ ...payload, client: await clientHolder(db, clientAddress) })
      : [];
  const contact = confirmationContact(deps, checked, {
    business,
    businessName: content.business.companyName,
    token,
  });
  let row: StoredBooking;
  // A van's day taken meanwhile by another booking: the route is worked out again, a few times.
  for (let attempt = 1; ; attempt += 1) {
    const routed = await routeOf(deps, business, checked, { hit, at: now });
    if (routed) return routed;
    row = await storeBooking(db, {
      checked,
      hit,
      at: now,
      tokenHash: hashManageToken(token),
      token,
      holders,
      contact,
    });
    if (!row.routeRefused || row.reference !== null || attempt === maxRouteAttempts) break;
  }
  if (checked.route && row.reference !== null) forgetBookedDays(db);
  if (row.free !== null) noteFreePlaces(db, checked.placesKey, slot.date, slot.start, row.free);
  return answerOf(deps, row, hit, { checked, content, settings, token });
}

/**
 * How the customer hears that the booking is stored: by e-mail unless they asked for texts alone
 * (and texts are set up, and their number takes them), and by text when they asked for texts.
 */
function confirmationContact(
  deps: BookingDependencies,
  { payload, slot, serviceTitle }: Checked,
  { business, businessName, token }: { business: BusinessSettings; businessName: string; token: string },
) {
  const contactBy = payload.contactBy ?? 'email';
  const phone = textPhone(deps.texts, { contactBy, phone: payload.phone });
  if (phone === null) return { confirmationEmail: true, text: null };
  const facts = bookingFacts({ ...slot, reference: '{reference}', serviceTitle }, businessName);
  return {
    confirmationEmail: wantsEmails(contactBy, payload.phone),
    text: {
      phone,
      body: writeText(business.messages.texts['booking-confirmation'], facts),
      link: shortManageUrl(deps.publicUrl, token),
    },
  };
}

/**
 * What a filled-in honeypot is answered with: a booking that looks stored, with a made-up
 * reference, so that the robot learns nothing.
 */
function decoyBooking(
  deps: BookingDependencies,
  payload: BookingPayload | null,
  now: Date,
): SubmitBookingResult {
  const choice = payload ?? { service: '', location: '', date: '', start: '' };
  const token = newManageToken();
  return {
    status: 201,
    booking: {
      reference: decoyReference(now, 'BK'),
      service: choice.service,
      serviceTitle: choice.service,
      location: choice.location,
      locationName: choice.location,
      date: choice.date,
      start: choice.start,
      end: choice.start,
      manageUrl: manageUrl(deps.publicUrl, token),
      tyre: null,
      total: null,
      callOutPence: 0,
    },
    manageToken: token,
  };
}

/**
 * The refusal of a window that cannot be booked now (notice, horizon), or that this process
 * already knows to be full, with the next free windows; null while it may have a place.
 */
async function windowClosed(
  deps: BookingDependencies,
  settings: BookingSettings,
  payload: BookingPayload,
  slot: Checked['slot'],
  now: Date,
): Promise<SubmitBookingResult | null> {
  if (!isBookableNow(settings, slot, now)) {
    return {
      status: 409,
      error: windowUnavailableMessage,
      nextFree: await nextFreeWindows(deps, settings, payload, slot),
    };
  }
  // A window this process already knows to be full is refused without a statement: when many
  // customers rush for the last places, most answers cost no database work. (Within the second
  // an answer is kept, a place freed by another process may be missed; never one taken.)
  const [known] = await availability(deps, {
    location: payload.location,
    service: payload.service,
    from: slot.date,
    days: 1,
  });
  if (known?.windows.some((window) => window.start === slot.start)) return null;
  return {
    status: 409,
    error: windowGoneMessage,
    nextFree: await nextFreeWindows(deps, settings, payload, slot),
  };
}

/**
 * What the customer is told of the statement: the booking stored, or why nothing was (the
 * client over its limit, the tyres held or gone, the window full).
 */
async function answerOf(
  deps: BookingDependencies,
  row: StoredBooking,
  hit: RateLimitHit,
  {
    checked,
    content,
    settings,
    token,
  }: { checked: Checked; content: SiteContent; settings: BookingSettings; token: string },
): Promise<SubmitBookingResult> {
  const { logger } = deps;
  const { payload, slot } = checked;
  if (row.hits > hit.max) {
    const verdict = hit.verdict(row.hits);
    const retryAfterSeconds = verdict.allowed ? 1 : verdict.retryAfterSeconds;
    logger.warn({ retryAfterSeconds }, 'booking refused: rate limit');
    return { status: 429, error: tooManyBookingsMessage, retryAfterSeconds };
  }
  if (row.reference !== null) {
    logger.info({ reference: row.reference }, 'booking stored');
    if (checked.tyre?.source === 'stock')
      deps.tyres.reserved(deps.db, checked.tyre.id, checked.tyre.quantity);
    const booking = createdBooking(deps, checked, row.reference, token);
    deps.vehicles?.named(payload.registration);
    // The e-mails go once they say whether a deposit is due (asked after the booking is stored).
    const payment = await depositOf(deps, row.reference, token).finally(() => deps.onQueued?.());
    return { status: 201, booking: payment ? { ...booking, payment } : booking, manageToken: token };
  }
  if (row.heldRefused) {
    logger.info({ tyre: checked.tyre?.id }, 'booking refused: too many tyres held');
    return {
      status: 409,
      error: tyresHeldMessage(content.business.formattedPhone),
      nextFree: [],
      tyresHeld: true,
    };
  }
  if (row.tyresRefused) {
    logger.info({ tyre: checked.tyre?.id }, 'booking refused: tyres gone');
    return { status: 409, error: tyresGoneMessage, nextFree: [] };
  }
  logger.info(
    { location: payload.location, date: slot.date, start: slot.start },
    'booking refused: window full',
  );
  return {
    status: 409,
    error: windowGoneMessage,
    nextFree: await nextFreeWindows(deps, settings, payload, slot),
  };
}

/** The deposit asked of a booking just stored, where payments are on and a rule applies. */
async function depositOf(deps: BookingDependencies, reference: string, token: string) {
  if (!deps.payments) return null;
  const [stored] = await selectBookings(deps.db, eq(bookings.reference, reference));
  return stored ? deps.payments.askDeposit(stored, token) : null;
}

/** The booking stored, as its customer is told of it. */
function createdBooking(
  deps: BookingDependencies,
  checked: Checked,
  reference: string,
  token: string,
): CreatedBooking {
  const { payload, slot, tyre } = checked;
  return {
    reference,
    service: payload.service,
    serviceTitle: checked.serviceTitle,
    location: payload.location,
    locationName: checked.locationName,
    date: slot.date,
    start: slot.start,
    end: slot.end,
    manageUrl: manageUrl(deps.publicUrl, token),
    tyre: tyre ? { description: tyre.description, quantity: tyre.quantity, price: tyre.price } : null,
    total: tyre ? tyre.price * tyre.quantity : null,
    callOutPence: checked.route?.callOutPence ?? 0,
  };
}

import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import * as z from 'zod/mini';
import { bookingCancelReasonMaxLength, bookingNotFoundMessage } from '#common/bookings/booking.ts';
import { isBookableAt, placesLeftToTell } from '#common/bookings/slots.ts';
import { branchServices, isBranchService } from '#common/bookings/branch-services.ts';
import { londonDate } from '#common/time/london.ts';
import { mobileLocation } from '#common/bookings/words.ts';
import { isPostcode, normalisePostcode, postcodeMessage } from '#common/site-content/postcode.ts';
import { maxTyreQuantity } from '#common/tyres/catalogue.ts';
import { addDays, isCalendarDate, timePattern } from '#common/time/week.ts';
import { recordStaffActivity } from '../activity/service.ts';
import { HttpError, sendJsonAnswer, type JsonAnswer } from '../http/errors.ts';
import type { FirstWrite, KeptRead } from '../http/kept-reads.ts';
import { toldToCall } from '../http/outage.ts';
import type { ContactDetails } from '#common/http/outage.ts';
import {
  calendarDateParam,
  idParam,
  parameterRefusal,
  parseBody,
  parseQuery,
  textParam,
  wholeNumberParam,
} from '../http/params.ts';
import { sendPreparedJson } from '../http/prepared-json.ts';
import { availabilityAnswer, type AvailabilityQuery } from './availability.ts';
import { calendarOfToken, cancelByCustomer, manageBooking } from './customer-link.ts';
import { moveByCustomer } from './customer-move.ts';
import type { BookingDependencies } from './dependencies.ts';
import { listBookings } from './records.ts';
import { changeBooking, type StaffChange } from './staff-changes.ts';
import { submitBooking } from './store.ts';

/** A booking is a few short fields, like an enquiry. */
const bookingBodyLimit = 16 * 1024;

/** The longest stretch the diary reads at once (a month view with its edges). */
const maxDiaryDays = 62;

/** The query of GET /availability as written: which service and location, from which day, for how many. */
const availabilityQuerySchema = z.object({
  service: z.optional(textParam('service')),
  location: z.optional(textParam('location')),
  from: z.optional(calendarDateParam('from')),
  days: z._default(wholeNumberParam('days', 1, 92), 7),
  postcode: z.optional(textParam('postcode')),
  quantity: z.optional(wholeNumberParam('quantity', 1, maxTyreQuantity)),
});

/**
 * The query of GET /availability, checked against the published content: a service of the site
 * or a branch's (`mot`, `servicing`), at a location where it is booked online.
 */
async function availabilityQueryOf(deps: BookingDependencies, req: Request): Promise<AvailabilityQuery> {
  const {
    service,
    location,
    from = londonDate(deps.clock()),
    days,
    postcode,
    quantity,
  } = parseQuery(availabilityQuerySchema, req);
  const [content, { booking: settings }] = await Promise.all([deps.content(), deps.settings()]);
  if (
    service !== undefined &&
    !isBranchService(service) &&
    !content.services.some((entry) => entry.visible && entry.slug === service)
  ) {
    throw parameterRefusal(
      'service',
      `service must be the address of a service on the site, for example puncture-repair, or one of ${branchServices.join(', ')}.`,
    );
  }
  if (!location || !isBookableAt(settings, location, service)) {
    const keys = settings.locations
      .filter((entry) => isBookableAt(settings, entry.key, service))
      .map((entry) => entry.key);
    throw parameterRefusal(
      'location',
      keys.length > 0 || service === undefined
        ? `location must be one of ${keys.join(', ')}.`
        : `${service} cannot be booked online at the moment.`,
    );
  }
  if (postcode === undefined || location !== mobileLocation) return { location, service, from, days };
  if (!isPostcode(postcode)) throw new HttpError(400, postcodeMessage, { postcode: [postcodeMessage] });
  return { location, service, from, days, postcode: normalisePostcode(postcode), tyres: quantity };
}

/**
 * The answer to a booking from the public site (POST /api/bookings), whose body is `req.body`:
 * 201 and the booking, or why not. A refusal of the booking itself (400, 429) is thrown, to be
 * answered as the API answers errors.
 */
async function bookingAnswer(
  deps: BookingDependencies,
  req: Request,
  body: unknown = req.body,
): Promise<JsonAnswer> {
  const result = await submitBooking(deps, body, req.ip);
  switch (result.status) {
    case 201:
      return { status: 201, body: result.booking };
    case 400:
      throw new HttpError(400, result.error, result.fieldErrors);
    case 409:
      return {
        status: 409,
        body: {
          error: result.error,
          // Told as the availability tells them: the places left only when few.
          nextFree: result.nextFree.map(({ free, ...window }) => ({
            ...window,
            free: placesLeftToTell(free),
          })),
        },
      };
    case 429:
      return {
        status: 429,
        body: { error: result.error },
        headers: { 'Retry-After': String(result.retryAfterSeconds) },
      };
    case 202:
      // Sent to the office as an enquiry: its postcode could not be placed (server/routing).
      return { status: 202, body: { enquiry: { reference: result.reference }, message: result.message } };
  }
}

/**
 * POST /api/bookings, answered ahead of the middleware (http/kept-reads.ts): when many customers
 * book at once, most are told the window has just gone, each in about half the processor time
 * the routed answer takes. A database that cannot be reached is a 503 giving the phone number.
 */
export const firstBookingWrite = (
  deps: BookingDependencies,
  contact: () => Promise<ContactDetails>,
): FirstWrite => ({
  path: '/api/bookings',
  limit: bookingBodyLimit,
  answer: (req, body) => bookingAnswer(deps, req, body),
  errorOf: (error, log) => toldToCall(error, 'bookings', contact, log),
});

/** GET /api/availability, answered ahead of the middleware (http/kept-reads.ts). */
export const keptAvailability = (deps: BookingDependencies): KeptRead => ({
  path: '/api/availability',
  answer: async (req) => availabilityAnswer(deps, await availabilityQueryOf(deps, req)),
});

/**
 * The public side: GET /availability, POST /bookings, and the customer's manage link. Mounted
 * before the API's general body parser (the booking has its own cap).
 */
export function publicBookingsRouter(deps: BookingDependencies) {
  const router = Router();
  router.get('/availability', availability(deps));
  router.post('/bookings', express.json({ limit: bookingBodyLimit }), bookOnline(deps));
  router.get('/bookings/manage/:token', manageOwnBooking(deps));
  router.post('/bookings/manage/:token/cancel', cancelOwnBooking(deps));
  router.get('/bookings/manage/:token/calendar.ics', calendarOfOwnBooking(deps));
  router.post(
    '/bookings/manage/:token/move',
    express.json({ limit: bookingBodyLimit }),
    moveOwnBooking(deps),
  );
  return router;
}

/** GET /availability: the free windows of the days asked for. */
function availability(deps: BookingDependencies) {
  return async (req: Request, res: Response) => {
    sendPreparedJson(req, res, await availabilityAnswer(deps, await availabilityQueryOf(deps, req)));
  };
}

/** POST /bookings: a booking from the public site. */
function bookOnline(deps: BookingDependencies) {
  return async (req: Request, res: Response) => {
    if (!req.is('application/json')) {
      throw new HttpError(415, 'Send the booking as JSON (Content-Type: application/json).');
    }
    sendJsonAnswer(res, await bookingAnswer(deps, req));
  };
}

/** GET /bookings/manage/{token}: the booking the customer's link is for. */
function manageOwnBooking(deps: BookingDependencies) {
  return async (req: Request, res: Response) => {
    const booking = await manageBooking(deps, String(req.params.token));
    if (!booking) throw new HttpError(404, bookingNotFoundMessage);
    res.json(booking);
  };
}

/**
 * GET /bookings/manage/{token}/calendar.ics: the booking's calendar entry, to add to a calendar
 * from the confirmation. Reached with the token only: kept by no cache, its address sent nowhere.
 */
function calendarOfOwnBooking(deps: BookingDependencies) {
  return async (req: Request, res: Response) => {
    const calendar = await calendarOfToken(deps, String(req.params.token));
    if (!calendar) throw new HttpError(404, bookingNotFoundMessage);
    res
      .set({
        'Content-Type': calendar.contentType,
        'Content-Disposition': `attachment; filename="${calendar.filename}"`,
        'Cache-Control': 'private, no-store',
        'Referrer-Policy': 'no-referrer',
      })
      .send(calendar.content);
  };
}

/** The window a customer moves their booking to (POST /bookings/manage/{token}/move). */
const customerMoveSchema = z.object({
  date: z.string('Choose a day').check(z.refine(isCalendarDate, 'Choose a day')),
  start: z.string('Choose a time').check(z.regex(timePattern, 'Choose a time')),
});

/**
 * POST /bookings/manage/{token}/move: the customer moves the booking to another free window. The
 * answer is the booking with its new manage link's token (the old link no longer works).
 */
function moveOwnBooking(deps: BookingDependencies) {
  return async (req: Request, res: Response) => {
    const change = parseBody(customerMoveSchema, req.body ?? {});
    const result = await moveByCustomer(deps, String(req.params.token), change);
    if (result.status === 404) throw new HttpError(404, bookingNotFoundMessage);
    if (result.status !== 200) throw new HttpError(result.status, result.error, result.fieldErrors);
    res.json({ booking: result.booking, manageToken: result.manageToken });
  };
}

/** POST /bookings/manage/{token}/cancel: the customer cancels, while the booking can still be. */
function cancelOwnBooking(deps: BookingDependencies) {
  return async (req: Request, res: Response) => {
    const result = await cancelByCustomer(deps, String(req.params.token));
    if (result.status === 404) throw new HttpError(404, bookingNotFoundMessage);
    if (result.status === 409) {
      res.status(409).json({ error: result.error, booking: result.booking });
      return;
    }
    res.json(result.booking);
  };
}

const statusChangeSchema = z.object({
  status: z.enum(['confirmed', 'completed', 'no-show'], 'Choose confirmed, completed, no-show or cancelled'),
});

const cancelSchema = z.object({
  status: z.literal('cancelled'),
  reason: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
    z
      .string()
      .check(
        z.minLength(1, 'Give the customer a reason'),
        z.maxLength(
          bookingCancelReasonMaxLength,
          `Must be ${bookingCancelReasonMaxLength} characters or fewer`,
        ),
      ),
  ),
});

const moveSchema = z.object({
  date: z.string('Choose a day').check(z.refine(isCalendarDate, 'Choose a day')),
  start: z.string('Choose a window').check(z.regex(timePattern, 'Choose a window')),
  location: z.optional(z.string()),
});

const fitterSchema = z.object({
  fitterId: z.nullable(
    z.number('Choose a fitter').check(z.int('Choose a fitter'), z.positive('Choose a fitter')),
  ),
});

/** A change of fitter when the body names one, of status when it names one, else a move. */
function parseChange(body: unknown): StaffChange {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if ('fitterId' in fields) return parseBody(fitterSchema, fields);
  if ('status' in fields) {
    return fields.status === 'cancelled'
      ? parseBody(cancelSchema, fields)
      : parseBody(statusChangeSchema, fields);
  }
  return parseBody(moveSchema, fields);
}

/** The staff diary: GET /bookings?from=&to= and PUT /bookings/{id}, behind the sign-in guard. */
export function adminBookingsRouter(deps: BookingDependencies, requireUser: RequestHandler) {
  const router = Router();
  router.get('/bookings', requireUser, diary(deps));
  router.put('/bookings/:id', requireUser, changeInDiary(deps));
  return router;
}

/** The days of the diary (`?from=&to=`), a week from today unless told. */
const diaryQuerySchema = z.object({
  from: z.optional(calendarDateParam('from')),
  to: z.optional(calendarDateParam('to')),
});

/** GET /bookings?from=&to=: the bookings of the days asked for (a week from today unless told). */
function diary(deps: BookingDependencies) {
  return async (req: Request, res: Response) => {
    const query = parseQuery(diaryQuerySchema, req);
    const from = query.from ?? londonDate(deps.clock());
    const to = query.to ?? addDays(from, 6);
    if (to < from) throw parameterRefusal('to', 'to must not be before from.');
    if (to > addDays(from, maxDiaryDays - 1)) {
      throw parameterRefusal('to', `Ask for at most ${maxDiaryDays} days at once.`);
    }
    res.json(await listBookings(deps.db, from, to));
  };
}

/** PUT /bookings/{id}: the booking moved, given a fitter, or its status changed. */
function changeInDiary(deps: BookingDependencies) {
  return async (req: Request, res: Response) => {
    const id = idParam(req, 'The booking id must be a positive whole number.');
    const change = parseChange(req.body);
    const result = await changeBooking(deps, id, change, req.user!);
    if (result.status === 404) throw new HttpError(404, 'That booking does not exist.');
    if (result.status !== 200) throw new HttpError(result.status, result.error, result.fieldErrors);
    // What changed, never the reason's text (it may name the customer).
    await recordStaffActivity(deps.db, req, {
      kind: 'booking-changed',
      target: `booking ${result.booking.reference}`,
      detail: { change: result.summary },
    });
    res.json(result.booking);
  };
}

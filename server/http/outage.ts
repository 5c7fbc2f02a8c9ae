import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { data } from 'react-router';
import {
  unavailableOnlineMessage,
  unavailableRetryAfterSeconds,
  type ContactDetails,
} from '#common/http/outage.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { ServiceUnavailableError } from './errors.ts';

/**
 * How the site behaves while its database cannot be reached: what customers are told instead of
 * an error, and which rendered pages are not kept (pages/page-handler.ts).
 */

/** The public API's customer requests (under /api): a booking, its times, its link, an enquiry. */
const customerPath = /^\/(?:enquiries|availability|bookings(?:\/manage\/[^/]+(?:\/cancel)?)?)\/?$/;

/**
 * What a customer's request that failed with `error` is answered with: when the database cannot
 * be reached, a 503 whose message gives the phone number and e-mail address; else the error.
 */
export async function toldToCall(
  error: unknown,
  what: 'enquiries' | 'bookings',
  contact: () => Promise<ContactDetails>,
  log: Pick<Logger, 'warn'>,
): Promise<unknown> {
  if (!isDatabaseUnreachable(error)) return error;
  log.warn({ err: error }, 'database unreachable: customer told to call');
  return new ServiceUnavailableError(unavailableOnlineMessage(what, await contact()));
}

/**
 * For the public API's customer requests that failed because the database cannot be reached: a
 * 503 whose message gives the phone number and e-mail address instead. Mounted right after the
 * public routers, so the staff routes (mounted later) never pass through it.
 */
export function customersToldToCall(contact: () => Promise<ContactDetails>): ErrorRequestHandler {
  return (error, req, _res, next) => {
    if (!customerPath.test(req.path)) {
      next(error);
      return;
    }
    const what = req.path.startsWith('/enquiries') ? 'enquiries' : 'bookings';
    toldToCall(error, what, contact, req.log).then(next, next);
  };
}

/** Shown by the pages that need the database (the booking's times, a booking's own page). */
export const bookingUnavailableText =
  'Online booking is not available just now. Please try again in a few minutes, or call or e-mail us and we will book it for you.';

/**
 * `read`, but a database that cannot be reached makes the page answer 503 (the app's error page,
 * with `text`) rather than 500.
 */
export function unavailableWithout<Args extends unknown[], Result>(
  read: (...args: Args) => Promise<Result>,
  text: string,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await read(...args);
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      throw data(text, { status: 503, headers: { 'Retry-After': String(unavailableRetryAfterSeconds) } });
    }
  };
}

/** Set on a response whose page was rendered with something missing: it is not kept. */
export function markDegraded(res: Response) {
  res.locals.degraded = true;
}

export function isDegraded(res: Response): boolean {
  return res.locals.degraded === true;
}

/**
 * `read`, remembering its last answer: while the database cannot be reached the page gets that
 * answer (or `fallback`) and is marked as degraded, so that it is not kept.
 */
export function lastKnown<Result>(read: () => Promise<Result>, fallback: Result) {
  let last: Result | undefined;
  return async (res: Response): Promise<Result> => {
    try {
      last = await read();
      return last;
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      markDegraded(res);
      return last ?? fallback;
    }
  };
}

import type { Request, RequestHandler } from 'express';
import { adminRequestHeader } from '#common/http/api.ts';
import { isOfficeRole, officeOnlyMessage, twoFactorSetupNeededMessage } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { readSessionToken } from './cookies.ts';
import { findSessionUser, hashSessionToken, type SessionMemory } from './sessions.ts';

export type AuthDependencies = {
  db: Database;
  /** The time, injectable so that tests can move it (expiry, throttling windows). */
  clock: () => Date;
  /**
   * The site's public origin; requests from it count as same-origin besides the Host's own, and
   * its scheme names the cookies (cookies.ts).
   */
  publicUrl: string;
  /** Live sessions kept in memory between changes (sessions.ts); without it each is looked up. */
  sessions?: SessionMemory;
};

/** The signed-in user of this request, or null. */
export async function currentUser(
  req: Request,
  { db, clock, publicUrl, sessions }: AuthDependencies,
): Promise<StaffUser | null> {
  const token = readSessionToken(req, publicUrl);
  return token ? findSessionUser(db, token, clock(), sessions) : null;
}

export const crossSiteMessage = 'This request was refused because it did not come from this site.';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for requests that change state on a staff member's behalf: they must carry the
 * fixed admin header (which a cross-site form cannot send) and come from this site, as the
 * browser reports it (Sec-Fetch-Site, else Origin). A request with neither is refused: every
 * browser that can be tricked into sending it sends at least one.
 */
function assertSameOrigin(req: Request, publicUrl: string): void {
  if (req.get(adminRequestHeader.name) !== adminRequestHeader.value)
    throw new HttpError(403, crossSiteMessage);
  const fetchSite = req.get('sec-fetch-site');
  const origin = req.get('origin');
  if (fetchSite === undefined && origin === undefined) throw new HttpError(403, crossSiteMessage);
  if (fetchSite !== undefined && fetchSite !== 'same-origin') throw new HttpError(403, crossSiteMessage);
  if (origin !== undefined && origin !== publicUrl && origin !== `${req.protocol}://${req.get('host')}`) {
    throw new HttpError(403, crossSiteMessage);
  }
}

export function requireSameOrigin(publicUrl: string): RequestHandler {
  return (req, _res, next) => {
    assertSameOrigin(req, publicUrl);
    next();
  };
}

/**
 * The one guard of every staff-only endpoint: without a live session the answer is 401 and the
 * handler never runs; a state-changing request must also pass the CSRF check (403). An account
 * that owners require to set up two-factor sign-in, and has not, gets 403 everywhere except on
 * the endpoints that set it up (`allowBeforeTwoFactor`). A fitter gets 403 everywhere except on
 * the endpoints of their own jobs and account (`allowFitters`).
 */
export function requireUser(
  auth: AuthDependencies,
  {
    allowBeforeTwoFactor = false,
    allowFitters = false,
  }: { allowBeforeTwoFactor?: boolean; allowFitters?: boolean } = {},
): RequestHandler {
  return async (req, _res, next) => {
    const user = await currentUser(req, auth);
    if (!user) throw new HttpError(401, 'Please sign in to continue.');
    if (unsafeMethods.has(req.method)) assertSameOrigin(req, auth.publicUrl);
    if (user.twoFactorSetupRequired && !allowBeforeTwoFactor) {
      throw new HttpError(403, twoFactorSetupNeededMessage);
    }
    if (!allowFitters && !isOfficeRole(user.role)) throw new HttpError(403, officeOnlyMessage);
    req.user = user;
    next();
  };
}

/**
 * The user of a GET whose session is kept in memory, when `requireUser` with the same options
 * would let them through; undefined for any other request, which the guard itself must answer.
 */
export function keptUserPassing(
  req: Request,
  { clock, publicUrl, sessions }: AuthDependencies,
  { allowFitters = false }: { allowFitters?: boolean } = {},
): StaffUser | undefined {
  const token = readSessionToken(req, publicUrl);
  const user = token ? sessions?.find(hashSessionToken(token), clock()) : undefined;
  if (!user || user.twoFactorSetupRequired) return undefined;
  return allowFitters || isOfficeRole(user.role) ? user : undefined;
}

/**
 * A guard as a test rather than a gate: the next handler runs when `guard` lets the request
 * through, and the next route for the same path (an anonymous answer) when it refuses it.
 */
export function whenGuardPasses(guard: RequestHandler): RequestHandler {
  return async (req, res, next) => {
    let passed = false;
    try {
      await guard(req, res, () => {
        passed = true;
      });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
    }
    next(passed ? undefined : 'route');
  };
}

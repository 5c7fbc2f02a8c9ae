import type { RequestHandler } from 'express';
import { ownersOnlyMessage } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { HttpError } from './errors.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in staff member, set by the guard of staff-only endpoints (auth/guard.ts, `requireUser`). */
    user?: StaffUser;
  }
}

/**
 * After `requireUser` (auth/guard.ts): owners only (403 for everyone else). Here rather than in
 * auth, as the domains whose sign-ins and changes auth records (the activity log) gate their
 * owners' endpoints with it too.
 */
export const requireOwner: RequestHandler = (req, _res, next) => {
  if (req.user?.role !== 'owner') throw new HttpError(403, ownersOnlyMessage);
  next();
};

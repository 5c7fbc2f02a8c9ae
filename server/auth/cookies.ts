import type { CookieOptions, Request, Response } from 'express';
import { sessionCookie } from './guard.ts';
import { sessionAbsoluteMs } from './sessions.ts';

/** HttpOnly (no script can read it), SameSite=Lax, Secure whenever the request came over https. */
const cookieOptions = (req: Request): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: req.secure,
  path: '/',
});

export function setSessionCookie(req: Request, res: Response, token: string): void {
  res.cookie(sessionCookie, token, { ...cookieOptions(req), maxAge: sessionAbsoluteMs });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(sessionCookie, cookieOptions(req));
}

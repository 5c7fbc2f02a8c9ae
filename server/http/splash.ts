import type { Request, Response } from 'express';

/** Session cookie (no expiry) that marks the splash screen as seen in this browser session. */
export const splashCookie = 'splash_seen';

/**
 * Decides on the server whether this page shows the splash (on the first load of a browser session
 * only, never again). The first page of a browser session shows it and sets the cookie; every later request,
 * page or data, carries the cookie. Deciding here rather than in a script keeps the first paint
 * free of a synchronous storage read, and the splash works without JavaScript.
 */
export function takeSplash(req: Request, res: Response, secure: boolean): boolean {
  const seen = new RegExp(`(?:^|;\\s*)${splashCookie}=`).test(req.headers.cookie ?? '');
  if (seen) return false;
  res.cookie(splashCookie, '1', { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  return true;
}

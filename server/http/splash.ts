import type { Request, Response } from 'express';

/** Cookie that marks the splash screen as seen in this browser. */
export const splashCookie = 'splash_seen';

/**
 * How long the browser remembers it: the longest an essential cookie lasts (the cookie policy),
 * so a visitor who comes back within a month is not shown it again.
 */
const splashSeenMaxAgeMs = 30 * 24 * 60 * 60 * 1000;

/**
 * Decides on the server whether this page shows the splash: only the home page, for a browser
 * that has not seen it. A page opened from a link (a booking to manage, an unsubscribe, an
 * account's set-up, a size of tyres) or the booking itself is what the visitor came for, and
 * is never covered. The page that shows it sets the cookie; every later request carries it.
 * Deciding here rather than in a script keeps the first paint free of a synchronous storage
 * read, and the splash works without JavaScript.
 */
export function takeSplash(req: Request, res: Response, secure: boolean): boolean {
  if (req.path !== '/') return false;
  const seen = new RegExp(`(?:^|;\\s*)${splashCookie}=`).test(req.headers.cookie ?? '');
  if (seen) return false;
  res.cookie(splashCookie, '1', {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: splashSeenMaxAgeMs,
  });
  return true;
}

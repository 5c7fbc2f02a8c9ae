import type { RequestHandler } from 'express';
import { isTokenPath } from '#common/http/token-routes.ts';
import { decodedPath } from './request-log.ts';

/**
 * A page or API answer reached with a secret link's token is kept by no cache, never indexed,
 * and its address is not sent on as a referrer to anything the page links to or loads.
 */
export const tokenRouteHeaders: RequestHandler = (req, res, next) => {
  if (isTokenPath(decodedPath(req.path))) {
    res.set('Cache-Control', 'no-store');
    res.set('Referrer-Policy', 'no-referrer');
    res.set('X-Robots-Tag', 'noindex, nofollow');
  }
  next();
};

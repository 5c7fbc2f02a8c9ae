import type { RequestHandler } from 'express';

/** Pages of the staff area: sign-in, the dashboard, /update-hero and account set-up links. */
const staffPagePattern = /^\/(admin|auth|update-hero|account-setup)(\/|-|$)/i;

export const isStaffPage = (path: string) => staffPagePattern.test(path);

/** Staff pages are never cached (the back button after logout shows nothing), never indexed. */
export const staffPages: RequestHandler = (req, res, next) => {
  if (isStaffPage(req.path)) {
    res.set('Cache-Control', 'no-store');
    res.set('X-Robots-Tag', 'noindex, nofollow');
  }
  next();
};

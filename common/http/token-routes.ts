/**
 * Pages whose address carries a secret: a booking's manage link (and its short form in texts), a staff account's set-up link
 * and a reminder's unsubscribe link. Whoever holds the address holds the booking or the account, so the address is never
 * stored, logged or sent elsewhere (page views, the request log, Google Analytics, referrers):
 * only its pattern is. Their API routes are the same under /api, with possibly more after the
 * token (`/api/bookings/manage/:token/cancel`).
 */
export const tokenRoutePatterns = [
  '/bookings/manage/:token',
  // The short manage link texts carry.
  '/m/:token',
  '/account-setup/:token',
  '/unsubscribe/:token',
] as const;

const tokenRoutes = tokenRoutePatterns.map((pattern) => {
  const prefix = pattern.slice(0, -':token'.length);
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The token is the next segment, whatever it holds; a page or API path, in any case.
  return { pattern, regex: new RegExp(`^(/api)?${escaped}[^/?#]+`, 'i') };
});

/** True when `path` (a page or API path, with or without a query) is one of a token route's. */
export function isTokenPath(path: string): boolean {
  return tokenRoutes.some((route) => route.regex.test(path));
}

/**
 * `path` with a token route's secret replaced by `:token` (`/bookings/manage/abc?booked=1` is
 * `/bookings/manage/:token?booked=1`); any other path as it is.
 */
export function withoutTokens(path: string): string {
  for (const route of tokenRoutes) {
    const match = route.regex.exec(path);
    if (match) return `${match[1] ? '/api' : ''}${route.pattern}${path.slice(match[0].length)}`;
  }
  return path;
}

/**
 * A full address (`https://site/bookings/manage/abc`) with its path's token replaced, for what
 * is sent to Google Analytics; anything that is not an address is left as it is.
 */
export function urlWithoutTokens(address: string): string {
  if (!URL.canParse(address)) return address;
  const url = new URL(address);
  const path = withoutTokens(url.pathname);
  if (path === url.pathname) return address;
  return `${url.origin}${path}${url.search}`;
}

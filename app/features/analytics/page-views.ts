import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isUntrackedPath } from '#common/analytics/analytics.ts';
import type { PageViewEvent } from '#common/analytics/event.ts';
import { urlWithoutTokens, withoutTokens } from '#common/http/token-routes.ts';
import { apiRequest } from '#app/lib/api.ts';
import { sendAnalyticsPageView } from '#app/features/consent/index.ts';

/**
 * Sends a page view (POST /api/analytics) on the first load and on every route change, except in the
 * staff area. The request is fire-and-forget with keepalive, so it never holds up navigation and
 * survives the page being left; a failure is only logged. The referrer goes with the first view
 * only: after client-side navigation document.referrer still names the site the visit came from.
 */
export function usePageViewTracking(): void {
  const { pathname, search } = useLocation();
  const firstView = useRef(true);
  useEffect(() => {
    if (isUntrackedPath(pathname)) return;
    const event: PageViewEvent = {
      event: 'page_view',
      // A manage or set-up link's secret never leaves the page: only the route's pattern.
      path: withoutTokens(`${pathname}${search}`),
      ...(firstView.current && document.referrer && { referrer: urlWithoutTokens(document.referrer) }),
    };
    // Sent from a task of its own: on the first load this effect runs in the task that runs every
    // effect of the freshly hydrated page (docs/decisions/009-hydration-blocking-time.md).
    const timer = setTimeout(() => {
      // The first view reaches Google Analytics when its tag loads (after consent).
      if (!firstView.current) sendAnalyticsPageView();
      firstView.current = false;
      apiRequest('POST', '/api/analytics', event, { keepalive: true }).catch((error: unknown) =>
        console.warn('Page view not counted:', error),
      );
    }, 0);
    return () => clearTimeout(timer);
  }, [pathname, search]);
}

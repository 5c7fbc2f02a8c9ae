import { lazy, Suspense, useEffect } from 'react';
import { consentBannerDelayMs, dispatchConsent, shouldOfferBanner, useConsent } from './consent.ts';
import { useConsentEffects } from './consent-effects.ts';

const CookieBanner = lazy(() => import('./cookie-banner.tsx'));

/**
 * Consent on the public pages: its effects, and the banner, offered 1 s after load when the
 * visitor has not chosen yet. The banner's code is fetched only when it is shown: most visits
 * after the first never need it. Nothing of it is in the server's HTML, so a visitor who has
 * chosen never sees it flash.
 */
export function ConsentHost({ measurementId }: { measurementId: string | null }) {
  const { bannerOpen } = useConsent();
  useConsentEffects(measurementId);

  useEffect(() => {
    if (!shouldOfferBanner()) return;
    // Fetched from a task of its own, not from the one that runs the hydrated page's effects.
    const preload = setTimeout(() => void import('./cookie-banner.tsx'), 0);
    const timer = setTimeout(() => {
      if (shouldOfferBanner()) dispatchConsent({ type: 'show-banner' });
    }, consentBannerDelayMs);
    return () => {
      clearTimeout(preload);
      clearTimeout(timer);
    };
  }, []);

  if (!bannerOpen) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}

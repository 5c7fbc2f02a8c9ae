import { useEffect } from 'react';
import { urlWithoutTokens, withoutTokens } from '#common/http/token-routes.ts';
import { currentConsent, useConsent, type ConsentPreferences } from './consent.ts';

/**
 * What follows a consent choice: Google Consent Mode v2 signals, the GA4 tag (only with a
 * measurement id and analytics consent), and the cookies of a withdrawn category cleared at once.
 */

type ConsentModeValue = 'granted' | 'denied';
type ConsentModeSignals = Record<
  | 'analytics_storage'
  | 'ad_storage'
  | 'ad_user_data'
  | 'ad_personalization'
  | 'functionality_storage'
  | 'personalization_storage',
  ConsentModeValue
>;

/** Consent Mode's signals for a set of preferences. */
export function consentModeSignals(preferences: ConsentPreferences): ConsentModeSignals {
  const signal = (allowed: boolean): ConsentModeValue => (allowed ? 'granted' : 'denied');
  return {
    analytics_storage: signal(preferences.analytics),
    ad_storage: signal(preferences.marketing),
    ad_user_data: signal(preferences.marketing),
    ad_personalization: signal(preferences.marketing),
    functionality_storage: signal(preferences.preferences),
    personalization_storage: signal(preferences.preferences),
  };
}

/**
 * The first script of every page, before any tag can run: the dataLayer, gtag, and Consent
 * Mode's defaults, every signal denied (root.tsx inlines it with the response's nonce).
 */
export const consentModeDefaultsScript = `window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};gtag('consent','default',${JSON.stringify(
  consentModeSignals({ essential: true, analytics: false, marketing: false, preferences: false }),
)});`;

/** Cookies each category sets (Cookie Policy): removed as soon as the category is not allowed. */
const analyticsCookie = (name: string) => name === '_ga' || name.startsWith('_ga_');
const marketingCookies = new Set(['_gcl_au', '_fbp']);

/** The names among `cookieNames` that the preferences no longer allow. */
export function cookiesToClear(cookieNames: readonly string[], preferences: ConsentPreferences): string[] {
  return cookieNames.filter(
    (name) =>
      (!preferences.analytics && analyticsCookie(name)) ||
      (!preferences.marketing && marketingCookies.has(name)),
  );
}

/** The domains a cookie of this host may have been set on: the host and each parent domain. */
export function cookieDomains(hostname: string): string[] {
  const labels = hostname.split('.');
  if (labels.length < 2 || /^[\d.]+$/.test(hostname)) return [hostname];
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

function expireCookie(name: string) {
  const expired = `${name}=; Max-Age=0; path=/`;
  document.cookie = expired;
  for (const domain of cookieDomains(window.location.hostname)) {
    document.cookie = `${expired}; domain=${domain}`;
  }
}

function cookieNames(): string[] {
  return document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter(Boolean);
}

type Gtag = (...args: unknown[]) => void;
const gtag: Gtag = (...args) => (window as unknown as { gtag?: Gtag }).gtag?.(...args);

let tagLoaded = false;

/** Adds Google's gtag.js for this measurement id, once. */
function loadAnalyticsTag(measurementId: string) {
  if (tagLoaded) return;
  tagLoaded = true;
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.append(script);
  gtag('js', new Date());
  // Page views are sent by the site itself, with a token route's pattern in place of its secret.
  gtag('config', measurementId, { send_page_view: false, ...analyticsPageFields() });
  sendAnalyticsPageView();
}

/**
 * The page's address, path and referrer as Google Analytics gets them: a manage or set-up link's
 * token never, only its route's pattern.
 */
export function analyticsPageFields(
  location: Pick<Location, 'href' | 'pathname'> = window.location,
  referrer: string = document.referrer,
) {
  return {
    page_location: urlWithoutTokens(location.href),
    page_path: withoutTokens(location.pathname),
    page_referrer: urlWithoutTokens(referrer),
  };
}

/**
 * A page view for Google Analytics, once its tag is loaded. The fields are also `set`, so that
 * anything the tag sends of its own accord (a page change it sees in the history) carries them.
 */
export function sendAnalyticsPageView() {
  if (!tagLoaded) return;
  const fields = analyticsPageFields();
  gtag('set', fields);
  gtag('event', 'page_view', fields);
}

/**
 * Keeps the page in step with the visitor's choice: Consent Mode told of every change, the
 * analytics tag loaded once analytics is allowed, and withdrawn categories' cookies cleared.
 */
export function useConsentEffects(measurementId: string | null) {
  const shown = useConsent();
  useEffect(() => {
    // The store itself, not the render: while hydrating, the render shows the server's state
    // (no consent), and acting on that would clear the cookies of a visitor who agreed.
    const { hasConsented, preferences } = currentConsent();
    gtag('consent', 'update', consentModeSignals(preferences));
    for (const name of cookiesToClear(cookieNames(), preferences)) expireCookie(name);
    if (hasConsented && preferences.analytics && measurementId) loadAnalyticsTag(measurementId);
  }, [shown.hasConsented, shown.preferences, measurementId]);
}

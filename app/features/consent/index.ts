// What the rest of the app may use of this feature.
export { sendAnalyticsPageView } from './consent-effects.ts';
export { consent, useConsent } from './consent.ts';

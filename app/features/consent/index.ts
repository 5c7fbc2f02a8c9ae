// What the rest of the app may use of this feature.
export { consentModeDefaultsScript, sendAnalyticsPageView } from './consent-effects.ts';
export { ConsentHost } from './consent-host.tsx';
export { ConsentCategoryRow } from './consent-switch.tsx';
export {
  allAllowed,
  consent,
  consentCategories,
  type ConsentPreferences,
  essentialOnly,
  samePreferences,
  useConsent,
} from './consent.ts';

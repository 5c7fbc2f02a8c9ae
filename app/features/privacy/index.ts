// What the rest of the app may use of this feature.
export { PrivacyTab } from './privacy-tab.tsx';

// What the rest of the app may use of this feature.
export { AnalyticsTab } from './analytics-tab.tsx';

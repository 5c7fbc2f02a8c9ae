// What the rest of the app may use of this feature.
export { SettingsTab } from './settings-tab.tsx';
// The business's settings as other tabs read them (the diary, the booking's move, the dashboard's notices).
export { useDomainSettings } from './settings-queries.ts';

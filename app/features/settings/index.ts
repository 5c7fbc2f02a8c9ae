// What the rest of the app may use of this feature.
export { SettingsTab } from './settings-tab.tsx';
export { useDomainSettings } from './settings-queries.ts';

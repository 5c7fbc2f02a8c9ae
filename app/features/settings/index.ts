// What the rest of the app may use of this feature.
export { SettingsTab } from './settings-tab.tsx';

// What the rest of the app may use of this feature.
export { ActivityTab } from './activity-tab.tsx';

// What the rest of the app may use of this feature.
export { JobsTab } from './jobs-tab.tsx';

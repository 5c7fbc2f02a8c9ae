// What the rest of the app may use of this feature.
export { JobsTab } from './jobs-tab.tsx';
// The drives of fitters' days, for the diary.
export { useDayRoutes } from './jobs-queries.ts';

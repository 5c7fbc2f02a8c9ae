export { JobsPage } from './jobs-page.tsx';
export { forgetKeptDays } from './phone-store.ts';

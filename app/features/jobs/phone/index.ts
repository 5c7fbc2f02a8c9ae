export { JobsPage } from './jobs-page.tsx';
export { forgetKeptDays } from './phone-store.ts';
export { keepJobsPageOnPhone } from './jobs-worker.ts';

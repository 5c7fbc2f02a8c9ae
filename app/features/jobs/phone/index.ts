export { JobsPage } from './jobs-page.tsx';
export { actionsOnPhone, discardActionsOnPhone, forgetDayOnPhone } from './phone-sign-out.ts';
export { UnsentAtSignOut } from './unsent-at-sign-out.tsx';
export { keepJobsPageOnPhone } from './jobs-worker.ts';

// What the rest of the app may use of this feature.
export { StaffCardPage } from './staff-card-page.tsx';
export { formatDateTime } from './staff-format.ts';
export { useStaffAccounts } from './staff-queries.ts';
export { StaffTab } from './staff-tab.tsx';

// What the rest of the app may use of this feature.
export { StaffCardPage } from './staff-card-page.tsx';
export { useStaffAccounts } from './staff-queries.ts';
export { StaffTab } from './staff-tab.tsx';

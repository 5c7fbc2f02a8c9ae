// What the rest of the app may use of this feature.
export { DashboardHeader } from './dashboard-header.tsx';
export { DashboardSections } from './dashboard-sections.tsx';
export { DatabaseUnreachableBanner } from './database-banner.tsx';
export { WaitingMailBanner } from './waiting-mail-banner.tsx';

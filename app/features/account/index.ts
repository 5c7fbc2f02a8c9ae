// What the rest of the app may use of this feature.
export { AccountTab } from './account-tab.tsx';
export { LoginForm } from './login-form.tsx';
export { AccountSetupPanel } from './setup/account-setup-panel.tsx';
export {
  currentUserQueryKey,
  isAdminPath,
  logOut,
  resumeReadsAfterSignOut,
  staffTabStoragePrefix,
  useCurrentUser,
  useStaffPage,
} from './staff-session.ts';

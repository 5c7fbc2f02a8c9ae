// What the rest of the app may use of this feature.
export { AccountTab } from './account-tab.tsx';
export { currentUserQueryKey, logOut, staffTabStoragePrefix, useCurrentUser } from './staff-session.ts';
export { DisplayNameForm } from './display-name-form.tsx';

import { roleLabels, setupLinkHours, type StaffAccount } from '#common/accounts/accounts.ts';
import { formatDateTime } from '#common/time/formats.ts';

export const lastSignInText = (account: Pick<StaffAccount, 'lastSignInAt'>) =>
  account.lastSignInAt ? formatDateTime(account.lastSignInAt) : 'Never';

export const roleText = (account: Pick<StaffAccount, 'role'>) => roleLabels[account.role];

/** How long a set-up link lasts, and until when. */
export const setupLinkValidity = (expiresAt: string) =>
  `Valid for ${setupLinkHours} hours, once: until ${formatDateTime(expiresAt)}.`;

import { roleLabels, setupLinkHours, type StaffAccount } from '#common/accounts/accounts.ts';
import { formatEnquiryDate } from '#app/features/enquiries/dashboard/index.ts';

/** A day in en-GB, London time: "23/11/2026". */
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export const formatDay = (iso: string) => dayFormat.format(new Date(iso));

/** Date and time in en-GB, London time: "23/11/2026, 14:05". */
export const formatDateTime = formatEnquiryDate;

export const lastSignInText = (account: Pick<StaffAccount, 'lastSignInAt'>) =>
  account.lastSignInAt ? formatDateTime(account.lastSignInAt) : 'Never';

export const roleText = (account: Pick<StaffAccount, 'role'>) => roleLabels[account.role];

/** How long a set-up link lasts, and until when. */
export const setupLinkValidity = (expiresAt: string) =>
  `Valid for ${setupLinkHours} hours, once: until ${formatDateTime(expiresAt)}.`;

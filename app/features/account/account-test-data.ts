import type { StaffSession } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';

/** Test data: a signed-in staff member, with overrides. */
export const staffUser = (overrides: Partial<StaffUser> = {}): StaffUser => ({
  id: 4,
  username: 'sam',
  displayName: null,
  role: 'staff',
  twoFactor: false,
  twoFactorSetupRequired: false,
  ...overrides,
});

/** Test data: one of the user's sessions, with overrides. */
export const staffSession = (overrides: Partial<StaffSession> = {}): StaffSession => ({
  id: 1,
  browser: 'Chrome 131',
  os: 'Windows 10',
  createdAt: '2026-11-20T09:30:00.000Z',
  lastSeenAt: '2026-11-23T14:05:00.000Z',
  current: false,
  ...overrides,
});

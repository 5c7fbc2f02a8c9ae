import type { StaffAccount } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';

/** Test data: an account as GET /api/users lists it, with overrides. */
export function staffAccount(overrides: Partial<StaffAccount> = {}): StaffAccount {
  return {
    id: 1,
    username: 'alice',
    displayName: null,
    role: 'staff',
    createdAt: '2026-07-01T08:05:00.000Z',
    lastSignInAt: null,
    twoFactor: false,
    disabled: false,
    setUp: true,
    ...overrides,
  };
}

/** Test data: the signed-in user, with overrides. */
export function staffUser(overrides: Partial<StaffUser> = {}): StaffUser {
  return {
    id: 1,
    username: 'alice',
    displayName: null,
    role: 'owner',
    twoFactor: true,
    twoFactorSetupRequired: false,
    ...overrides,
  };
}

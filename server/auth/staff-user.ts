import { sql } from 'drizzle-orm';
import { isStaffRole } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { appMeta, users } from '../db/schema.ts';

/** Where the owners' security settings live in `app_meta` (common/accounts/accounts.ts, SecuritySettings). */
export const securitySettingsKey = 'security';

/** Whether owners require two-factor sign-in of every account. */
const twoFactorRequiredSql = sql<boolean>`coalesce((select (${appMeta.value} ->> 'requireTwoFactor')::boolean
  from ${appMeta} where ${appMeta.key} = ${securitySettingsKey}), false)`;

/** The signed-in user's fields (StaffUser), for a select of `users`. */
export const staffUserColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  role: users.role,
  twoFactor: sql<boolean>`${users.twoFactorSecret} is not null`,
  twoFactorSetupRequired: sql<boolean>`(${users.twoFactorSecret} is null and ${twoFactorRequiredSql})`,
};

type StaffUserRow = Omit<StaffUser, 'role'> & { role: string };

export const toStaffUser = ({
  id,
  username,
  displayName,
  role,
  twoFactor,
  twoFactorSetupRequired,
}: StaffUserRow): StaffUser => ({
  id,
  username,
  displayName,
  role: isStaffRole(role) ? role : 'staff',
  twoFactor: Boolean(twoFactor),
  twoFactorSetupRequired: Boolean(twoFactorSetupRequired),
});

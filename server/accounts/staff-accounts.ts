import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  isStaffRole,
  type Fitter,
  type SecuritySettings,
  type StaffAccount,
  type StaffRole,
} from '#common/accounts/accounts.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { appMeta, recoveryCodes, sessions, users } from '../db/schema.ts';
import { staffNameSql } from '../db/staff-names.ts';
import { securitySettingsKey } from '../auth/staff-user.ts';
import { createSetupToken } from './setup-links.ts';

/**
 * The staff accounts as owners manage them: adding one (with its set-up link), changing its role,
 * disabling, deleting or resetting it, never leaving the business without an active owner; and
 * the security settings every account signs in under.
 */

/** An arbitrary fixed key: the advisory lock every change of roles and accounts holds. */
const accountsLockKey = 727_016;

const accountColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  role: users.role,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  twoFactor: sql<boolean>`${users.twoFactorSecret} is not null`,
  disabled: sql<boolean>`${users.disabledAt} is not null`,
  setUp: sql<boolean>`${users.passwordHash} is not null`,
};

type AccountRow = Omit<StaffAccount, 'createdAt' | 'lastSignInAt' | 'role'> & {
  role: string;
  createdAt: Date;
  lastSignInAt: Date | null;
};

const toAccount = (row: AccountRow): StaffAccount => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  role: isStaffRole(row.role) ? row.role : 'staff',
  createdAt: row.createdAt.toISOString(),
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  twoFactor: Boolean(row.twoFactor),
  disabled: Boolean(row.disabled),
  setUp: Boolean(row.setUp),
});

export async function listAccounts(db: Database): Promise<StaffAccount[]> {
  const rows = await db
    .select(accountColumns)
    .from(users)
    .orderBy(asc(sql`lower(${users.username})`));
  return rows.map(toAccount);
}

/** The fitters the office can give jobs to: enabled `fitter` accounts, by the name staff read. */
export async function listFitters(db: Database): Promise<Fitter[]> {
  return db
    .select({ id: users.id, name: staffNameSql })
    .from(users)
    .where(and(eq(users.role, 'fitter'), isNull(users.disabledAt)))
    .orderBy(asc(sql`lower(${staffNameSql})`));
}

async function findAccount(db: Database, id: number): Promise<StaffAccount | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return row ? toAccount(row) : null;
}

type NewAccountResult =
  { outcome: 'created'; account: StaffAccount; token: string; expiresAt: Date } | { outcome: 'taken' };

/** Adds an account without a password, and its set-up link. */
export async function createAccount(
  db: Database,
  { username, displayName, role }: { username: string; displayName?: string | null; role: StaffRole },
  now: Date,
): Promise<NewAccountResult> {
  let id: number;
  try {
    const [row] = await db
      .insert(users)
      .values({
        username,
        displayName: displayName ?? null,
        role,
        passwordHash: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'taken' };
    throw error;
  }
  const { token, expiresAt } = await createSetupToken(db, id, now);
  return { outcome: 'created', account: (await findAccount(db, id))!, token, expiresAt };
}

/** Active owners: owners whose account is not disabled. */
async function activeOwners(db: Database, except?: number): Promise<number> {
  const [row] = await db
    .select({ owners: count() })
    .from(users)
    .where(and(eq(users.role, 'owner'), isNull(users.disabledAt), except ? ne(users.id, except) : undefined));
  return row?.owners ?? 0;
}

type AccountChange = { displayName?: string | null; role?: StaffRole; disabled?: boolean };

type AccountChangeResult =
  | { outcome: 'changed'; account: StaffAccount; before: StaffAccount }
  | { outcome: 'not-found' }
  | { outcome: 'last-owner' };

/**
 * Changes an account's display name or role, or disables or enables it. A change that would leave no active owner
 * is refused; every such change holds one lock, so two owners demoting each other at once cannot
 * both succeed. Disabling ends all the account's sessions at once.
 */
export async function changeAccount(
  db: Database,
  id: number,
  change: AccountChange,
  now: Date,
): Promise<AccountChangeResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${accountsLockKey})`);
    const before = await findAccount(tx, id);
    if (!before) return { outcome: 'not-found' };
    const role = change.role ?? before.role;
    const disabled = change.disabled ?? before.disabled;
    const staysActiveOwner = role === 'owner' && !disabled;
    if (
      before.role === 'owner' &&
      !before.disabled &&
      !staysActiveOwner &&
      (await activeOwners(tx, id)) === 0
    ) {
      return { outcome: 'last-owner' };
    }
    await tx
      .update(users)
      .set({
        ...(change.displayName !== undefined && { displayName: change.displayName }),
        role,
        disabledAt: disabled ? (before.disabled ? sql`${users.disabledAt}` : now) : null,
        updatedAt: now,
      })
      .where(eq(users.id, id));
    if (disabled) await tx.delete(sessions).where(eq(sessions.userId, id));
    return { outcome: 'changed', account: (await findAccount(tx, id))!, before };
  });
}

/** Deletes an account; what its person wrote keeps their name. Refused for the last active owner. */
export async function deleteAccount(
  db: Database,
  id: number,
): Promise<
  { outcome: 'deleted'; account: StaffAccount } | { outcome: 'not-found' } | { outcome: 'last-owner' }
> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${accountsLockKey})`);
    const account = await findAccount(tx, id);
    if (!account) return { outcome: 'not-found' };
    if (account.role === 'owner' && !account.disabled && (await activeOwners(tx, id)) === 0) {
      return { outcome: 'last-owner' };
    }
    await tx.delete(users).where(eq(users.id, id));
    return { outcome: 'deleted', account };
  });
}

/**
 * Resets an account's access: its password, two-factor sign-in and recovery codes are cleared,
 * every session ends, and a new set-up link is made, with which the person starts again (as after
 * losing their phone). Null when there is no such account.
 */
export async function resetAccess(
  db: Database,
  id: number,
  now: Date,
): Promise<{ account: StaffAccount; token: string; expiresAt: Date } | null> {
  const reset = await db.transaction(async (tx) => {
    const cleared = await tx
      .update(users)
      .set({
        passwordHash: null,
        twoFactorSecret: null,
        twoFactorPendingSecret: null,
        twoFactorLastStep: null,
        updatedAt: now,
      })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (cleared.length === 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    return true;
  });
  if (!reset) return null;
  const { token, expiresAt } = await createSetupToken(db, id, now);
  return { account: (await findAccount(db, id))!, token, expiresAt };
}

export async function readSecuritySettings(db: Database): Promise<SecuritySettings> {
  const [row] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, securitySettingsKey));
  const value = row?.value as Partial<SecuritySettings> | undefined;
  return { requireTwoFactor: value?.requireTwoFactor === true };
}

export async function writeSecuritySettings(
  db: Database,
  settings: SecuritySettings,
  now: Date,
): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key: securitySettingsKey, value: settings, updatedAt: now })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: settings, updatedAt: now } });
}

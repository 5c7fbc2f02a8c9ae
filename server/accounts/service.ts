import crypto from 'node:crypto';
import { and, asc, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  isStaffRole,
  setupLinkHours,
  type SecuritySettings,
  type StaffAccount,
  type StaffRole,
} from '#common/accounts/accounts.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { accountSetupTokens, appMeta, recoveryCodes, sessions, users } from '../db/schema.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { weakPasswordReason } from '../auth/password-policy.ts';
import { createSession, endSessionsOf } from '../auth/sessions.ts';
import { securitySettingsKey, staffUserColumns, toStaffUser } from '../auth/staff-user.ts';
import { acceptedStep, hashRecoveryCode, newRecoveryCodes, newTwoFactorSecret } from '../auth/two-factor.ts';
import { useSecondFactor } from '../auth/service.ts';
import { beginProofAttempt, forgiveProofFailures } from '../auth/throttle.ts';

/** An arbitrary fixed key: the advisory lock every change of roles and accounts holds. */
const accountsLockKey = 727_016;

const accountColumns = {
  id: users.id,
  username: users.username,
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

export async function findAccount(db: Database, id: number): Promise<StaffAccount | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return row ? toAccount(row) : null;
}

/** A set-up link: `/account-setup/{token}` on the public site. */
export const setupLinkUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/account-setup/${token}`;

export const hashSetupToken = (token: string): string =>
  crypto.createHash('sha256').update(`account-setup:${token}`).digest('hex');

/**
 * A new one-time set-up link for the account (any earlier one stops working): 256 random bits,
 * of which only a hash is stored. Returns the token and when it expires.
 */
export async function createSetupToken(
  db: Database,
  userId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + setupLinkHours * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    await tx.delete(accountSetupTokens).where(eq(accountSetupTokens.userId, userId));
    await tx
      .insert(accountSetupTokens)
      .values({ tokenHash: hashSetupToken(token), userId, createdAt: now, expiresAt });
  });
  return { token, expiresAt };
}

export type NewAccountResult =
  { outcome: 'created'; account: StaffAccount; token: string; expiresAt: Date } | { outcome: 'taken' };

/** Adds an account without a password, and its set-up link. */
export async function createAccount(
  db: Database,
  { username, role }: { username: string; role: StaffRole },
  now: Date,
): Promise<NewAccountResult> {
  let id: number;
  try {
    const [row] = await db
      .insert(users)
      .values({ username, role, passwordHash: null, createdAt: now, updatedAt: now })
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

export type AccountChange = { role?: StaffRole; disabled?: boolean };

export type AccountChangeResult =
  | { outcome: 'changed'; account: StaffAccount; before: StaffAccount }
  | { outcome: 'not-found' }
  | { outcome: 'last-owner' };

/**
 * Changes an account's role or disables or enables it. A change that would leave no active owner
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

/** Whose set-up link this is, while it works. */
export async function findSetupToken(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ userId: users.id, username: users.username, expiresAt: accountSetupTokens.expiresAt })
    .from(accountSetupTokens)
    .innerJoin(users, eq(users.id, accountSetupTokens.userId))
    .where(
      and(eq(accountSetupTokens.tokenHash, hashSetupToken(token)), gt(accountSetupTokens.expiresAt, now)),
    );
  return row ?? null;
}

export type SetupResult =
  | { outcome: 'set-up'; user: ReturnType<typeof toStaffUser>; sessionToken: string }
  | { outcome: 'invalid-link' }
  | { outcome: 'weak'; reason: string };

/**
 * The person behind a set-up link chooses their password: the link is used up (in the same
 * transaction, so that two uses at once cannot both succeed) and they are signed in. A password
 * the policy refuses leaves the link as it was.
 */
export async function completeSetup(
  db: Database,
  token: string,
  password: string,
  now: Date,
  userAgent?: string,
): Promise<SetupResult> {
  const link = await findSetupToken(db, token, now);
  if (!link) return { outcome: 'invalid-link' };
  const weak = weakPasswordReason(password, link.username);
  if (weak) return { outcome: 'weak', reason: weak };
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const [used] = await tx
      .delete(accountSetupTokens)
      .where(
        and(eq(accountSetupTokens.tokenHash, hashSetupToken(token)), gt(accountSetupTokens.expiresAt, now)),
      )
      .returning({ userId: accountSetupTokens.userId });
    if (!used) return null;
    await tx
      .update(users)
      .set({ passwordHash, lastSignInAt: now, updatedAt: now })
      .where(eq(users.id, used.userId));
    return used.userId;
  });
  if (userId === null) return { outcome: 'invalid-link' };
  const sessionToken = await createSession(db, userId, now, { userAgent });
  const [row] = await db.select(staffUserColumns).from(users).where(eq(users.id, userId));
  return { outcome: 'set-up', user: toStaffUser(row!), sessionToken };
}

/** The signed-in account a request acts for, and the client it comes from. */
export type AccountRequest = { userId: number; username: string; clientAddress: string };

export type ProofVerdict =
  { outcome: 'right' } | { outcome: 'wrong' } | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * Checks what a signed-in account is asked again before a change a session alone must not make:
 * its password and, when given, a code of its second factor (spent when right: an app code's
 * time step, or a recovery code). Wrong proofs are counted per account (throttle.ts), so that
 * whoever holds a session cannot guess on; the verdict never says which part was wrong.
 */
export async function checkProof(
  db: Database,
  { userId, username, clientAddress }: AccountRequest,
  proof: { password: string; code?: string },
  now: Date,
): Promise<ProofVerdict> {
  const attempt = await beginProofAttempt(db, username, clientAddress, now);
  if (!attempt.allowed) return { outcome: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds };
  const [account] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  const right =
    Boolean(account?.passwordHash && (await verifyPassword(proof.password, account.passwordHash))) &&
    (proof.code === undefined || (await useSecondFactor(db, userId, proof.code, now)) !== null);
  if (!right) return { outcome: 'wrong' };
  await forgiveProofFailures(db, username);
  return { outcome: 'right' };
}

export type PasswordChangeResult =
  | { outcome: 'changed'; sessionsEnded: number }
  | { outcome: 'invalid'; fieldErrors: Record<string, string[]> }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * Changes the signed-in person's password (the current one required, and throttled as every
 * proof is); their other sessions end.
 */
export async function changePassword(
  db: Database,
  account: AccountRequest & { sessionToken: string },
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  now: Date,
  wrongCurrentPassword: string,
): Promise<PasswordChangeResult> {
  const proof = await checkProof(db, account, { password: currentPassword }, now);
  if (proof.outcome === 'throttled') return proof;
  if (proof.outcome === 'wrong') {
    return { outcome: 'invalid', fieldErrors: { currentPassword: [wrongCurrentPassword] } };
  }
  const weak = weakPasswordReason(newPassword, account.username);
  if (weak) return { outcome: 'invalid', fieldErrors: { newPassword: [weak] } };
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: now })
    .where(eq(users.id, account.userId));
  return {
    outcome: 'changed',
    sessionsEnded: await endSessionsOf(db, account.userId, account.sessionToken),
  };
}

/** Starts setting up two-factor sign-in: a new secret, kept aside until a first code confirms it. */
export async function beginTwoFactorSetup(db: Database, userId: number): Promise<string> {
  const secret = newTwoFactorSecret();
  await db.update(users).set({ twoFactorPendingSecret: secret }).where(eq(users.id, userId));
  return secret;
}

/**
 * Turns two-factor sign-in on once a code of the pending secret is right; returns the new
 * recovery codes (any earlier ones stop working), or null for a wrong code or no pending secret.
 */
export async function enableTwoFactor(
  db: Database,
  userId: number,
  code: string,
  now: Date,
): Promise<string[] | null> {
  const [account] = await db
    .select({ pending: users.twoFactorPendingSecret })
    .from(users)
    .where(eq(users.id, userId));
  if (!account?.pending) return null;
  const step = acceptedStep(account.pending, code, now, null);
  if (step === null) return null;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({
        twoFactorSecret: account.pending,
        twoFactorPendingSecret: null,
        twoFactorLastStep: step,
        updatedAt: now,
      })
      .where(and(eq(users.id, userId), eq(users.twoFactorPendingSecret, account.pending!)))
      .returning({ id: users.id });
    if (updated.length === 0) return null;
    return replaceRecoveryCodes(tx, userId);
  });
}

/** New recovery codes for the account, in place of all its earlier ones (used or not). */
async function replaceRecoveryCodes(tx: Database, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * New recovery codes for an account with two-factor sign-in on (the old ones, used or not, stop
 * working); null when it is off.
 */
export async function renewRecoveryCodes(db: Database, userId: number): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ secret: users.twoFactorSecret })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return account?.secret ? replaceRecoveryCodes(tx, userId) : null;
  });
}

/** Turns two-factor sign-in off, with its recovery codes. */
export async function disableTwoFactor(db: Database, userId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorLastStep: null, updatedAt: now })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
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

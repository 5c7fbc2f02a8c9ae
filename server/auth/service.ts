import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { StaffRole } from '#common/accounts/accounts.ts';
import type { LoginInput, RegistrationInput, StaffUser } from '#common/auth/auth.ts';
import { selectRows, type Database } from '../db/client.ts';
import { recoveryCodes, users } from '../db/schema.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { weakPasswordReason } from './password-policy.ts';
import { createSession, deleteSession, findPendingSignIn } from './sessions.ts';
import { staffUserColumns, toStaffUser } from './staff-user.ts';
import { hashRecoveryCode, acceptedStep } from './two-factor.ts';
import { trustedDevice } from './device-cookies.ts';
import { beginLoginAttempt, forgiveLoginFailures, loginAttemptKey, type LockScope } from './throttle.ts';

export const invalidLoginMessage = 'Invalid username or password';
export const tooManyLoginsMessage = 'Too many sign-in attempts. Please wait a while and try again.';

type LoginResult =
  | { outcome: 'signed-in'; user: StaffUser; token: string }
  /** The password was right; `token` is the pending sign-in's, which waits for a code. */
  | { outcome: 'two-factor'; user: StaffUser; token: string }
  /**
   * `user` when the username names an account (for the activity log), never told to the client;
   * `locked` when this failure was the last its username or device cookie was allowed.
   */
  | { outcome: 'refused'; user?: StaffUser; locked: LockScope | null }
  | { outcome: 'throttled'; retryAfterSeconds: number; user?: StaffUser };

/** The client as sign-in sees it; `deviceToken` is its device cookie, when it has one. */
export type SignInClient = { address: string; userAgent?: string; deviceToken?: string };

/**
 * Checks a username and password. A wrong username, a wrong password, an account not set up
 * and a disabled account give the same answer after the same work: without a password of its
 * own the password is checked against a decoy hash. With two-factor sign-in on, the right
 * password opens a pending sign-in that only a code completes; the attempt stays counted
 * against the throttling limits until it does, so that guessing codes costs attempts too.
 * A valid device cookie for the username moves the attempt from the username's limit to its own.
 */
export async function logIn(
  db: Database,
  { username, password }: LoginInput,
  client: SignInClient,
  now: Date,
): Promise<LoginResult> {
  const key = loginAttemptKey(
    username,
    client.address,
    await trustedDevice(db, client.deviceToken, username),
  );
  const [account] = await db
    .select({
      ...staffUserColumns,
      passwordHash: users.passwordHash,
      disabled: sql<boolean>`${users.disabledAt} is not null`,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, key.username))
    .limit(1);
  const user = account && toStaffUser(account);
  const attempt = await beginLoginAttempt(db, key, now);
  if (!attempt.allowed) return { outcome: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds, user };

  const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyPasswordHash()));
  if (!account || !user || !account.passwordHash || !matches || account.disabled)
    return { outcome: 'refused', user, locked: attempt.locksOnFailure };

  if (user.twoFactor) {
    const token = await createSession(db, user.id, now, { stage: 'two-factor', userAgent: client.userAgent });
    return { outcome: 'two-factor', user, token };
  }
  await forgiveLoginFailures(db, key);
  return { outcome: 'signed-in', user, token: await startSignedIn(db, user.id, now, client.userAgent) };
}

/** A session for a sign-in that has passed every check; the account's last sign-in moves on. */
async function startSignedIn(db: Database, userId: number, now: Date, userAgent?: string): Promise<string> {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
  return createSession(db, userId, now, { userAgent });
}

type TwoFactorSignInResult =
  | { outcome: 'signed-in'; user: StaffUser; token: string; recoveryCodeUsed: boolean }
  | { outcome: 'refused'; user: StaffUser; locked: LockScope | null }
  | { outcome: 'throttled'; retryAfterSeconds: number; user: StaffUser }
  /** No pending sign-in with that token: never started, expired or already completed. */
  | { outcome: 'expired' };

/**
 * Completes a pending sign-in with a code from the authenticator app or a recovery code. Every
 * try counts against the same limits as passwords; the pending sign-in gives way to a new
 * session with a token of its own.
 */
export async function completeTwoFactorSignIn(
  db: Database,
  pendingToken: string,
  code: string,
  client: SignInClient,
  now: Date,
): Promise<TwoFactorSignInResult> {
  const pending = await findPendingSignIn(db, pendingToken, now);
  if (!pending) return { outcome: 'expired' };
  const user = toStaffUser(pending);
  const key = loginAttemptKey(
    user.username,
    client.address,
    await trustedDevice(db, client.deviceToken, user.username),
  );
  const attempt = await beginLoginAttempt(db, key, now);
  if (!attempt.allowed) return { outcome: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds, user };

  const verdict = await useSecondFactor(db, user.id, code, now);
  if (!verdict) return { outcome: 'refused', user, locked: attempt.locksOnFailure };
  await forgiveLoginFailures(db, key);
  await deleteSession(db, pendingToken);
  return {
    outcome: 'signed-in',
    user,
    token: await startSignedIn(db, user.id, now, client.userAgent),
    recoveryCodeUsed: verdict === 'recovery-code',
  };
}

/**
 * Checks a code of the account's second factor and uses it up: a TOTP code's time step (no code
 * of that step or before works again) or a recovery code (never again). Each is a conditional
 * update, so two requests racing with one code cannot both pass. Null when it is not right.
 */
export async function useSecondFactor(
  db: Database,
  userId: number,
  code: string,
  now: Date,
): Promise<'app-code' | 'recovery-code' | null> {
  const [account] = await db
    .select({ secret: users.twoFactorSecret, lastStep: users.twoFactorLastStep })
    .from(users)
    .where(eq(users.id, userId));
  if (!account?.secret) return null;
  const step = acceptedStep(account.secret, code, now, account.lastStep);
  if (step !== null) {
    const used = await db
      .update(users)
      .set({ twoFactorLastStep: step })
      .where(
        and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))),
      )
      .returning({ id: users.id });
    return used.length > 0 ? 'app-code' : null;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0 ? 'recovery-code' : null;
}

export async function hasAnyUser(db: Database): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(users);
  return (row?.users ?? 0) > 0;
}

type CreateUserResult =
  | { outcome: 'created'; user: StaffUser }
  | { outcome: 'invalid'; fieldErrors: Record<string, string[]> }
  | { outcome: 'taken' }
  | { outcome: 'closed' };

export const usernameTakenMessage = 'That username is already in use';

/**
 * Adds a staff account with its password. With `onlyIfFirst`, it is added only while there is no
 * account at all (first-run registration): checked and inserted in one statement, so two people
 * racing to register on a fresh install cannot both become the first admin. The first account is
 * an owner.
 */
export async function createUser(
  db: Database,
  { username, password }: RegistrationInput,
  { onlyIfFirst, role }: { onlyIfFirst: boolean; role: StaffRole },
): Promise<CreateUserResult> {
  const weak = weakPasswordReason(password, username);
  if (weak) return { outcome: 'invalid', fieldErrors: { password: [weak] } };
  const passwordHash = await hashPassword(password);
  try {
    const inserted = await db.transaction(async (tx) => {
      // Serialises first-run registrations on PostgreSQL; PGlite runs one transaction at a time.
      if (onlyIfFirst) await tx.execute(sql`select pg_advisory_xact_lock(${firstUserLockKey})`);
      return selectRows<{ id: number }>(
        tx,
        sql`insert into ${users} (username, password_hash, role)
            select ${username}, ${passwordHash}, ${onlyIfFirst ? 'owner' : role}
            where ${onlyIfFirst ? sql`not exists (select 1 from ${users})` : sql`true`}
            returning id`,
      );
    });
    const [created] = inserted;
    if (!created) return { outcome: 'closed' };
    const [row] = await db.select(staffUserColumns).from(users).where(eq(users.id, created.id));
    return { outcome: 'created', user: toStaffUser(row!) };
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'taken' };
    throw error;
  }
}

/** Any constant: the advisory lock taken while the first account is created. */
const firstUserLockKey = 727_001;

import { count, eq, sql } from 'drizzle-orm';
import type { LoginInput, RegistrationInput, StaffUser } from '#common/auth.ts';
import { selectRows, type Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { weakPasswordReason } from './password-policy.ts';
import { createSession } from './sessions.ts';
import { beginLoginAttempt, forgiveLoginFailures, loginAttemptKey } from './throttle.ts';

export const invalidLoginMessage = 'Invalid username or password';
export const tooManyLoginsMessage = 'Too many sign-in attempts. Please wait a while and try again.';

export type LoginResult =
  | { outcome: 'signed-in'; user: StaffUser; token: string }
  | { outcome: 'refused' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * Checks a username and password. A wrong username and a wrong password give the same answer
 * after the same work: an unknown username is checked against a decoy hash.
 */
export async function logIn(
  db: Database,
  { username, password }: LoginInput,
  clientAddress: string,
  now: Date,
): Promise<LoginResult> {
  const key = loginAttemptKey(username, clientAddress);
  const attempt = await beginLoginAttempt(db, key, now);
  if (!attempt.allowed) return { outcome: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds };

  const [account] = await db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.username})`, key.username))
    .limit(1);
  const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyPasswordHash()));
  if (!account || !matches) return { outcome: 'refused' };

  await forgiveLoginFailures(db, key);
  const token = await createSession(db, account.id, now);
  return { outcome: 'signed-in', user: { id: account.id, username: account.username }, token };
}

export async function hasAnyUser(db: Database): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(users);
  return (row?.users ?? 0) > 0;
}

export type CreateUserResult =
  | { outcome: 'created'; user: StaffUser }
  | { outcome: 'invalid'; fieldErrors: Record<string, string[]> }
  | { outcome: 'taken' }
  | { outcome: 'closed' };

export const usernameTakenMessage = 'That username is already in use';

/**
 * Adds a staff account. With `onlyIfFirst`, it is added only while there is no account at all
 * (first-run registration): checked and inserted in one statement, so two people racing to
 * register on a fresh install cannot both become the first admin.
 */
export async function createUser(
  db: Database,
  { username, password }: RegistrationInput,
  { onlyIfFirst }: { onlyIfFirst: boolean },
): Promise<CreateUserResult> {
  const weak = weakPasswordReason(password, username);
  if (weak) return { outcome: 'invalid', fieldErrors: { password: [weak] } };
  const passwordHash = await hashPassword(password);
  try {
    const inserted = await db.transaction(async (tx) => {
      // Serialises first-run registrations on PostgreSQL; PGlite runs one transaction at a time.
      if (onlyIfFirst) await tx.execute(sql`select pg_advisory_xact_lock(${firstUserLockKey})`);
      return selectRows<StaffUser>(
        tx,
        sql`insert into ${users} (username, password_hash)
            select ${username}, ${passwordHash}
            where ${onlyIfFirst ? sql`not exists (select 1 from ${users})` : sql`true`}
            returning id, username`,
      );
    });
    const [user] = inserted;
    return user ? { outcome: 'created', user } : { outcome: 'closed' };
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'taken' };
    throw error;
  }
}

/** Any constant: the advisory lock taken while the first account is created. */
const firstUserLockKey = 727_001;

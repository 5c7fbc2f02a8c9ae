import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { setupLinkHours } from '#common/accounts/accounts.ts';
import type { Database } from '../db/client.ts';
import { accountSetupTokens, users } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { weakPasswordReason } from '../auth/password-policy.ts';
import { createSession } from '../auth/sessions.ts';
import { staffUserColumns, toStaffUser } from '../auth/staff-user.ts';

/**
 * Set-up links: the one-time link with which a new account's person (or one whose access was
 * reset) chooses a password and is signed in.
 */

/** A set-up link: `/account-setup/{token}` on the public site. */
export const setupLinkUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/account-setup/${token}`;

const hashSetupToken = (token: string): string =>
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

type SetupResult =
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

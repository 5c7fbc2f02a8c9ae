import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recoveryCodes, users } from '../db/schema.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { weakPasswordReason } from '../auth/password-policy.ts';
import { endSessionsOf } from '../auth/sessions.ts';
import { acceptedStep, hashRecoveryCode, newRecoveryCodes, newTwoFactorSecret } from '../auth/two-factor.ts';
import { useSecondFactor } from '../auth/service.ts';
import { beginProofAttempt, forgiveProofFailures } from '../auth/throttle.ts';

/**
 * The signed-in person's own account: proving it is them again before a sensitive change, their
 * password, and their two-factor sign-in with its recovery codes.
 */

/** The signed-in account a request acts for, and the client it comes from. */
type AccountRequest = { userId: number; username: string; clientAddress: string };

type ProofVerdict =
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

type PasswordChangeResult =
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

/** Sets or clears (null) the signed-in person's own display name. */
export async function setOwnDisplayName(
  db: Database,
  userId: number,
  displayName: string | null,
  now: Date,
): Promise<void> {
  await db.update(users).set({ displayName, updatedAt: now }).where(eq(users.id, userId));
}

import crypto from 'node:crypto';
import { and, desc, eq, gt, lt, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';

/**
 * Sign-in throttling (issue: staff sign-in). Failures are counted over a sliding window, per
 * username (however many clients try it) and per client (however many usernames it tries).
 */
export const loginThrottle = {
  windowMs: 15 * 60 * 1000,
  /** Failures for one username before further attempts are refused. */
  maxPerUsername: 5,
  /** Failures from one client, any usernames: above a person's typos, below a guessing robot. */
  maxPerClient: 10,
} as const;

export type LoginAttemptKey = { username: string; clientHash: string };

/** The client address is never stored, only a hash of it. */
export function loginAttemptKey(username: string, clientAddress: string): LoginAttemptKey {
  return {
    username: username.toLowerCase(),
    clientHash: crypto.createHash('sha256').update(`login-client:${clientAddress}`).digest('hex'),
  };
}

export type LoginAttempt =
  { allowed: true; attemptId: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Starts a sign-in attempt. It is written down as a failure before the password is checked,
 * so that a burst of parallel guesses is counted in full rather than each one seeing an empty
 * record; a successful attempt then clears it (`forgiveLoginFailures`). An attempt over a limit
 * is not recorded: waiting out the window is enough to be let in again.
 */
export async function beginLoginAttempt(
  db: Database,
  key: LoginAttemptKey,
  now: Date,
): Promise<LoginAttempt> {
  const [attempt] = await db
    .insert(loginFailures)
    .values({ ...key, occurredAt: now })
    .returning({ id: loginFailures.id });
  const attemptId = attempt!.id;
  const notThisAttempt = ne(loginFailures.id, attemptId);
  const waits = await Promise.all([
    secondsUntilBelowLimit(
      db,
      and(notThisAttempt, eq(loginFailures.username, key.username))!,
      loginThrottle.maxPerUsername,
      now,
    ),
    secondsUntilBelowLimit(
      db,
      and(notThisAttempt, eq(loginFailures.clientHash, key.clientHash))!,
      loginThrottle.maxPerClient,
      now,
    ),
  ]);
  const retryAfterSeconds = Math.max(...waits);
  if (retryAfterSeconds === 0) return { allowed: true, attemptId };
  await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
  return { allowed: false, retryAfterSeconds };
}

/**
 * Seconds until the failures matching `who` inside the window drop below `max`, 0 if they are
 * already below. The window slides: that is when the max-th most recent one leaves it.
 */
async function secondsUntilBelowLimit(db: Database, who: SQL, max: number, now: Date): Promise<number> {
  const [limiting] = await db
    .select({ occurredAt: loginFailures.occurredAt })
    .from(loginFailures)
    .where(and(who, gt(loginFailures.occurredAt, new Date(now.getTime() - loginThrottle.windowMs))))
    .orderBy(desc(loginFailures.occurredAt), desc(loginFailures.id))
    .offset(max - 1)
    .limit(1);
  if (!limiting) return 0;
  const liftsAt = limiting.occurredAt.getTime() + loginThrottle.windowMs;
  return Math.max(1, Math.ceil((liftsAt - now.getTime()) / 1000));
}

/** A successful sign-in forgives the username's failures (not the client's other ones). */
export async function forgiveLoginFailures(db: Database, key: LoginAttemptKey): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, key.username));
}

/** Deletes failures that have left the window. */
export async function pruneLoginFailures(db: Database, now: Date): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.occurredAt, new Date(now.getTime() - loginThrottle.windowMs)));
}

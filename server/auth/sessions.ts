import crypto from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { StaffUser } from '#common/auth.ts';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

/** A session ends after this long without a request (issue: staff sign-in). */
export const sessionIdleMs = 24 * 60 * 60 * 1000;
/** ... and this long after sign-in, however busy. */
export const sessionAbsoluteMs = 7 * 24 * 60 * 60 * 1000;
/** The last-seen time is written at most this often, not on every request. */
const touchIntervalMs = 60 * 1000;

export function hashSessionToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Starts a session: 256 random bits, of which only the SHA-256 is stored, so a copy of the
 * database does not let anyone in. Returns the token for the cookie.
 */
export async function createSession(db: Database, userId: number, now: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionAbsoluteMs),
  });
  return token;
}

/**
 * The user of a live session (neither past its absolute expiry nor idle too long), else null.
 * Using a session keeps it alive: its last-seen time moves on, at most once a minute.
 */
export function findSessionUser(db: Database, token: string, now: Date): Promise<StaffUser | null> {
  const tokenHash = hashSessionToken(token);
  // A dashboard fires several requests at once with the same cookie: they share one lookup.
  let inFlight = lookups.get(db);
  if (!inFlight) lookups.set(db, (inFlight = new Map()));
  const pending = inFlight.get(tokenHash);
  if (pending) return pending;
  const lookup = lookUpSession(db, tokenHash, now).finally(() => inFlight.delete(tokenHash));
  inFlight.set(tokenHash, lookup);
  return lookup;
}

const lookups = new WeakMap<Database, Map<string, Promise<StaffUser | null>>>();

async function lookUpSession(db: Database, tokenHash: string, now: Date): Promise<StaffUser | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - sessionIdleMs)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= touchIntervalMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { id: row.id, username: row.username };
}

/** Ends a session for good: its cookie no longer works, even if someone kept a copy. */
export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)));
}

/** Deletes sessions that can no longer be used. */
export async function pruneSessions(db: Database, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, sql`${new Date(now.getTime() - sessionIdleMs).toISOString()}::timestamptz`),
      ),
    );
}

import crypto from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { StaffUser } from '#common/auth/auth.ts';
import { keptFor } from '#common/util/kept-for.ts';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { keptState } from '../db/staff-data.ts';
import { staffUserColumns, toStaffUser } from './staff-user.ts';

/** A session ends after this long without a request. */
export const sessionIdleMs = 24 * 60 * 60 * 1000;
/** ... and this long after sign-in, however busy. */
export const sessionAbsoluteMs = 7 * 24 * 60 * 60 * 1000;
/** The last-seen time is written at most this often, not on every request. */
const touchIntervalMs = 60 * 1000;

export function hashSessionToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A pending sign-in (right password, waiting for a code) lasts this long. */
const pendingSignInMs = 5 * 60 * 1000;

/**
 * Starts a session: 256 random bits, of which only the SHA-256 is stored, so a copy of the
 * database does not let anyone in. Returns the token for the cookie. A `two-factor` session is a
 * pending sign-in, good for nothing but completing it within `pendingSignInMs`.
 */
export async function createSession(
  db: Database,
  userId: number,
  now: Date,
  { stage = 'active', userAgent }: { stage?: 'active' | 'two-factor'; userAgent?: string } = {},
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    stage,
    userAgent: userAgent?.slice(0, 512) || null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (stage === 'active' ? sessionAbsoluteMs : pendingSignInMs)),
  });
  return token;
}

/** The account of a pending sign-in that has not expired, if its account may still sign in. */
export async function findPendingSignIn(db: Database, token: string, now: Date) {
  const [row] = await db
    .select(staffUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        eq(sessions.stage, 'two-factor'),
        gt(sessions.expiresAt, now),
        isNull(users.disabledAt),
        isNotNull(users.twoFactorSecret),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * How long a session found live is kept in memory (and so how long its last-seen time may wait to
 * move on): within the touch interval, so that a busy session still moves on once a minute or so.
 */
const sessionKeptMs = 30 * 1000;
/** Sessions kept at most; past it they are all forgotten (staff are a handful, not thousands). */
const sessionsKeptAtMost = 5_000;

/**
 * Live sessions' users, kept in this process for `sessionKeptMs` (never past the session's own
 * expiry) so that a busy day's requests are not each a query: kept only while the database's
 * announcements of ended sessions and changed accounts are heard (db/staff-data.ts), each of which
 * forgets them all. Pending sign-ins and unknown tokens are never kept.
 */
export function createSessionMemory() {
  const kept = new Map<string, { user: StaffUser; until: number }>();
  const state = keptState(() => kept.clear());
  return {
    forget: state.forget,
    suspend: state.suspend,
    resume: state.resume,
    /** The kept user of a session, while it is kept. */
    find(tokenHash: string, now: Date): StaffUser | undefined {
      const entry = kept.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until > now.getTime()) return entry.user;
      kept.delete(tokenHash);
      return undefined;
    },
    /** The generation a lookup starts in, to be given back to `keep`. */
    get generation() {
      return state.generation;
    },
    /** Keeps what a lookup begun in `generation` found, unless something changed since. */
    keep(tokenHash: string, user: StaffUser, until: number, generation: number) {
      if (!state.heard || generation !== state.generation) return;
      if (kept.size >= sessionsKeptAtMost) kept.clear();
      kept.set(tokenHash, { user, until });
    },
  };
}

export type SessionMemory = ReturnType<typeof createSessionMemory>;

/**
 * The user of a live session (neither past its absolute expiry nor idle too long), else null.
 * Using a session keeps it alive: its last-seen time moves on, at most once a minute.
 */
export function findSessionUser(
  db: Database,
  token: string,
  now: Date,
  memory?: SessionMemory,
): Promise<StaffUser | null> {
  const tokenHash = hashSessionToken(token);
  const known = memory?.find(tokenHash, now);
  if (known) return Promise.resolve(known);
  // A dashboard fires several requests at once with the same cookie: they share one lookup.
  const inFlight = keptFor(lookups, db, () => new Map());
  const pending = inFlight.get(tokenHash);
  if (pending) return pending;
  const generation = memory?.generation ?? 0;
  const lookup = lookUpSession(db, tokenHash, now)
    .then((found) => {
      if (!found) return null;
      memory?.keep(
        tokenHash,
        found.user,
        Math.min(now.getTime() + sessionKeptMs, found.expiresAt.getTime()),
        generation,
      );
      return found.user;
    })
    .finally(() => inFlight.delete(tokenHash));
  inFlight.set(tokenHash, lookup);
  return lookup;
}

const lookups = new WeakMap<Database, Map<string, Promise<StaffUser | null>>>();

async function lookUpSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ user: StaffUser; expiresAt: Date } | null> {
  const [row] = await db
    .select({ ...staffUserColumns, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.stage, 'active'),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - sessionIdleMs)),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= touchIntervalMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { user: toStaffUser(row), expiresAt: row.expiresAt };
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

/** The account's signed-in sessions (not pending sign-ins), most recently used first. */
export async function listSessions(db: Database, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.stage, 'active'),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - sessionIdleMs)),
      ),
    )
    .orderBy(sql`${sessions.lastSeenAt} desc`, sql`${sessions.id} desc`);
}

/** Ends one of the account's sessions by its id; false when it has none such. */
export async function endSession(db: Database, userId: number, id: number): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the account but the one with `keepToken` (all of them without it). */
export async function endSessionsOf(db: Database, userId: number, keepToken?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        keepToken ? ne(sessions.tokenHash, hashSessionToken(keepToken)) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';
import { clientKey } from '../http/client-key.ts';

/**
 * Sign-in throttling. Failures are counted over a sliding window, per username (however many
 * clients try it) and per client (however many usernames it tries). A browser that signed in to
 * the account before (a valid device cookie) is counted on its own instead, so that strangers
 * guessing a username cannot keep its owner out.
 */
export const loginThrottle = {
  windowMs: 15 * 60 * 1000,
  /** Failures for one username, from clients without its device cookie, before further attempts are refused. */
  maxPerUsername: 5,
  /** Failures from one client, any usernames: above a person's typos, below a guessing robot. */
  maxPerClient: 10,
  /** Failures with one device cookie before it is refused too. */
  maxPerDevice: 5,
  /** Wrong passwords or codes asked again inside a session (re-authentication), per account. */
  maxProofsPerAccount: 5,
} as const;

type LoginAttemptKey = {
  username: string;
  clientHash: string;
  /** The hash of a valid device cookie's nonce for this username, or null. */
  device: string | null;
};

/** What a failure of this attempt locks out, if it is the last one a limit allows. */
export type LockScope = 'username' | 'device';

/** The client address is never stored, only a hash of it (an IPv6 address's /64: http/client-key.ts). */
export function loginAttemptKey(
  username: string,
  clientAddress: string,
  device: string | null = null,
): LoginAttemptKey {
  return {
    username: username.toLowerCase(),
    clientHash: crypto
      .createHash('sha256')
      .update(`login-client:${clientKey(clientAddress)}`)
      .digest('hex'),
    device,
  };
}

type LoginAttempt =
  | { allowed: true; attemptId: number; locksOnFailure: LockScope | null }
  | { allowed: false; retryAfterSeconds: number };

type Limit = { who: SQL; max: number; scope: LockScope | null };

const signIns = eq(loginFailures.kind, 'sign-in');

/** The limits a sign-in attempt counts against: its device cookie's alone, or the username's and the client's. */
function signInLimits(key: LoginAttemptKey): Limit[] {
  if (key.device !== null) {
    return [
      {
        who: and(signIns, eq(loginFailures.device, key.device))!,
        max: loginThrottle.maxPerDevice,
        scope: 'device',
      },
    ];
  }
  const untrusted = and(signIns, isNull(loginFailures.device))!;
  return [
    {
      who: and(untrusted, eq(loginFailures.username, key.username))!,
      max: loginThrottle.maxPerUsername,
      scope: 'username',
    },
    {
      who: and(untrusted, eq(loginFailures.clientHash, key.clientHash))!,
      max: loginThrottle.maxPerClient,
      scope: null,
    },
  ];
}

/**
 * Starts a sign-in attempt. It is written down as a failure before the password is checked,
 * so that a burst of parallel guesses is counted in full rather than each one seeing an empty
 * record; a successful attempt then clears it (`forgiveLoginFailures`). An attempt over a limit
 * is not recorded: waiting out the window is enough to be let in again.
 */
export function beginLoginAttempt(db: Database, key: LoginAttemptKey, now: Date): Promise<LoginAttempt> {
  return beginAttempt(db, { ...key, kind: 'sign-in' }, signInLimits(key), now);
}

/** A successful sign-in forgives the failures it was counted with (not the client's other ones). */
export async function forgiveLoginFailures(db: Database, key: LoginAttemptKey): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      and(
        signIns,
        key.device === null
          ? and(eq(loginFailures.username, key.username), isNull(loginFailures.device))
          : eq(loginFailures.device, key.device),
      ),
    );
}

const proofsOf = (username: string) =>
  and(eq(loginFailures.kind, 'proof'), eq(loginFailures.username, username.toLowerCase()))!;

/**
 * Starts a check of the password (or a code) asked again of a signed-in account: counted per
 * account, apart from sign-ins, so that whoever holds a session can try only a few.
 */
export function beginProofAttempt(
  db: Database,
  username: string,
  clientAddress: string,
  now: Date,
): Promise<LoginAttempt> {
  const key = loginAttemptKey(username, clientAddress);
  return beginAttempt(
    db,
    { ...key, kind: 'proof' },
    [{ who: proofsOf(username), max: loginThrottle.maxProofsPerAccount, scope: null }],
    now,
  );
}

/** The right proof forgives the account's earlier wrong ones. */
export async function forgiveProofFailures(db: Database, username: string): Promise<void> {
  await db.delete(loginFailures).where(proofsOf(username));
}

async function beginAttempt(
  db: Database,
  row: LoginAttemptKey & { kind: 'sign-in' | 'proof' },
  limits: Limit[],
  now: Date,
): Promise<LoginAttempt> {
  const [attempt] = await db
    .insert(loginFailures)
    .values({ ...row, occurredAt: now })
    .returning({ id: loginFailures.id });
  const attemptId = attempt!.id;
  const notThisAttempt = ne(loginFailures.id, attemptId);
  const verdicts = await Promise.all(
    limits.map((limit) => standing(db, and(notThisAttempt, limit.who)!, limit.max, now)),
  );
  const retryAfterSeconds = Math.max(...verdicts.map((verdict) => verdict.retryAfterSeconds));
  if (retryAfterSeconds === 0) {
    const locking = limits.find((limit, index) => limit.scope && verdicts[index]!.lastAllowed);
    return { allowed: true, attemptId, locksOnFailure: locking?.scope ?? null };
  }
  await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
  return { allowed: false, retryAfterSeconds };
}

/**
 * Where the failures matching `who` inside the window stand against `max`: the seconds until they
 * drop below it (0 if they are already below; the window slides, so that is when the max-th most
 * recent one leaves it), and whether one more failure reaches it.
 */
async function standing(
  db: Database,
  who: SQL,
  max: number,
  now: Date,
): Promise<{ retryAfterSeconds: number; lastAllowed: boolean }> {
  const recent = await db
    .select({ occurredAt: loginFailures.occurredAt })
    .from(loginFailures)
    .where(and(who, gt(loginFailures.occurredAt, new Date(now.getTime() - loginThrottle.windowMs))))
    .orderBy(desc(loginFailures.occurredAt), desc(loginFailures.id))
    .limit(max);
  const limiting = recent[max - 1];
  if (!limiting) return { retryAfterSeconds: 0, lastAllowed: recent.length === max - 1 };
  const liftsAt = limiting.occurredAt.getTime() + loginThrottle.windowMs;
  return { retryAfterSeconds: Math.max(1, Math.ceil((liftsAt - now.getTime()) / 1000)), lastAllowed: false };
}

/** Deletes failures that have left the window. */
export async function pruneLoginFailures(db: Database, now: Date): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.occurredAt, new Date(now.getTime() - loginThrottle.windowMs)));
}

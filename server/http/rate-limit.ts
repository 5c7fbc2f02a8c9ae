import { lt, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';

export type RateLimit = {
  /** Counters of different limits never mix: `enquiry`, `login-user`, ... */
  scope: string;
  max: number;
  windowMs: number;
};

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One hit of a client against a limit: the counter it adds to, and how to read the new count. */
export type RateLimitHit = {
  /** The counter's key (scope and client) and window, as `countHits` takes them. */
  key: string;
  windowStart: string;
  max: number;
  /** What to answer when the returned count is over the limit. */
  verdict(hits: number): RateLimitResult;
};

/**
 * Counts one hit for each row of `hits` (a relation with the columns `key` and `window_start`,
 * each pair at most once) and returns `key, window_start, hits` with the new counts. Insert or
 * increment in one statement, so concurrent requests, from any number of server processes, are
 * counted exactly. The counters are locked in key order, so two such statements never deadlock.
 */
export const countHits = (hits: SQL) =>
  sql`insert into ${rateLimitCounters} (key, window_start, hits)
    select key, window_start, 1 from ${hits} order by key, window_start
    on conflict (key, window_start) do update set hits = ${rateLimitCounters}.hits + 1
    returning key, window_start, hits`;

/**
 * The counter an item's hit adds to, as a group commit's key (db/group-commit.ts): a batch counted
 * by `countHits` holds each pair at most once, so a client's second item goes in the next
 * statement and sees the first one's count, as it would have alone.
 */
export const hitCounterOf = ({ hit }: { hit: RateLimitHit }) => `${hit.key} ${hit.windowStart}`;

/** The fixed window of `windowMs` that `now` falls in, and the whole seconds left until it ends. */
export function fixedWindow(now: Date, windowMs: number): { start: number; retryAfterSeconds: number } {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
}

/** One hit for `key` in the current fixed window of `limit`. */
export function rateLimitHit(limit: RateLimit, key: string, now: Date): RateLimitHit {
  const window = fixedWindow(now, limit.windowMs);
  return {
    key: `${limit.scope}:${key}`,
    windowStart: new Date(window.start).toISOString(),
    max: limit.max,
    verdict: (hits) =>
      hits <= limit.max ? { allowed: true } : { allowed: false, retryAfterSeconds: window.retryAfterSeconds },
  };
}

/** Deletes counters of windows that began before `before` (run now and then). */
export async function pruneRateLimitCounters(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
}

/**
 * Counts one hit on its own (a request with no statement of its own to count it in, such as a
 * vehicle look-up) and answers whether it is within the limit.
 */
export async function countHit(db: Database, hit: RateLimitHit): Promise<RateLimitResult> {
  const rows = await selectRows<{ hits: number }>(
    db,
    countHits(
      sql`(select ${hit.key}::text as key, ${hit.windowStart}::timestamptz as window_start) as input`,
    ),
  );
  return hit.verdict(Number(rows[0]!.hits));
}

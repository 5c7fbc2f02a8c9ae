import { lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';

export type RateLimit = {
  /** Counters of different limits never mix: `enquiry`, `login-user`, ... */
  scope: string;
  max: number;
  windowMs: number;
};

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One hit of a client against a limit, as a statement that counts it and returns `hits`. */
export type RateLimitHit = {
  /** `insert ... returning hits`: usable alone or as a CTE of a larger statement. */
  statement: SQL;
  max: number;
  /** What to answer when the returned count is over the limit. */
  verdict(hits: number): RateLimitResult;
};

/**
 * Counts one hit for `key` in the current fixed window. Insert or increment in one statement,
 * so concurrent requests, from any number of server processes, are counted exactly.
 */
export function rateLimitHit(limit: RateLimit, key: string, now = new Date()): RateLimitHit {
  const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
  const windowEnd = windowStart.getTime() + limit.windowMs;
  return {
    statement: sql`insert into ${rateLimitCounters} (key, window_start, hits)
      values (${`${limit.scope}:${key}`}, ${windowStart.toISOString()}, 1)
      on conflict (key, window_start) do update set hits = ${rateLimitCounters}.hits + 1
      returning hits`,
    max: limit.max,
    verdict: (hits) =>
      hits <= limit.max
        ? { allowed: true }
        : {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
          },
  };
}

/** Deletes counters of windows that began before `before` (run now and then). */
export async function pruneRateLimitCounters(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
}

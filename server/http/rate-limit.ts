import { and, lt, sql } from 'drizzle-orm';
import type { RequestHandler } from 'express';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';
import { HttpError } from './errors.ts';

export type RateLimit = {
  /** Counters of different limits never mix: `enquiry`, `login-user`, ... */
  scope: string;
  max: number;
  windowMs: number;
};

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit for `key` in the current fixed window and says whether it is within the limit.
 * One statement (insert or increment), so concurrent requests, from any number of server
 * processes, are counted exactly.
 */
export async function hitRateLimit(
  db: Database,
  limit: RateLimit,
  key: string,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
  const [counter] = await db
    .insert(rateLimitCounters)
    .values({ key: `${limit.scope}:${key}`, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  if (counter!.hits <= limit.max) return { allowed: true };
  const windowEnd = windowStart.getTime() + limit.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)) };
}

/** Deletes counters of windows that ended before `before` (run now and then). */
export async function pruneRateLimitCounters(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(and(lt(rateLimitCounters.windowStart, before)));
}

/**
 * Express middleware: one hit per request from the same client address. Over the limit it
 * answers 429 with Retry-After and `message`, a sentence a person can act on.
 */
export function rateLimitByClient(db: Database, limit: RateLimit, message: string): RequestHandler {
  return async (req, res, next) => {
    const result = await hitRateLimit(db, limit, req.ip ?? 'unknown');
    if (result.allowed) return next();
    res.setHeader('Retry-After', String(result.retryAfterSeconds));
    throw new HttpError(429, message);
  };
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/support/database.ts';
import { selectRows, type DatabaseHandle } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';
import { countHits, pruneRateLimitCounters, rateLimitHit } from './rate-limit.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const limit = { scope: 'test', max: 2, windowMs: 10 * 60 * 1000 };
const hit = async (key: string, now: Date) => {
  const counted = rateLimitHit(limit, key, now);
  const [row] = await selectRows<{ hits: number }>(
    database.db,
    countHits(sql`(values (${counted.key}, ${counted.windowStart}::timestamptz)) as hit (key, window_start)`),
  );
  return counted.verdict(row!.hits);
};

describe('fixed-window rate limits', () => {
  it('allows the limit, then says how long until the window ends, and starts again after it', async () => {
    const start = new Date('2026-11-22T10:00:00Z');
    expect(await hit('a', start)).toEqual({ allowed: true });
    expect(await hit('a', new Date('2026-11-22T10:01:00Z'))).toEqual({ allowed: true });
    expect(await hit('a', new Date('2026-11-22T10:07:30Z'))).toEqual({
      allowed: false,
      retryAfterSeconds: 150,
    });
    expect(await hit('b', new Date('2026-11-22T10:07:30Z'))).toEqual({ allowed: true });
    expect(await hit('a', new Date('2026-11-22T10:10:00Z'))).toEqual({ allowed: true });
  });

  it('prunes the counters of old windows only', async () => {
    await pruneRateLimitCounters(database.db, new Date('2026-11-22T10:05:00Z'));
    const left = await database.db.select().from(rateLimitCounters);
    expect(left.map((row) => row.windowStart.toISOString())).toEqual(['2026-11-22T10:10:00.000Z']);
  });
});

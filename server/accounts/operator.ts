import { eq, sql } from 'drizzle-orm';
import { recordActivity } from '../activity/service.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { setupLinkUrl } from './setup-links.ts';
import { resetAccess } from './staff-accounts.ts';

/** What `npm run admin:reset` hands over: the one-time set-up link and when it expires (ISO 8601). */
export type ResetLink = { setupUrl: string; expiresAt: string };

/** The account named could not be reset; the message is for the operator. */
export class NoSuchAccountError extends Error {
  constructor(username: string) {
    super(`There is no account named "${username}".`);
    this.name = 'NoSuchAccountError';
  }
}

/**
 * `npm run admin:reset`: the operator's recovery of an account (an owner who lost their phone):
 * its password, two-factor sign-in and sessions go, and a one-time set-up link is made, to be
 * handed over. Recorded in the activity log as done by the operator.
 */
export async function resetAccessByUsername(
  db: Database,
  username: string,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<ResetLink> {
  const [account] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()));
  if (!account) throw new NoSuchAccountError(username.trim());
  const reset = await resetAccess(db, account.id, now);
  if (!reset) throw new NoSuchAccountError(username.trim());
  await recordActivity(db, {
    actor: null,
    kind: 'access-reset',
    target: `account ${account.username}`,
    detail: { by: 'operator' },
    at: now,
  });
  return { setupUrl: setupLinkUrl(publicUrl, reset.token), expiresAt: reset.expiresAt.toISOString() };
}

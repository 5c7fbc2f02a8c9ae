import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Request, RequestHandler } from 'express';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

/** Name of the cookie holding the session token (the token itself is never stored). */
export const sessionCookie = 'session';

/** A session ends after this long without a request (DESIGN.md, sessions). */
export const sessionIdleMs = 24 * 60 * 60 * 1000;

export type SignedInUser = { id: number; username: string };

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in staff member, set by `requireUser`. */
    user?: SignedInUser;
  }
}

export function hashSessionToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return undefined;
}

/** The user of a live session (neither expired nor idle too long), else null. */
export async function findSessionUser(
  db: Database,
  token: string,
  now = new Date(),
): Promise<SignedInUser | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - sessionIdleMs)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The one guard of every staff-only endpoint: without a live session the answer is 401 and the
 * handler never runs.
 */
export function requireUser(db: Database): RequestHandler {
  return async (req, _res, next) => {
    const token = readCookie(req, sessionCookie);
    const user = token ? await findSessionUser(db, token) : null;
    if (!user) throw new HttpError(401, 'Please sign in to continue.');
    req.user = user;
    next();
  };
}

import crypto from 'node:crypto';
import type { EnquiryInput } from '#common/enquiry.ts';
import { hashSessionToken, sessionCookie } from '#server/auth/guard.ts';
import type { Database } from '#server/db/client.ts';
import { enquiries, outbox, rateLimitCounters, sessions, users } from '#server/db/schema.ts';

let sequence = 0;

/** A valid enquiry form payload; override any field. */
export function makeEnquiry(overrides: Partial<Record<keyof EnquiryInput | 'website', unknown>> = {}) {
  sequence += 1;
  return {
    name: `Customer ${sequence}`,
    phone: '07700 900123',
    email: `customer${sequence}@example.com`,
    vehicle: 'Ford Focus 2019',
    service: 'puncture-repair',
    message: 'Nail in the rear tyre, parked at work in Romford.',
    ...overrides,
  };
}

/**
 * A staff member with a live session, as sign-in will create them. Returns the Cookie header
 * value that authenticates as them.
 */
export async function signedInStaff(db: Database, username = `staff${++sequence}`) {
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash: 'not-a-real-hash' })
    .returning({ id: users.id });
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return { userId: user!.id, cookie: `${sessionCookie}=${token}` };
}

/** Empties what enquiry submissions write, so each test starts from no enquiries and no counts. */
export async function clearEnquiries(db: Database) {
  await db.delete(outbox);
  await db.delete(enquiries);
  await db.delete(rateLimitCounters);
}

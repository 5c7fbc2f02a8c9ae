import type { StaffRole } from '#common/accounts/accounts.ts';
import type { EnquiryInput } from '#common/enquiries/enquiry.ts';
import { adminRequestHeader } from '#common/http/api.ts';
import { sessionCookieName } from '#server/auth/cookies.ts';
import { createSession } from '#server/auth/sessions.ts';
import type { Database } from '#server/db/client.ts';
import { enquiries, outbox, rateLimitCounters, users } from '#server/db/schema.ts';
import { testOrigin } from './app.ts';

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

/** What a page of this site sends with a staff request that changes something (CSRF guard). */
export const sameOriginHeaders = { [adminRequestHeader.name]: adminRequestHeader.value, Origin: testOrigin };

/**
 * A member of staff (an owner unless `role` says otherwise) with a live session, without a usable password (sign-in itself is tested with
 * real accounts). `cookie` authenticates as them; `headers` adds what the site's pages send.
 */
export async function signedInStaff(
  db: Database,
  username = `staff${++sequence}`,
  now = new Date(),
  role: StaffRole = 'owner',
) {
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash: 'no-password', role })
    .returning({ id: users.id });
  const cookie = `${sessionCookieName(testOrigin)}=${await createSession(db, user!.id, now)}`;
  return { userId: user!.id, username, role, cookie, headers: { Cookie: cookie, ...sameOriginHeaders } };
}

/** Empties what enquiry submissions write, so each test starts from no enquiries and no counts. */
export async function clearEnquiries(db: Database) {
  await db.delete(outbox);
  await db.delete(enquiries);
  await db.delete(rateLimitCounters);
}

import { sql } from 'drizzle-orm';
import type { StaffUser } from '#common/auth/auth.ts';
import type { ErasureCounts, PersonalDataExport } from '#common/privacy/privacy.ts';
import type { Database } from '../db/client.ts';
import { bookings, enquiries, outbox, privacyErasures } from '../db/schema.ts';
import { listBookingsOf } from '../bookings/records.ts';
import { listEnquiriesOf } from '../enquiries/read.ts';
import { anonymiseInvoicesOf, jobsOfBookings } from '../jobs/privacy.ts';

const sameEmail = (column: typeof enquiries.email | typeof bookings.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

export async function exportSubject(db: Database, email: string, now: Date): Promise<PersonalDataExport> {
  const subjectBookings = await listBookingsOf(db, sameEmail(bookings.email, email));
  return {
    email,
    exportedAt: now.toISOString(),
    enquiries: await listEnquiriesOf(db, sameEmail(enquiries.email, email)),
    bookings: subjectBookings,
    jobs: await jobsOfBookings(
      db,
      subjectBookings.map((booking) => booking.id),
    ),
  };
}

/**
 * Erases everything stored about one e-mail address (UK GDPR article 17): the enquiries (their
 * notes and changes of status go with them, their bookings with their jobs, records and photos)
 * and the notifications that carry their fields, sent or not. Invoices stay for the accounts,
 * without the person's details (jobs/privacy.ts). The erasure itself is recorded with who did it
 * and how many records went, never whose.
 */
export async function eraseSubject(db: Database, email: string, actor: StaffUser): Promise<ErasureCounts> {
  return db.transaction(async (tx) => {
    const notifications = await tx
      .delete(outbox)
      .where(
        sql`lower(coalesce(${outbox.payload} -> 'enquiry', ${outbox.payload} -> 'booking') ->> 'email') = lower(${email})`,
      )
      .returning({ id: outbox.id });
    const bookingIds = (
      await tx.select({ id: bookings.id }).from(bookings).where(sameEmail(bookings.email, email))
    ).map((row) => row.id);
    const anonymised = await anonymiseInvoicesOf(tx, bookingIds);
    const erased = await tx
      .delete(enquiries)
      .where(sameEmail(enquiries.email, email))
      .returning({ id: enquiries.id });
    const counts = { enquiries: erased.length, notifications: notifications.length, invoices: anonymised };
    await tx.insert(privacyErasures).values({ actorId: actor.id, actorName: actor.username, ...counts });
    return counts;
  });
}

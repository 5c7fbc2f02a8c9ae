import { desc, eq, sql } from 'drizzle-orm';
import type { Enquiry, EnquiryPayload } from '#common/enquiry.ts';
import type { Database } from '../db/client.ts';
import { enquiries } from '../db/schema.ts';
import { enqueueNotification } from '../notifications/outbox.ts';

const columns = {
  id: enquiries.id,
  name: enquiries.name,
  email: enquiries.email,
  phone: enquiries.phone,
  vehicle: enquiries.vehicle,
  service: enquiries.service,
  message: enquiries.message,
  contacted: enquiries.contacted,
  createdAt: enquiries.createdAt,
};

type EnquiryRow = Omit<Enquiry, 'createdAt'> & { createdAt: Date };

const toEnquiry = (row: EnquiryRow): Enquiry => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * Stores a validated enquiry and, in the same transaction, the staff notification to send, so
 * that an enquiry never exists without its notification (nor the other way round).
 */
export async function createEnquiry(db: Database, payload: EnquiryPayload): Promise<Enquiry> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enquiries)
      .values({
        name: payload.name,
        email: payload.email,
        phone: payload.phone || null,
        vehicle: payload.vehicle || null,
        service: payload.service || null,
        message: payload.message,
      })
      .returning(columns);
    const enquiry = toEnquiry(row!);
    await enqueueNotification(tx, { kind: 'enquiry-received', enquiry });
    return enquiry;
  });
}

/** Every enquiry, newest first. */
export async function listEnquiries(db: Database): Promise<Enquiry[]> {
  const rows = await db
    .select(columns)
    .from(enquiries)
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id));
  return rows.map(toEnquiry);
}

/** Marks an enquiry as contacted; null when there is no such enquiry. Repeating it changes nothing. */
export async function markContacted(db: Database, id: number): Promise<Enquiry | null> {
  const [row] = await db
    .update(enquiries)
    // contactedAt keeps the first time staff got back to the customer.
    .set({ contacted: true, contactedAt: sql`coalesce(${enquiries.contactedAt}, now())` })
    .where(eq(enquiries.id, id))
    .returning(columns);
  return row ? toEnquiry(row) : null;
}

/** Deletes an enquiry for good; false when there was none. */
export async function deleteEnquiry(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(enquiries).where(eq(enquiries.id, id)).returning({ id: enquiries.id });
  return deleted.length > 0;
}

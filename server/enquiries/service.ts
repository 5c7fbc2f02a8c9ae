import { desc, eq, sql } from 'drizzle-orm';
import type { Enquiry, EnquiryPayload } from '#common/enquiry.ts';
import { selectRows, type Database } from '../db/client.ts';
import { enquiries, outbox } from '../db/schema.ts';
import type { RateLimitHit, RateLimitResult } from '../http/rate-limit.ts';

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
 * Counts the client's submission against its limit and, when within it, stores the enquiry and
 * the staff notification to send. All of it is one statement, so one transaction: an enquiry
 * never exists without its notification, nor the other way round, and a burst of enquiries
 * costs one round trip each. The notification's payload is the outbox's `enquiry-received`
 * shape (checked when the outbox reads it).
 */
export async function createEnquiryWithinLimit(
  db: Database,
  payload: EnquiryPayload,
  limitHit: RateLimitHit,
): Promise<{ enquiry: Enquiry; limit: RateLimitResult } | { enquiry: null; limit: RateLimitResult }> {
  const [row] = await selectRows<{ hits: number } & Partial<Enquiry>>(
    db,
    sql`with hit as (${limitHit.statement}),
        enquiry as (
          insert into ${enquiries} (name, email, phone, vehicle, service, message)
          select ${payload.name}, ${payload.email}, ${payload.phone || null}, ${payload.vehicle || null},
                 ${payload.service || null}, ${payload.message}
          from hit where hit.hits <= ${limitHit.max}
          returning id, name, email, phone, vehicle, service, message, contacted,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
        ),
        notification as (
          insert into ${outbox} (kind, payload)
          select 'enquiry-received', jsonb_build_object('kind', 'enquiry-received', 'enquiry', to_jsonb(enquiry))
          from enquiry
        )
        select hit.hits, enquiry.* from hit left join enquiry on true`,
  );
  const { hits, ...enquiry } = row!;
  const limit = limitHit.verdict(hits);
  return enquiry.id === undefined || enquiry.id === null
    ? { enquiry: null, limit }
    : { enquiry: enquiry as Enquiry, limit };
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

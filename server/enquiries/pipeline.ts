import { eq, sql } from 'drizzle-orm';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { isEnquiryStatus, type EnquiryNote, type EnquiryStatus } from '#common/enquiries/status.ts';
import type { Database } from '../db/client.ts';
import { hasSqlState } from '../db/errors.ts';
import { enquiries, enquiryEvents, enquiryNotes, outbox } from '../db/schema.ts';
import { findEnquiry } from './read.ts';

/**
 * The staff's changes to enquiries: moving one along the pipeline (recorded as events), notes,
 * and deleting one for good.
 */

/** The member of staff doing something, as events and notes record them. */
type Actor = { id: number; username: string };

/** A status change that happened, as its event records it. */
type StatusMove = { from: EnquiryStatus; to: EnquiryStatus };

/**
 * Moves an enquiry to `status`, recording the change (who, when, from, to); `contacted` follows
 * (true after New). Null when there is no such enquiry; moving to the status it has changes
 * nothing and records nothing (`moved` is then null).
 */
export async function setEnquiryStatus(
  db: Database,
  id: number,
  status: EnquiryStatus,
  actor: Actor,
): Promise<{ enquiry: Enquiry; moved: StatusMove | null } | null> {
  const found = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: enquiries.status })
      .from(enquiries)
      .where(eq(enquiries.id, id))
      .for('update');
    if (!current) return null;
    if (current.status === status) return { moved: null };
    await tx
      .update(enquiries)
      .set({
        status,
        contacted: status !== 'new',
        // contactedAt keeps the first time staff got back to the customer.
        contactedAt: status === 'new' ? null : sql`coalesce(${enquiries.contactedAt}, now())`,
      })
      .where(eq(enquiries.id, id));
    await tx.insert(enquiryEvents).values({
      enquiryId: id,
      actorId: actor.id,
      actorName: actor.username,
      fromStatus: current.status,
      toStatus: status,
    });
    const from = isEnquiryStatus(current.status) ? current.status : 'new';
    return { moved: { from, to: status } };
  });
  if (!found) return null;
  const enquiry = await findEnquiry(db, id);
  return enquiry && { enquiry, moved: found.moved };
}

/**
 * Mark as Contacted: a New enquiry becomes Contacted; one further along keeps its status. Null
 * when there is no such enquiry. Repeating it changes nothing.
 */
export async function markContacted(
  db: Database,
  id: number,
  actor: Actor,
): Promise<{ enquiry: Enquiry; moved: StatusMove | null } | null> {
  const enquiry = await findEnquiry(db, id);
  if (!enquiry) return null;
  return enquiry.status === 'new' ? setEnquiryStatus(db, id, 'contacted', actor) : { enquiry, moved: null };
}

/** Adds a note, kept exactly as typed, with its author and time; null when there is no such enquiry. */
export async function addEnquiryNote(
  db: Database,
  id: number,
  text: string,
  author: Actor,
): Promise<EnquiryNote | null> {
  let note: typeof enquiryNotes.$inferSelect | undefined;
  try {
    [note] = await db
      .insert(enquiryNotes)
      .values({ enquiryId: id, authorId: author.id, authorName: author.username, text })
      .returning();
  } catch (error) {
    // foreign_key_violation: no such enquiry (or it was deleted meanwhile).
    if (hasSqlState(error, '23503')) return null;
    throw error;
  }
  if (!note) return null;
  return { id: note.id, text: note.text, author: note.authorName, createdAt: note.createdAt.toISOString() };
}

/** Deletes an enquiry for good, with its notes and events; its reference, or null when there was none. */
export async function deleteEnquiry(db: Database, id: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(enquiries)
      .where(eq(enquiries.id, id))
      .returning({ reference: enquiries.reference });
    // The e-mails about it (sent or waiting) carry the customer's details: they go too, so that
    // nothing of a deleted enquiry stays behind (a waiting one is simply not sent).
    if (deleted) {
      await tx
        .delete(outbox)
        .where(
          sql`coalesce(${outbox.payload} -> 'enquiry' ->> 'id', ${outbox.payload} -> 'booking' ->> 'enquiryId')::int = ${id}`,
        );
    }
    return deleted?.reference ?? null;
  });
}

import { desc, eq, sql } from 'drizzle-orm';
import type { Enquiry, EnquiryPayload } from '#common/enquiry.ts';
import { selectRows, type Database } from '../db/client.ts';
import { enquiries, outbox } from '../db/schema.ts';
import { countHits, type RateLimitHit, type RateLimitResult } from '../http/rate-limit.ts';

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

export type StoreEnquiryResult =
  { id: number; limit: RateLimitResult } | { id: null; limit: RateLimitResult };

type Submission = {
  payload: EnquiryPayload;
  hit: RateLimitHit;
  settle(outcome: { ok: true; result: StoreEnquiryResult } | { ok: false; error: unknown }): void;
};

/** A statement stores at most this many enquiries; more wait for the next one. */
const maxBatch = 100;

/**
 * Counts the client's submission against its limit and, when within it, stores the enquiry and
 * the staff notification to send. Each enquiry is written with its notification in one statement,
 * so one transaction: an enquiry never exists without its notification, nor the other way round.
 * The notification's payload is the outbox's `enquiry-received` shape (checked when the outbox
 * reads it).
 *
 * Group commit: while a statement is running, the submissions that arrive wait and are then
 * written together by the next one. Under load a statement stores tens of enquiries for little
 * more than the cost of one (the embedded database spends most of a statement's time on its
 * fixed costs: protocol round trips, planning, the commit), so the queue drains instead of
 * growing; alone, an enquiry is written at once.
 */
export function createEnquiryWithinLimit(
  db: Database,
  payload: EnquiryPayload,
  limitHit: RateLimitHit,
): Promise<StoreEnquiryResult> {
  let writer = writers.get(db);
  if (!writer) {
    writer = new EnquiryWriter(db);
    writers.set(db, writer);
  }
  return writer.add(payload, limitHit);
}

const writers = new WeakMap<Database, EnquiryWriter>();

class EnquiryWriter {
  readonly #db: Database;
  #waiting: Submission[] = [];
  #writing = false;

  constructor(db: Database) {
    this.#db = db;
  }

  add(payload: EnquiryPayload, hit: RateLimitHit): Promise<StoreEnquiryResult> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({
        payload,
        hit,
        settle: (outcome) => (outcome.ok ? resolve(outcome.result) : reject(outcome.error)),
      });
      if (!this.#writing) void this.#drain();
    });
  }

  async #drain() {
    this.#writing = true;
    try {
      while (this.#waiting.length > 0) await this.#write(this.#nextBatch());
    } finally {
      this.#writing = false;
    }
  }

  /**
   * The oldest waiting submissions, at most one per rate-limit counter: a statement counts each
   * counter once, so a client's second submission goes in the next statement and sees the first
   * one's count, as it would have alone.
   */
  #nextBatch(): Submission[] {
    const batch: Submission[] = [];
    const later: Submission[] = [];
    const counters = new Set<string>();
    for (const submission of this.#waiting) {
      const counter = `${submission.hit.key} ${submission.hit.windowStart}`;
      if (batch.length < maxBatch && !counters.has(counter)) {
        counters.add(counter);
        batch.push(submission);
      } else {
        later.push(submission);
      }
    }
    this.#waiting = later;
    return batch;
  }

  /** Never throws: each submission is settled with its own result or error. */
  async #write(batch: Submission[]) {
    let rows: { ord: number; hits: number; id: number | null }[];
    try {
      rows = await storeBatch(this.#db, batch);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.settle({ ok: false, error });
        return;
      }
      // The statement wrote nothing. One bad submission must not cost the others theirs: each
      // is tried again on its own.
      for (const submission of batch) await this.#write([submission]);
      return;
    }
    for (const { ord, hits, id } of rows) {
      const { hit, settle } = batch[ord]!;
      const limit = hit.verdict(hits);
      settle({ ok: true, result: id === null ? { id: null, limit } : { id, limit } });
    }
  }
}

/**
 * One statement for the whole batch. Each enquiry's id is drawn before its row is inserted, so
 * that the answer can say which submission got which id; a refused one draws none. Only what
 * the caller needs comes back (the count and the id), which keeps the result small to parse.
 */
function storeBatch(db: Database, batch: Submission[]) {
  const input = batch.map(({ payload, hit }, ord) => ({
    ord,
    key: hit.key,
    window_start: hit.windowStart,
    max: hit.max,
    name: payload.name,
    email: payload.email,
    phone: payload.phone || null,
    vehicle: payload.vehicle || null,
    service: payload.service || null,
    message: payload.message,
  }));
  return selectRows<{ ord: number; hits: number; id: number | null }>(
    db,
    sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as input (
            ord int, key text, window_start timestamptz, max int,
            name text, email text, phone text, vehicle text, service text, message text
          )
        ),
        hit as (${countHits(sql`input`)}),
        verdict as (
          select input.*, hit.hits,
            case when hit.hits <= input.max then nextval(pg_get_serial_sequence('enquiries', 'id'))::int end as id
          from input join hit using (key, window_start)
        ),
        enquiry as (
          insert into ${enquiries} (id, name, email, phone, vehicle, service, message)
          select id, name, email, phone, vehicle, service, message from verdict
          where id is not null order by id
          returning id, name, email, phone, vehicle, service, message, contacted,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
        ),
        notification as (
          insert into ${outbox} (kind, payload)
          select 'enquiry-received', jsonb_build_object('kind', 'enquiry-received', 'enquiry', to_jsonb(enquiry))
          from enquiry order by id
        )
        select ord, hits, id from verdict`,
  );
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

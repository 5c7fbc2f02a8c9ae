import { and, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Enquiry, EnquiryPayload } from '#common/enquiry.ts';
import {
  enquiryStatuses,
  isEnquiryStatus,
  type EnquiryCounts,
  type EnquiryNote,
  type EnquiryStatus,
} from '#common/enquiry-status.ts';
import { isoTime, selectRows, type Database } from '../db/client.ts';
import { hasSqlState } from '../db/errors.ts';
import { keptFor } from '#common/kept-for.ts';
import { GroupCommit } from '../db/group-commit.ts';
import {
  bookings,
  enquiries,
  enquiryEvents,
  enquiryNotes,
  enquirySearchSeparator,
  enquiryStatusCounts,
  outbox,
} from '../db/schema.ts';
import { countHits, type RateLimitHit, type RateLimitResult } from '../http/rate-limit.ts';

/**
 * The notes (newest first) and status changes (oldest first) of the enquiry read, as JSON in the
 * API's shape. Each is a statement of its own inside `sql`, so that the query builder keeps its
 * columns' table names (in a query of one table it leaves them out of the selected expressions,
 * and the subquery's own `id` would then be compared with itself).
 */
const notesJson = sql`coalesce((
  select json_agg(json_build_object('id', ${enquiryNotes.id}, 'text', ${enquiryNotes.text},
    'author', ${enquiryNotes.authorName}, 'createdAt', ${isoTime(enquiryNotes.createdAt)})
    order by ${enquiryNotes.id} desc)
  from ${enquiryNotes} where ${enquiryNotes.enquiryId} = ${enquiries.id}), '[]')`;
const eventsJson = sql`coalesce((
  select json_agg(json_build_object('id', ${enquiryEvents.id}, 'from', ${enquiryEvents.fromStatus},
    'to', ${enquiryEvents.toStatus}, 'actor', ${enquiryEvents.actorName},
    'createdAt', ${isoTime(enquiryEvents.createdAt)})
    order by ${enquiryEvents.id})
  from ${enquiryEvents} where ${enquiryEvents.enquiryId} = ${enquiries.id}), '[]')`;

/**
 * An enquiry in the API's shape (common/enquiry.ts), with its history, as JSON the statement that
 * reads it builds: the answer is then one text, passed on as it is, rather than a value per
 * field for the driver to decode, the ORM to map and the server to encode again.
 */
const enquiryJson = sql`json_build_object('id', ${enquiries.id}, 'name', ${enquiries.name},
  'email', ${enquiries.email}, 'phone', ${enquiries.phone}, 'vehicle', ${enquiries.vehicle},
  'service', ${enquiries.service}, 'message', ${enquiries.message}, 'contacted', ${enquiries.contacted},
  'createdAt', ${isoTime(enquiries.createdAt)}, 'status', ${enquiries.status},
  'reference', ${enquiries.reference}, 'postcode', ${enquiries.postcode},
  'outsideArea', ${enquiries.outsideArea}, 'notes', ${notesJson}, 'events', ${eventsJson},
  'serviceTitle', (select ${bookings.serviceTitle} from ${bookings} where ${bookings.enquiryId} = ${enquiries.id}))`;

/** The fields `enquiryJson` reads. */
const enquiryColumns = sql.join(
  [
    enquiries.id,
    enquiries.name,
    enquiries.email,
    enquiries.phone,
    enquiries.vehicle,
    enquiries.service,
    enquiries.message,
    enquiries.contacted,
    enquiries.createdAt,
    enquiries.status,
    enquiries.reference,
    enquiries.postcode,
    enquiries.outsideArea,
  ],
  sql`, `,
);

/**
 * The enquiries meeting `condition`, newest first (the newest `limit` of them), as the text of a
 * JSON array of `Enquiry`. The enquiries are chosen first, under the table's own name, so that
 * the history is read for those alone.
 */
async function enquiriesJson(db: Database, condition: SQL | undefined, limit?: number): Promise<string> {
  const [row] = await selectRows<{ enquiries: string }>(
    db,
    sql`select coalesce(json_agg(${enquiryJson} order by ${enquiries.id} desc), '[]')::text as enquiries
      from (
        select ${enquiryColumns} from ${enquiries}
        ${condition ? sql`where ${condition}` : sql``}
        order by ${enquiries.id} desc ${limit === undefined ? sql`` : sql`limit ${limit}`}
      ) as ${enquiries}`,
  );
  return row!.enquiries;
}

const parseEnquiries = (json: string) => JSON.parse(json) as Enquiry[];

export type StoreEnquiryResult =
  { id: number; reference: string; limit: RateLimitResult } | { id: null; limit: RateLimitResult };

/** A checked enquiry and what the covered area made of its postcode. */
export type EnquiryToStore = EnquiryPayload & { outsideArea: boolean };

type Submission = { payload: EnquiryToStore; hit: RateLimitHit };

/**
 * Counts the client's submission against its limit and, when within it, stores the enquiry, the
 * staff notification and the customer's acknowledgement to send. Each enquiry is written with its
 * e-mails in one statement, so one transaction: an enquiry never exists without its
 * notification, nor the other way round. The notification's payload is the outbox's
 * `enquiry-received` shape (checked when the outbox reads it). Submissions that arrive together
 * share statements (db/group-commit.ts).
 */
export function createEnquiryWithinLimit(
  db: Database,
  payload: EnquiryToStore,
  limitHit: RateLimitHit,
): Promise<StoreEnquiryResult> {
  return keptFor(
    writers,
    db,
    () =>
      new GroupCommit(
        (batch: Submission[]) => storeBatch(db, batch),
        ({ hit }) => `${hit.key} ${hit.windowStart}`,
      ),
  ).add({ payload, hit: limitHit });
}

const writers = new WeakMap<Database, GroupCommit<Submission, StoreEnquiryResult>>();

/**
 * One statement for the whole batch. Each enquiry's id is drawn before its row is inserted, so
 * that the answer can say which submission got which id; a refused one draws none. Only what
 * the caller needs comes back (the count and the id), which keeps the result small to parse.
 */
async function storeBatch(db: Database, batch: Submission[]): Promise<StoreEnquiryResult[]> {
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
    postcode: payload.postcode || null,
    outside_area: payload.outsideArea,
  }));
  const rows = await selectRows<{ ord: number; hits: number; id: number | null; reference: string | null }>(
    db,
    sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as input (
            ord int, key text, window_start timestamptz, max int,
            name text, email text, phone text, vehicle text, service text, message text,
            postcode text, outside_area boolean
          )
        ),
        hit as (${countHits(sql`input`)}),
        verdict as (
          select input.*, hit.hits,
            case when hit.hits <= input.max then nextval(pg_get_serial_sequence('enquiries', 'id'))::int end as id
          from input join hit using (key, window_start)
        ),
        enquiry as (
          insert into ${enquiries} (id, name, email, phone, vehicle, service, message, postcode, outside_area)
          select id, name, email, phone, vehicle, service, message, postcode, outside_area from verdict
          where id is not null order by id
          returning id, name, email, phone, vehicle, service, message, postcode,
            outside_area as "outsideArea", contacted,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
            reference
        ),
        notification as (
          insert into ${outbox} (kind, payload)
          select kind, jsonb_build_object('kind', kind, 'enquiry', to_jsonb(enquiry))
          from enquiry cross join (values ('enquiry-received'), ('enquiry-acknowledgement')) as mail (kind)
          order by id, kind desc
        )
        select verdict.ord, verdict.hits, verdict.id, enquiry.reference
        from verdict left join enquiry using (id)`,
  );
  const results: StoreEnquiryResult[] = [];
  for (const { ord, hits, id, reference } of rows) {
    const limit = batch[ord]!.hit.verdict(hits);
    results[ord] = id === null || reference === null ? { id: null, limit } : { id, reference, limit };
  }
  return results;
}

export type EnquiryQuery = {
  status?: EnquiryStatus;
  /** Part of a name, e-mail, phone, vehicle, message, postcode, reference or note; any case. */
  q?: string;
  /** The page after this enquiry (ids grow with time, so this is "older than"). */
  before?: number;
  limit: number;
};

/** `text` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** How every reference begins (drizzle/0007), lower-cased as in `search_text`. */
const referencePrefix = 'enq-';

/**
 * `q` is in `search_text`, in any case (ILIKE is LIKE between the lower-cased texts, and
 * search_text is lower-cased already). Every row holds a reference, so the trigrams of its
 * "enq-" are in every row's index entries, and reading them would cost most of a reference
 * search: for a text beginning with it, the index is asked for the rows holding the rest, and
 * those are then checked for the whole text.
 */
function inSearchText(q: string): SQL {
  const rest = q.toLowerCase().startsWith(referencePrefix) ? q.slice(referencePrefix.length) : '';
  if (rest.length < 3) return sql`${enquiries.searchText} like lower(${containing(q)})`;
  return sql`${enquiries.searchText} like lower(${containing(rest)})
    and strpos(${enquiries.searchText}, lower(${q})) > 0`;
}

/**
 * The ids of the newest `limit` enquiries (of `status`, before `before`) with `q` in a field or a
 * note, in any case: the newest of two lookups that each stop at `limit`. One looks in the fields
 * (`search_text`), where the planner takes whichever it expects to be cheaper: the trigram index,
 * which finds the few enquiries holding a rare text, or the enquiries newest first until `limit`
 * of them hold a common one. The other looks in the notes, through their trigram index. A text of
 * one or two characters has no trigram, so it is looked for row by row.
 */
function searchIds(q: string, { status, before, limit }: EnquiryQuery): SQL {
  const pattern = containing(q);
  const inFields = q.includes(enquirySearchSeparator)
    ? // It would match across two fields in search_text: look in each field.
      or(
        ...[
          enquiries.name,
          enquiries.email,
          enquiries.phone,
          enquiries.vehicle,
          enquiries.message,
          enquiries.postcode,
          enquiries.reference,
        ].map((column) => ilike(column, pattern)),
      )!
    : inSearchText(q);
  // The notes' enquiries are read only to filter by status.
  const noteOf = status ? sql`join ${enquiries} on ${enquiries.id} = ${enquiryNotes.enquiryId}` : sql``;
  return sql`select id from (
      (select ${enquiries.id} as id from ${enquiries}
        where ${and(
          inFields,
          status ? eq(enquiries.status, status) : undefined,
          before ? lt(enquiries.id, before) : undefined,
        )}
        order by ${enquiries.id} desc limit ${limit})
      union
      (select distinct ${enquiryNotes.enquiryId} from ${enquiryNotes} ${noteOf}
        where ${and(
          ilike(enquiryNotes.text, pattern),
          status ? eq(enquiries.status, status) : undefined,
          before ? lt(enquiryNotes.enquiryId, before) : undefined,
        )}
        order by ${enquiryNotes.enquiryId} desc limit ${limit})
    ) as found order by id desc limit ${limit}`;
}

/** A page of the inbox, newest first, with the enquiries' notes and status changes, as JSON text. */
export function enquiryPageJson(db: Database, query: EnquiryQuery): Promise<string> {
  const q = query.q?.trim();
  return enquiriesJson(
    db,
    q
      ? sql`${enquiries.id} in (${searchIds(q, query)})`
      : and(
          query.status ? eq(enquiries.status, query.status) : undefined,
          query.before ? lt(enquiries.id, query.before) : undefined,
        ),
    query.limit,
  );
}

/** A page of the inbox, newest first, with the enquiries' notes and status changes. */
export async function listEnquiries(db: Database, query: EnquiryQuery): Promise<Enquiry[]> {
  return parseEnquiries(await enquiryPageJson(db, query));
}

/** Every enquiry matching `condition`, newest first, with its history (for a subject's export). */
export async function listEnquiriesOf(db: Database, condition: SQL): Promise<Enquiry[]> {
  return parseEnquiries(await enquiriesJson(db, condition));
}

/** One enquiry with its history, or null. */
export async function findEnquiry(db: Database, id: number): Promise<Enquiry | null> {
  const [enquiry] = parseEnquiries(await enquiriesJson(db, eq(enquiries.id, id)));
  return enquiry ?? null;
}

/**
 * How many enquiries there are in each status, for the count cards: the counts the database
 * keeps as enquiries arrive, move and go (drizzle/0010), rather than a count of the rows.
 */
export async function countEnquiries(db: Database): Promise<EnquiryCounts> {
  const rows = await db
    .select({ status: enquiryStatusCounts.status, count: enquiryStatusCounts.count })
    .from(enquiryStatusCounts);
  const counts = Object.fromEntries(enquiryStatuses.map((status) => [status, 0])) as Record<
    EnquiryStatus,
    number
  >;
  for (const row of rows) if (isEnquiryStatus(row.status)) counts[row.status] = row.count;
  const total = Object.values(counts).reduce((sum, value) => sum + value, 0);
  return { total, ...counts };
}

/** The member of staff doing something, as events and notes record them. */
export type Actor = { id: number; username: string };

/** A status change that happened, as its event records it. */
export type StatusMove = { from: EnquiryStatus; to: EnquiryStatus };

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
 * Mark as Contacted (the card's button): a New enquiry becomes Contacted; one further along keeps
 * its status. Null when there is no such enquiry. Repeating it changes nothing.
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

import { and, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import {
  enquiryStatuses,
  isEnquiryStatus,
  type EnquiryCounts,
  type EnquiryStatus,
} from '#common/enquiries/status.ts';
import { isoTime, selectRows, type Database } from '../db/client.ts';
import {
  bookings,
  enquiries,
  enquiryEvents,
  enquiryNotes,
  enquirySearchSeparator,
  enquiryStatusCounts,
} from '../db/schema.ts';

/**
 * Reading enquiries: the inbox's pages (by status, searched, newest first), one enquiry, the
 * counts per status, and a subject's enquiries, each with its notes and status changes.
 */

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
 * An enquiry in the API's shape (common/enquiries/enquiry.ts), with its history, as JSON the statement that
 * reads it builds: the answer is then one text, passed on as it is, rather than a value per
 * field for the driver to decode, the ORM to map and the server to encode again.
 */
const enquiryJson = sql`json_build_object('id', ${enquiries.id}, 'name', ${enquiries.name},
  'email', ${enquiries.email}, 'phone', ${enquiries.phone}, 'vehicle', ${enquiries.vehicle},
  'service', ${enquiries.service}, 'message', ${enquiries.message}, 'contacted', ${enquiries.contacted},
  'createdAt', ${isoTime(enquiries.createdAt)}, 'status', ${enquiries.status},
  'reference', ${enquiries.reference}, 'postcode', ${enquiries.postcode},
  'outsideArea', ${enquiries.outsideArea}, 'notes', ${notesJson}, 'events', ${eventsJson},
  'serviceTitle', (select ${bookings.serviceTitle} from ${bookings} where ${bookings.enquiryId} = ${enquiries.id}),
  'registration', coalesce((select ${bookings.registration} from ${bookings} where ${bookings.enquiryId} = ${enquiries.id}),
    ${enquiries.registration}))`;

/** The fields `enquiryJson` reads. */
const enquiryColumns = sql.join(
  [
    enquiries.id,
    enquiries.name,
    enquiries.email,
    enquiries.phone,
    enquiries.vehicle,
    enquiries.registration,
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

/** How references begin (drizzle/0007, and a booking's since drizzle/0038), lower-cased as in `search_text`. */
const referencePrefixes = ['enq-', 'bk-'];

/**
 * `q` is in `search_text`, in any case (ILIKE is LIKE between the lower-cased texts, and
 * search_text is lower-cased already). Every row holds a reference, so the trigrams of its
 * "enq-" or "bk-" are in most rows' index entries, and reading them would cost most of a reference
 * search: for a text beginning with one, the index is asked for the rows holding the rest, and
 * those are then checked for the whole text.
 */
function inSearchText(q: string): SQL {
  const prefix = referencePrefixes.find((entry) => q.toLowerCase().startsWith(entry));
  const rest = prefix ? q.slice(prefix.length) : '';
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

import { sql, type SQL } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts-schema.ts';
import { createdAt } from './columns.ts';

/**
 * Between the fields in `enquiries.search_text` (`E'\x1f'` in SQL): a search for a text without
 * it can only match inside one field, as searching each field would.
 */
export const enquirySearchSeparator = '\x1f';

/** Enquiries and booking requests sent from the public site. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    vehicle: text('vehicle'),
    /** The vehicle's registration as the enquiry form gave it, stored as AB12CDE; null when not given. */
    registration: text('registration'),
    service: text('service'),
    message: text('message').notNull().default(''),
    contacted: boolean('contacted').notNull().default(false),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    /** Where it is in the pipeline (common/enquiries/status.ts); `contacted` is true after `new`. */
    status: text('status').notNull().default('new'),
    /** The short reference customers and staff quote, ENQ-YYMM-NNNN (unique). */
    reference: text('reference')
      .notNull()
      .default(sql`next_enquiry_reference()`),
    /** As the customer typed it, normalised (`RM3 0AB`); null when not given. */
    postcode: text('postcode'),
    /** The postcode was outside the covered districts when the enquiry arrived. */
    outsideArea: boolean('outside_area').notNull().default(false),
    /** The customer's answer to the reminders question, when they gave it, and its words. */
    remindersConsent: boolean('reminders_consent').notNull().default(false),
    remindersConsentAt: timestamp('reminders_consent_at', { withTimezone: true }),
    remindersConsentWording: text('reminders_consent_wording'),
    /** How the customer wants to hear from the business, and when they answered (as bookings). */
    contactBy: text('contact_by').notNull().default('email'),
    contactByAt: timestamp('contact_by_at', { withTimezone: true }),
    /** The words of the question and of the answer chosen, as the customer saw them. */
    contactByWording: text('contact_by_wording'),
    createdAt: createdAt(),
    /**
     * The fields the staff search looks in (the notes apart), lower-cased and joined by
     * `enquirySearchSeparator`, kept by the database itself. Searching it is one trigram index
     * lookup, or one cheap LIKE per row read, where lower-casing each field at every search costs
     * several times more: in a UTF-8 database `x ILIKE p` is `lower(x) LIKE lower(p)`.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${sql.join(
            [
              enquiries.name,
              enquiries.email,
              enquiries.phone,
              enquiries.vehicle,
              enquiries.message,
              enquiries.postcode,
              enquiries.reference,
            ].map((column) => (column.notNull ? sql`${column}` : sql`coalesce(${column}, '')`)),
            sql.raw(` || E'\\x1f' || `),
          )})`,
      ),
  },
  (table) => [
    index('enquiries_created_at_idx').on(table.createdAt.desc()),
    uniqueIndex('enquiries_reference_idx').on(table.reference),
    // Ascending: read backwards it gives a status's newest first, which ORDER BY id DESC (nulls
    // first) cannot take from an index on id DESC NULLS LAST.
    index('enquiries_status_id_idx').on(table.status, table.id),
    // The staff search's trigram index. New entries wait in a pending list, which every search
    // reads through, until a vacuum (never run by the embedded database itself) or an insert that
    // takes it past 256 kB merges them in; at the default 4 MB, about a thousand enquiries, a
    // search on the embedded database took up to 2 ms longer. Without the list (fastupdate off),
    // each row's 150 or so entries went into the index one by one, which cut the embedded
    // database's enquiry intake (`npm run bench enquiry`) from about 1,170 to 700 a second.
    index('enquiries_search_idx')
      .using('gin', sql`${table.searchText} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
    check('enquiries_contact_by_check', sql`${table.contactBy} in ('email', 'text', 'both')`),
    check(
      'enquiries_status_check',
      sql`${table.status} in ('new', 'contacted', 'quoted', 'booked', 'completed', 'closed')`,
    ),
  ],
);

/** The last reference number given in each month (ENQ-YYMM-NNNN counts up per month, London time). */
export const enquiryReferenceCounters = pgTable('enquiry_reference_counters', {
  month: text('month').primaryKey(),
  last: integer('last').notNull(),
});

/** Each change of an enquiry's status: who, when, from and to. */
export const enquiryEvents = pgTable(
  'enquiry_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text, so that it outlives the account. */
    actorName: text('actor_name'),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('enquiry_events_enquiry_idx').on(table.enquiryId, table.id)],
);

/** Staff notes on an enquiry. The text is stored exactly as typed and shown as text. */
export const enquiryNotes = pgTable(
  'enquiry_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('enquiry_notes_enquiry_idx').on(table.enquiryId, table.id),
    // The staff search's trigram index of the notes (pending list as enquiries_search_idx).
    index('enquiry_notes_text_idx')
      .using('gin', sql`${table.text} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);

/**
 * How many enquiries there are in each status, one row per status, changed by triggers on
 * `enquiries` in the very statement that adds, moves or deletes enquiries (drizzle/0010), so
 * that the count cards never have to count the rows.
 */
export const enquiryStatusCounts = pgTable('enquiry_status_counts', {
  status: text('status').primaryKey(),
  count: integer('count').notNull(),
});

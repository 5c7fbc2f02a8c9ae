import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tyres } from './tyres-schema.ts';

export * from './tyres-schema.ts';
export * from './settings-schema.ts';
export * from './tasks-schema.ts';

/** PostgreSQL bytea as a Node Buffer (image bytes, salts). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Staff accounts. Usernames are unique regardless of case. An account added by an owner has no
 * password until its person chooses one through a set-up link.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    /** `owner`, `staff` or `fitter` (common/accounts/accounts.ts). */
    role: text('role').notNull().default('staff'),
    /** Set while the account is disabled: no sign-in, no session. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The TOTP secret (base32) while two-factor sign-in is on. */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret offered by set-up and not yet confirmed by a first code. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** The time step of the last code accepted: a code is good once (RFC 6238, section 5.2). */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    check('users_role_check', sql`${table.role} in ('owner', 'staff', 'fitter')`),
  ],
);

/**
 * Signed-in sessions. Only a hash of the cookie's token is stored; `id` names a session to its
 * owner (My account) without giving its token away. A session at the `two-factor` stage has had
 * the right password and waits for a code: it lets its holder do nothing else.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    id: serial('id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull().default('active'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
    check('sessions_stage_check', sql`${table.stage} in ('active', 'two-factor')`),
  ],
);

/** Two-factor recovery codes, hashed; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
);

/** One-time set-up links (`/account-setup/{token}`), hashed; used once, then deleted. */
export const accountSetupTokens = pgTable(
  'account_setup_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('account_setup_tokens_user_id_idx').on(table.userId)],
);

/**
 * Who did what, when, from which client (a hash of its address), to what (common/accounts/accounts.ts,
 * ActivityEntry). The actor's name is kept as text, so that it outlives the account. Never a
 * secret nor erased data.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    kind: text('kind').notNull(),
    clientHash: text('client_hash'),
    target: text('target'),
    detail: jsonb('detail').notNull().default({}),
  },
  (table) => [
    index('activity_log_actor_idx').on(table.actorId, table.id),
    index('activity_log_kind_idx').on(table.kind, table.id),
    index('activity_log_occurred_at_idx').on(table.occurredAt),
  ],
);

/**
 * Failed sign-ins, for throttling (per username and per client). The client is a hash of its
 * address, never the address itself; rows older than the throttling window are deleted.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower-cased, as typed (the account may not exist). */
    username: text('username').notNull(),
    clientHash: text('client_hash').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /**
     * `sign-in`, or `proof`: a password or code asked again inside a session (password change,
     * two-factor changes), counted per account apart from sign-ins.
     */
    kind: text('kind').notNull().default('sign-in'),
    /** A hash of the device cookie's nonce when the sign-in came with a valid one, else null. */
    device: text('device'),
  },
  (table) => [
    index('login_failures_username_idx').on(table.username, table.occurredAt),
    index('login_failures_client_idx').on(table.clientHash, table.occurredAt),
    index('login_failures_device_idx').on(table.device, table.occurredAt),
    check('login_failures_kind_check', sql`${table.kind} in ('sign-in', 'proof')`),
  ],
);

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

/**
 * Site images: one row per image, possibly filling a named slot. The name
 * is unique: a slot has at most one picture. A record may exist before its picture arrives.
 */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    altText: text('alt_text').notNull().default(''),
    section: text('section'),
    /** Size of the largest rendition; null while there is no picture. */
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('images_name_idx').on(table.name)],
);

/**
 * The encoded renditions of each image: the srcset widths ('display', WebP) and, for the hero
 * background, the social share picture ('share', 1200x630 JPEG). Served from /media/<hash>; the
 * same bytes may belong to two images, so the hash is not unique.
 */
export const imageVariants = pgTable(
  'image_variants',
  {
    id: serial('id').primaryKey(),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['display', 'share'] })
      .notNull()
      .default('display'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    contentHash: text('content_hash').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('image_variants_content_hash_idx').on(table.contentHash),
    uniqueIndex('image_variants_image_purpose_width_idx').on(table.imageId, table.purpose, table.width),
  ],
);

/** One row per counted page view. No IP address or cookie is stored. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** The Europe/London calendar day of occurredAt. */
    day: date('day').notNull(),
    path: text('path').notNull(),
    referrerHost: text('referrer_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    device: text('device'),
    /** Hash of the day's salt, the client address and the user agent: stable for one day only. */
    visitorId: text('visitor_id').notNull(),
  },
  (table) => [index('page_views_day_idx').on(table.day)],
);

/** Views and unique visitors per London day and path, kept current as views arrive. */
export const pageViewDaily = pgTable(
  'page_view_daily',
  {
    day: date('day').notNull(),
    path: text('path').notNull(),
    visits: integer('visits').notNull().default(0),
    uniqueVisitors: integer('unique_visitors').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.path] })],
);

/** Visits and unique visitors of the whole site per London day (the stats and the timeline). */
export const analyticsDays = pgTable('analytics_days', {
  day: date('day').primaryKey(),
  visits: integer('visits').notNull().default(0),
  uniqueVisitors: integer('unique_visitors').notNull().default(0),
});

/**
 * Which visitor has seen which path on which day, to count unique visitors as views arrive.
 * Visitor ids change every day, so rows of past days are useless and are deleted.
 */
export const analyticsDayVisitors = pgTable(
  'analytics_day_visitors',
  {
    day: date('day').notNull(),
    visitorId: text('visitor_id').notNull(),
    path: text('path').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.visitorId, table.path] })],
);

/** Visits per London day from each other site that linked here (its host only). */
export const referrerDaily = pgTable(
  'referrer_daily',
  {
    day: date('day').notNull(),
    host: text('host').notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.host] })],
);

/** Visits per London day from each advertising campaign (utm_* of the landing page; '' when absent). */
export const campaignDaily = pgTable(
  'campaign_daily',
  {
    day: date('day').notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    visits: integer('visits').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.source, table.medium, table.campaign] })],
);

/** The secret salt of each London day; older salts are deleted so visitors cannot be linked across days. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day').primaryKey(),
  salt: bytea('salt').notNull(),
  createdAt: createdAt(),
});

/** Notifications to send (enquiry e-mails), written in the same transaction as their cause. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Set while the notification waits for an owner to send or discard it: no mail server was
     * configured when it was due, and it was too old to send unasked once one was.
     */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null`),
  ],
);

/** Small facts about the installation itself, such as which seed steps have run. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters for rate limits (enquiry submissions per client, ...). They live in the
 * database so that every server process sees the same counts.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index('rate_limit_counters_window_start_idx').on(table.windowStart),
  ],
);

/**
 * The business's site content (common/site-content/site-content.ts): every published version, newest highest.
 * The published document is the row with the highest version; versions count up from 1 without
 * gaps, so a publication made from a stale version collides with the unique index. The author's
 * name is kept as text, so that it outlives the account.
 */
export const siteContentRevisions = pgTable('site_content_revisions', {
  id: serial('id').primaryKey(),
  version: integer('version').notNull().unique(),
  content: jsonb('content').notNull(),
  summary: text('summary').notNull(),
  authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: text('author_name'),
  /** The revision whose content this version restored, if it was a restore. */
  restoredFrom: integer('restored_from'),
  createdAt: createdAt(),
});

/**
 * Erasures of a person's data on request (UK GDPR article 17): who erased how many records and
 * when, never whose they were.
 */
export const privacyErasures = pgTable('privacy_erasures', {
  id: serial('id').primaryKey(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorName: text('actor_name'),
  enquiries: integer('enquiries').notNull(),
  notifications: integer('notifications').notNull(),
  /** Invoices kept as issued for the accounts, within their six years. */
  invoices: integer('invoices').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * Online bookings (common/bookings/booking.ts). Each is also an enquiry of the pipeline (status Booked),
 * whose reference it shares; deleting the enquiry (by staff, the retention purge or an erasure)
 * deletes the booking. The window is kept as London wall-clock times with the instants they
 * stood for when booked.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    status: text('status').notNull().default('booked'),
    service: text('service').notNull(),
    serviceTitle: text('service_title').notNull(),
    location: text('location').notNull(),
    locationName: text('location_name').notNull(),
    /**
     * The row of `booking_places` its place is counted in: the location's key, or
     * `harold-hill/mot` for a branch's MOT testing or servicing (common/bookings/branch-services.ts
     * `placesKey`). Kept with the booking, so that the place given back is always the one taken.
     */
    placesKey: text('places_key').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** Upper case without spaces: AB12CDE. */
    registration: text('registration').notNull(),
    vehicle: text('vehicle').notNull(),
    postcode: text('postcode'),
    /** Where the vehicle will be (mobile fitting): the first line of the address, and the town. */
    addressLine: text('address_line'),
    town: text('town'),
    outsideArea: boolean('outside_area').notNull().default(false),
    /** The customer's answer to the reminders question, when they gave it, and its words. */
    /** Whether its customer is asked for a review after the job; staff may untick it. */
    reviewRequest: boolean('review_request').notNull().default(true),
    remindersConsent: boolean('reminders_consent').notNull().default(false),
    remindersConsentAt: timestamp('reminders_consent_at', { withTimezone: true }),
    remindersConsentWording: text('reminders_consent_wording'),
    notes: text('notes').notNull().default(''),
    /** The fitter the office gave the job to (a `fitter` account), if any. */
    fitterId: integer('fitter_id').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    /** `customer`, or the username of the member of staff who cancelled. */
    cancelledBy: text('cancelled_by'),
    /** SHA-256 of the customer's manage link token (the token itself is never stored). */
    manageTokenHash: text('manage_token_hash').notNull(),
    /** Counts the changes customers' calendars were sent (the .ics SEQUENCE). */
    sequence: integer('sequence').notNull().default(0),
    /**
     * The tyre booked with the fitting, if any (common/tyres): how many, what it was called and
     * cost each fully fitted when booked, and the whole price. `tyreSource` says where they come
     * from: own stock (reserved by the booking, consumed when the job is completed) or the
     * supplier (to be ordered by staff: `tyresOrderedAt`).
     */
    tyreId: integer('tyre_id').references(() => tyres.id, { onDelete: 'restrict' }),
    tyreQuantity: integer('tyre_quantity'),
    tyreText: text('tyre_text'),
    tyrePricePence: integer('tyre_price_pence'),
    totalPence: integer('total_pence'),
    tyreSource: text('tyre_source'),
    tyresOrderedAt: timestamp('tyres_ordered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bookings_enquiry_idx').on(table.enquiryId),
    uniqueIndex('bookings_reference_idx').on(table.reference),
    uniqueIndex('bookings_manage_token_idx').on(table.manageTokenHash),
    index('bookings_starts_at_idx').on(table.startsAt),
    index('bookings_tyre_idx').on(table.tyreId),
    index('bookings_date_idx').on(table.date, table.startTime),
    index('bookings_fitter_date_idx').on(table.fitterId, table.date),
    index('bookings_registration_idx').on(table.registration, table.date, table.startTime),
    check('bookings_tyre_source_check', sql`${table.tyreSource} in ('stock', 'supplier')`),
    check(
      'bookings_tyre_quantity_check',
      sql`(${table.tyreId} is null) = (${table.tyreQuantity} is null) and ${table.tyreQuantity} between 1 and 6`,
    ),
    check(
      'bookings_status_check',
      sql`${table.status} in ('booked', 'confirmed', 'completed', 'no-show', 'cancelled')`,
    ),
  ],
);

/**
 * The places taken in each window of each location and day: a booking takes one in the same
 * statement that checks there is one left, and the database gives it back when the booking is
 * cancelled, moved away or deleted (drizzle/0014, drizzle/0025). `location` is the booking's
 * places key: a location's key for its tyre work, `harold-hill/mot` or `harold-hill/servicing`
 * for a branch's MOT tests and servicing, which have windows and places of their own.
 */
export const bookingPlaces = pgTable(
  'booking_places',
  {
    location: text('location').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    taken: integer('taken').notNull(),
    /**
     * How many places the statement that last took some took (a batch of bookings may take
     * several): read back by that statement alone, to know which of its bookings got one.
     */
    granted: integer('granted').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.location, table.date, table.startTime] }),
    check('booking_places_taken_check', sql`${table.taken} >= 0`),
  ],
);

/**
 * The tyres from own stock held by online bookings not yet confirmed, under each of their holders
 * (common/bookings/holds.ts): the client (a keyed hash of its address, or of an IPv6 address's
 * /64), the e-mail address, the phone number and the registration, normalised. Written by the
 * statement that stores the booking, which limits the tyres held under each holder
 * (server/bookings/store-statement.ts); a row goes when its booking stops holding them
 * (confirmed, cancelled, released, deleted: drizzle/0028).
 */
export const tyreHolds = pgTable(
  'tyre_holds',
  {
    holder: text('holder').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.holder, table.bookingId] }),
    index('tyre_holds_booking_idx').on(table.bookingId),
    check('tyre_holds_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/**
 * Movements of the tyres on the shelf that are not bookings' own (reserving, giving back and
 * fitting follow a booking's status): each with who made it, why and when. `quantity` is how
 * many tyres it moved.
 */
export const tyreStockMovements = pgTable(
  'tyre_stock_movements',
  {
    id: serial('id').primaryKey(),
    tyreId: integer('tyre_id')
      .notNull()
      .references(() => tyres.id, { onDelete: 'cascade' }),
    /** `hold-released`: a booking not yet confirmed no longer holds its tyres. */
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** The booking's reference, kept when the booking is deleted. */
    bookingReference: text('booking_reference'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    reason: text('reason').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('tyre_stock_movements_tyre_idx').on(table.tyreId, table.occurredAt),
    check('tyre_stock_movements_kind_check', sql`${table.kind} in ('hold-released')`),
    check('tyre_stock_movements_quantity_check', sql`${table.quantity} > 0`),
  ],
);

export * from './jobs-schema.ts';
export * from './reminders-schema.ts';

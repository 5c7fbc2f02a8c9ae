import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts-schema.ts';
import { createdAt } from './columns.ts';

/**
 * The database's tables (drizzle.config.ts reads this file): each domain's in a file of its own,
 * re-exported here, and the installation's own small tables below.
 */
export * from './accounts-schema.ts';
export * from './enquiries-schema.ts';
export * from './images-schema.ts';
export * from './analytics-schema.ts';
export * from './tyres-schema.ts';
export * from './bookings-schema.ts';
export * from './settings-schema.ts';
export * from './tasks-schema.ts';
export * from './jobs-schema.ts';
export * from './vehicles-schema.ts';
export * from './reminders-schema.ts';
export * from './payments-schema.ts';
export * from './messages-schema.ts';
export * from './routes-schema.ts';

/**
 * Messages to send, written in the same transaction as their cause: each a kind and what its
 * domain stores to write it from (server/notifications/mail-kinds.ts), on its channel: `email`
 * (sent by the mail server) or `text` (sent by the text-message service, server/messages).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    channel: text('channel').notNull().default('email'),
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
    check('outbox_channel_check', sql`${table.channel} in ('email', 'text')`),
  ],
);

/**
 * How each outside service (texts, vehicle data, ...) last answered: when it last worked, and when
 * and why it last failed, for the staff's settings page.
 */
export const serviceChecks = pgTable('service_checks', {
  service: text('service').primaryKey(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lastFailure: text('last_failure'),
});

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

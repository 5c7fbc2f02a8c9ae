import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts-schema.ts';

/**
 * The business's settings, one row per domain (common/settings/domains.ts): booking, tyre price
 * rules, invoicing, reminders, and whatever a later service brings. Apart from the site content,
 * so that changing one neither publishes the website nor touches another domain. A domain without
 * a row follows its defaults. The version counts changes from 1; a change made from a stale
 * version matches no row and is refused.
 */
export const businessSettings = pgTable(
  'business_settings',
  {
    domain: text('domain').primaryKey(),
    version: integer('version').notNull(),
    settings: jsonb('settings').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text, so that it outlives the account. */
    changedByName: text('changed_by_name'),
  },
  (table) => [check('business_settings_version_positive', sql`${table.version} >= 1`)],
);

/** Every version of each domain's settings, with who made it, when, and what it changed. */
export const businessSettingsChanges = pgTable(
  'business_settings_changes',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull(),
    version: integer('version').notNull(),
    settings: jsonb('settings').notNull(),
    /** What changed from the version before, in words ("Booking: shortest notice (hours) “2” → “24”"). */
    changes: jsonb('changes').$type<string[]>().notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name'),
  },
  (table) => [unique('business_settings_changes_domain_version').on(table.domain, table.version)],
);

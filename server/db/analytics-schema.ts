import { bigserial, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';

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

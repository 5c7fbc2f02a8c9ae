import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Where things are and who is where (server/routing): postcodes' coordinates as postcodes.io gave
 * them, kept 90 days, and a version per van and day that each booking placed on that van's day
 * moves on, so that two customers cannot both take its last reachable gap.
 */
export const postcodePlaces = pgTable(
  'postcode_places',
  {
    /** As normalised: `RM3 0AB`. */
    postcode: text('postcode').primaryKey(),
    /** Its outward code (`RM3`): a district's centre is its postcodes' average where postcodes.io cannot answer. */
    district: text('district').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    lookedUpAt: timestamp('looked_up_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('postcode_places_district_idx').on(table.district),
    index('postcode_places_looked_up_idx').on(table.lookedUpAt),
    check('postcode_places_latitude_check', sql`${table.latitude} between -90 and 90`),
    check('postcode_places_longitude_check', sql`${table.longitude} between -180 and 180`),
  ],
);

export const routeDays = pgTable(
  'route_days',
  {
    date: date('date', { mode: 'string' }).notNull(),
    /** The van's start's name (common/routing/settings.ts). */
    van: text('van').notNull(),
    version: integer('version').notNull(),
  },
  (table) => [primaryKey({ columns: [table.date, table.van] })],
);

import { sql } from 'drizzle-orm';
import { check, date, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What is known of a vehicle beyond its jobs (server/vehicles), by its registration as stored
 * (AB12CDE): when its MOT runs out, and what its latest MOT test found. The vehicle's make and
 * model are its bookings'.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    registration: text('registration').primaryKey(),
    /** When its MOT certificate runs out: a year on from an MOT done here, as staff set it, or the DVSA's. */
    motExpiry: date('mot_expiry', { mode: 'string' }),
    /**
     * Where the MOT expiry came from: `here` (an MOT done here), `staff` (set by hand, never
     * overwritten by the DVSA's), `dvsa` (the MOT history); null for a date stored before the
     * source was kept, treated as set by hand.
     */
    motExpirySource: text('mot_expiry_source'),
    /** The latest MOT test as the DVSA's MOT history gives it (server/vehicles), with its tyre items. */
    motTest: jsonb('mot_test'),
    /** When the MOT history was last read for it. */
    motCheckedAt: timestamp('mot_checked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('vehicles_mot_expiry_source_check', sql`${table.motExpirySource} in ('here', 'staff', 'dvsa')`),
  ],
);

/**
 * The DVLA's answers by registration (AB12CDE), kept for a day: the vehicle's make, colour, year,
 * fuel and MOT expiry, or null where the DVLA does not know the registration.
 */
export const vehicleLookups = pgTable('vehicle_lookups', {
  registration: text('registration').primaryKey(),
  answer: jsonb('answer'),
  lookedUpAt: timestamp('looked_up_at', { withTimezone: true }).notNull().defaultNow(),
});

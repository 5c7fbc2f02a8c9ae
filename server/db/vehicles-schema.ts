import { date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What is known of a vehicle beyond its jobs (server/vehicles), by its registration as stored
 * (AB12CDE): when its MOT runs out. The vehicle's make and model are its bookings'.
 */
export const vehicles = pgTable('vehicles', {
  registration: text('registration').primaryKey(),
  /** When its MOT certificate runs out: a year on from an MOT done here, or as staff set it. */
  motExpiry: date('mot_expiry', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

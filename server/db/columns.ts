import { customType, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Node Buffer (image bytes, salts, job files). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** When the row was made: every table's `created_at` is this column. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from './bookings-schema.ts';
import type { CancelledReason } from '#common/reminders/reminders.ts';

/**
 * Bringing customers back (common/reminders): the reminders due to be sent (an MOT's go by its
 * vehicle's MOT expiry, vehicles-schema.ts). A reminder follows the job that led to it and goes
 * with its booking when that is erased.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A reminder to send: scheduled, then sent or cancelled (with why). */
export const reminders = pgTable(
  'reminders',
  {
    id: serial('id').primaryKey(),
    /** common/reminders/reminders.ts, reminderKinds. */
    kind: text('kind').notNull(),
    /** common/reminders/reminders.ts, reminderStatuses. */
    status: text('status').notNull().default('scheduled'),
    /** The first moment it may go (within the sending hours). */
    dueAt: at('due_at').notNull(),
    /** Of an MOT's reminders, the first (1) or the second (2); 1 for the others. */
    step: integer('step').notNull().default(1),
    registration: text('registration').notNull(),
    /** The job it follows, whose customer agreed to reminders. */
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Where the job was done: the link to book preselects it. */
    location: text('location').notNull(),
    /** Why it was cancelled: a code of `cancelledReasonCodes`, held to them by a check. */
    cancelledReason: text('cancelled_reason').$type<CancelledReason>(),
    sentAt: at('sent_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('reminders_due_idx').on(table.status, table.dueAt),
    index('reminders_registration_idx').on(table.registration, table.kind),
    index('reminders_booking_idx').on(table.bookingId),
    // A customer's reminders by their address, however written (review requests, unsubscribing).
    index('reminders_email_idx').on(sql`lower(${table.email})`, table.kind),
    check('reminders_kind_check', sql`${table.kind} in ('mot', 'tyres', 'review')`),
    check('reminders_status_check', sql`${table.status} in ('scheduled', 'sent', 'cancelled')`),
  ],
);

/** Who asked for no more reminders, by their e-mail address in lower case, and when. */
export const reminderUnsubscribes = pgTable('reminder_unsubscribes', {
  email: text('email').primaryKey(),
  unsubscribedAt: at('unsubscribed_at').notNull().defaultNow(),
});

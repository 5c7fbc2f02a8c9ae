import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings-schema.ts';
import { createdAt } from './columns.ts';
import { enquiries } from './enquiries-schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Text messages (server/messages): those sent, with what the text-message service said of their
 * delivery, and the customers' replies. Each belongs to its booking or its enquiry and goes with
 * it when that is erased.
 */
export const textMessages = pgTable(
  'text_messages',
  {
    id: serial('id').primaryKey(),
    /** `out` (sent by the business) or `in` (a customer's reply). */
    direction: text('direction').notNull(),
    /** Of a text sent, its kind (common/messages/texts.ts); null for a reply. */
    kind: text('kind'),
    /** The customer's number, E.164 (+447700900123). */
    phone: text('phone').notNull(),
    /** The words, as sent or received (a manage link's token written as its first characters). */
    body: text('body').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    enquiryId: integer('enquiry_id').references(() => enquiries.id, { onDelete: 'cascade' }),
    /** The outbox row a text sent went from: one text a row, however many processes try. */
    outboxId: bigint('outbox_id', { mode: 'number' }),
    /** The service's id of the message (Twilio's SM… / MM…). */
    providerId: text('provider_id'),
    /**
     * `sending` (asked, no answer yet), `queued`, `sent`, `delivered`, `undelivered`, `failed`;
     * `received` for a reply.
     */
    status: text('status').notNull(),
    /** The service's error code for a text that failed (Twilio's 30003, ...). */
    errorCode: integer('error_code'),
    statusAt: at('status_at').notNull().defaultNow(),
    /** When staff first saw a reply; null while it is unread. */
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('text_messages_outbox_idx').on(table.outboxId),
    uniqueIndex('text_messages_provider_idx').on(table.providerId),
    index('text_messages_booking_idx').on(table.bookingId),
    index('text_messages_enquiry_idx').on(table.enquiryId),
    index('text_messages_phone_idx').on(table.phone),
    index('text_messages_unread_idx')
      .on(table.createdAt)
      .where(sql`${table.direction} = 'in' and ${table.readAt} is null`),
    check('text_messages_direction_check', sql`${table.direction} in ('out', 'in')`),
    check(
      'text_messages_status_check',
      sql`${table.status} in ('sending', 'queued', 'sent', 'delivered', 'undelivered', 'failed', 'received')`,
    ),
  ],
);

/** Numbers that replied STOP (or its like): no text but those a booking needs goes to them. */
export const textOptOuts = pgTable('text_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: at('opted_out_at').notNull().defaultNow(),
});

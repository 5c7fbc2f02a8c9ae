import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts-schema.ts';
import { createdAt } from './columns.ts';
import { enquiries } from './enquiries-schema.ts';
import { tyres } from './tyres-schema.ts';

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
    /** BK-YYMM-NNNN since bookings had their own (ENQ-YYMM-NNNN before): its enquiry's too. */
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
    /**
     * Mobile work only: whether the wheels have locking wheel nuts (`yes`, `no`, `not-sure`; null
     * when not asked or not answered), and where the key is when they do.
     */
    lockingNuts: text('locking_nuts'),
    lockingNutKey: text('locking_nut_key'),
    /** Whether its customer is asked for a review after the job; staff may untick it. */
    reviewRequest: boolean('review_request').notNull().default(true),
    /** The customer's answer to the reminders question, when they gave it, and its words. */
    remindersConsent: boolean('reminders_consent').notNull().default(false),
    remindersConsentAt: timestamp('reminders_consent_at', { withTimezone: true }),
    remindersConsentWording: text('reminders_consent_wording'),
    /**
     * How the customer wants to hear from the business (common/messages/contact.ts): `email`,
     * `text` or `both`; when they answered (null where the client sent no answer: e-mail).
     */
    contactBy: text('contact_by').notNull().default('email'),
    contactByAt: timestamp('contact_by_at', { withTimezone: true }),
    /** The words of the question and of the answer chosen, as the customer saw them. */
    contactByWording: text('contact_by_wording'),
    /** When the text of the day before, with the window, was queued (once a booking). */
    dayBeforeTextAt: timestamp('day_before_text_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    /**
     * Mobile work, while routes are kept (common/routing): the postcode's coordinates when booked,
     * the van (its start's name) whose day took it, its place in that day's route as the office
     * ordered it (null: by window), and the call-out charge by distance, part of `totalPence`.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    routeVan: text('route_van'),
    routePosition: integer('route_position'),
    callOutPence: integer('call_out_pence').notNull().default(0),
    /** The fitter the office gave the job to (a `fitter` account), if any. */
    fitterId: integer('fitter_id').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    /** `customer`, or the member of staff who cancelled, as named at the time (display name, else username). */
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
    /**
     * Money asked online (common/payments/payments.ts): `none` (pay on the day), `due` (a deposit
     * of `depositPence` to pay by `holdUntil`, else the booking lapses), `paid`, `lapsed`
     * (released unpaid: cancelled), `refunded`.
     */
    paymentStatus: text('payment_status').notNull().default('none'),
    depositPence: integer('deposit_pence'),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bookings_hold_until_idx')
      .on(table.holdUntil)
      .where(sql`${table.paymentStatus} = 'due'`),
    check(
      'bookings_payment_status_check',
      sql`${table.paymentStatus} in ('none', 'due', 'paid', 'lapsed', 'refunded')`,
    ),
    uniqueIndex('bookings_enquiry_idx').on(table.enquiryId),
    uniqueIndex('bookings_reference_idx').on(table.reference),
    uniqueIndex('bookings_manage_token_idx').on(table.manageTokenHash),
    index('bookings_starts_at_idx').on(table.startsAt),
    index('bookings_tyre_idx').on(table.tyreId),
    index('bookings_date_idx').on(table.date, table.startTime),
    index('bookings_fitter_date_idx').on(table.fitterId, table.date),
    index('bookings_registration_idx').on(table.registration, table.date, table.startTime),
    check('bookings_tyre_source_check', sql`${table.tyreSource} in ('stock', 'supplier')`),
    check('bookings_contact_by_check', sql`${table.contactBy} in ('email', 'text', 'both')`),
    check('bookings_locking_nuts_check', sql`${table.lockingNuts} in ('yes', 'no', 'not-sure')`),
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
 * The last booking reference number given in each month: BK-YYMM-NNNN counts up per month
 * (London time), apart from the enquiries' ENQ- numbers (next_booking_reference, drizzle/).
 */
export const bookingReferenceCounters = pgTable('booking_reference_counters', {
  month: text('month').primaryKey(),
  last: integer('last').notNull(),
});

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

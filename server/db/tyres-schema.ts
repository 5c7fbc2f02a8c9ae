import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The tyre catalogue (common/tyres): what the business can fit, from its own stock or its
 * supplier's, with the EU tyre label and what it costs. Prices customers see are worked out from
 * the cost and the rules in the site content (common/tyres/pricing.ts), not stored.
 */

/** Suppliers whose price files staff import, with how each one's column headers map to ours. */
export const tyreSuppliers = pgTable('tyre_suppliers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /**
   * The supplier's header for each of our columns, or the value a column the file lacks takes
   * (common/tyres/price-file.ts): { "cost": "Net Price", "season": { "value": "winter" } }.
   */
  mapping: jsonb('mapping').$type<Record<string, string | { value: string }>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tyres = pgTable(
  'tyres',
  {
    id: serial('id').primaryKey(),
    /** The 13-digit European Article Number, where the supplier gives one: a tyre's identity. */
    ean: text('ean'),
    brand: text('brand').notNull(),
    pattern: text('pattern').notNull(),
    width: integer('width').notNull(),
    profile: integer('profile').notNull(),
    rim: integer('rim').notNull(),
    loadIndex: integer('load_index').notNull(),
    /** A van (C-type) tyre's second load index, for dual fitment: 102 of 104/102. */
    loadIndexDual: integer('load_index_dual'),
    speedRating: text('speed_rating').notNull(),
    season: text('season').notNull().default('summer'),
    runFlat: boolean('run_flat').notNull().default(false),
    extraLoad: boolean('extra_load').notNull().default(false),
    /** EU tyre label: fuel efficiency and wet grip A-E, external noise in dB and class A-C. */
    fuel: text('fuel'),
    wet: text('wet'),
    noiseDb: integer('noise_db'),
    noiseClass: text('noise_class'),
    /** The three-peak mountain snowflake (3PMSF) and the ice grip symbols. */
    snow: boolean('snow').notNull().default(false),
    ice: boolean('ice').notNull().default(false),
    /**
     * What one tyre costs the business, before VAT, in pence. With sources (tyre_sources), that of
     * the cheapest source with stock (else the cheapest); `supplierStock` is then their stock
     * summed, `leadDays` the longest lead time of those with stock and `supplierId` the cheapest's.
     */
    costPence: integer('cost_pence').notNull(),
    /** Tyres on the business's shelves, of which `reserved` are held for bookings. */
    stock: integer('stock').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    /**
     * How many the booking statement that last reserved some took (a batch of bookings may take
     * several): read back by that statement alone, to know which of its bookings got theirs.
     */
    reserveGranted: integer('reserve_granted').notNull().default(0),
    supplierStock: integer('supplier_stock').notNull().default(0),
    leadDays: integer('lead_days').notNull().default(1),
    /** The fully fitted price staff set for this tyre, in place of the rules'. */
    priceOverridePence: integer('price_override_pence'),
    /** Hidden by staff: never offered. */
    hidden: boolean('hidden').notNull().default(false),
    /** Missing from its supplier's last full price file: kept (bookings name it) but not offered. */
    available: boolean('available').notNull().default(true),
    /** One of the demo catalogue's tyres that a new install starts with. */
    demo: boolean('demo').notNull().default(false),
    supplierId: integer('supplier_id').references(() => tyreSuppliers.id, { onDelete: 'set null' }),
    /** The import that last listed this tyre: those a full file leaves out are withdrawn. */
    lastImportId: integer('last_import_id'),
    /** Brand, pattern, size, load index and speed rating, normalised: matches a file's row without EAN. */
    matchKey: text('match_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tyres_ean_idx')
      .on(table.ean)
      .where(sql`${table.ean} is not null`),
    index('tyres_size_idx').on(table.width, table.profile, table.rim),
    index('tyres_match_key_idx').on(table.matchKey),
    index('tyres_brand_idx').on(sql`lower(${table.brand})`),
    check('tyres_season_check', sql`${table.season} in ('summer', 'winter', 'all-season')`),
    check('tyres_stock_check', sql`${table.stock} >= 0`),
    check('tyres_reserved_check', sql`${table.reserved} >= 0 and ${table.reserved} <= ${table.stock}`),
    check(
      'tyres_load_index_dual_check',
      sql`${table.loadIndexDual} is null or ${table.loadIndexDual} < ${table.loadIndex}`,
    ),
    check('tyres_supplier_stock_check', sql`${table.supplierStock} >= 0`),
    check('tyres_lead_days_check', sql`${table.leadDays} >= 0`),
    check('tyres_cost_check', sql`${table.costPence} >= 0`),
    check('tyres_fuel_check', sql`${table.fuel} in ('A', 'B', 'C', 'D', 'E')`),
    check('tyres_wet_check', sql`${table.wet} in ('A', 'B', 'C', 'D', 'E')`),
    check('tyres_noise_class_check', sql`${table.noiseClass} in ('A', 'B', 'C')`),
  ],
);

/**
 * Where a tyre can be had: one row per price file list that names it (a supplier's, or our own
 * list's with no supplier), with that list's cost, stock, lead time and part number. A tyre two
 * suppliers list is one tyre with two sources; its own columns combine them (see costPence).
 */
export const tyreSources = pgTable(
  'tyre_sources',
  {
    id: serial('id').primaryKey(),
    tyreId: integer('tyre_id')
      .notNull()
      .references(() => tyres.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id').references(() => tyreSuppliers.id, { onDelete: 'cascade' }),
    /** The supplier's own number for the tyre, to order it by. */
    partNumber: text('part_number'),
    costPence: integer('cost_pence').notNull(),
    stock: integer('stock').notNull().default(0),
    leadDays: integer('lead_days').notNull().default(1),
    /** The import that last listed it: a supplier's full file removes those it no longer lists. */
    lastImportId: integer('last_import_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('tyre_sources_tyre_supplier_key').on(table.tyreId, table.supplierId).nullsNotDistinct(),
    index('tyre_sources_supplier_idx').on(table.supplierId),
    check('tyre_sources_stock_check', sql`${table.stock} >= 0`),
    check('tyre_sources_cost_check', sql`${table.costPence} >= 0`),
    check('tyre_sources_lead_days_check', sql`${table.leadDays} >= 0`),
  ],
);

/**
 * Imports of price files: their progress while they run, then what they did, with the rows they
 * refused (line number and reason) for staff to read or download.
 */
export const tyreImports = pgTable(
  'tyre_imports',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id').references(() => tyreSuppliers.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** A full file lists everything the supplier has: its tyres missing from it become unavailable. */
    full: boolean('full').notNull().default(true),
    status: text('status').notNull().default('running'),
    rows: integer('rows').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** Tyres of the supplier missing from a full file, made unavailable. */
    withdrawn: integer('withdrawn').notNull().default(0),
    errors: jsonb('errors').$type<{ line: number; reason: string }[]>().notNull().default([]),
    /** Why a failed import stopped. */
    failure: text('failure'),
    startedBy: text('started_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('tyre_imports_started_at_idx').on(table.startedAt),
    // One import at a time: two at once would each withdraw the tyres the other stored.
    uniqueIndex('tyre_imports_one_running_idx')
      .on(table.status)
      .where(sql`${table.status} = 'running'`),
    check('tyre_imports_status_check', sql`${table.status} in ('running', 'done', 'failed')`),
  ],
);

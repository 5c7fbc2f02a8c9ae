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
  /** The supplier's header for each of our columns (common/tyres/price-file.ts): { "cost": "Net Price" }. */
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
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
    /** What one tyre costs the business, before VAT, in pence. */
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
    check('tyres_supplier_stock_check', sql`${table.supplierStock} >= 0`),
    check('tyres_lead_days_check', sql`${table.leadDays} >= 0`),
    check('tyres_cost_check', sql`${table.costPence} >= 0`),
    check('tyres_fuel_check', sql`${table.fuel} in ('A', 'B', 'C', 'D', 'E')`),
    check('tyres_wet_check', sql`${table.wet} in ('A', 'B', 'C', 'D', 'E')`),
    check('tyres_noise_class_check', sql`${table.noiseClass} in ('A', 'B', 'C')`),
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
    check('tyre_imports_status_check', sql`${table.status} in ('running', 'done', 'failed')`),
  ],
);

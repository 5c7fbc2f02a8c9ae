import * as z from 'zod/mini';
import type { Booking } from '#common/bookings/booking.ts';
import type { TyreBasics } from './catalogue.ts';
import type { ColumnMapping } from './price-file.ts';

/**
 * The catalogue as staff see it in the Tyres tab (GET /api/tyres/{id}, GET
 * /api/tyres/catalogue): amounts in pence, `price` fully fitted as customers see it.
 */
export type StaffTyre = TyreBasics & {
  ean: string | null;
  cost: number;
  priceOverride: number | null;
  /** On the shelf, of which `reserved` are held for bookings. */
  stock: number;
  reserved: number;
  supplierStock: number;
  leadDays: number;
  hidden: boolean;
  /** False once missing from its supplier's last full file. */
  available: boolean;
  demo: boolean;
  /** Each list that names the tyre, cheapest first. */
  sources: TyreSourceView[];
  /** What the sale makes (`marginOf`): in pence, and as a percentage of the price before VAT. */
  margin: { pence: number; percent: number };
};

/** GET /api/tyres/catalogue: a page, and the `offset` to ask for the next (null at the end). */
export type StaffTyrePage = { items: StaffTyre[]; next: number | null; demoCount: number };

/**
 * The columns the Tyres tab's stock table sorts by (GET /api/tyres/catalogue?sort=&dir=): `held`
 * is the stock bookings hold, `price` the fitted price as the rules in force make it, `margin`
 * what that price makes before VAT over the cost (`marginOf`). Without a sort, tyres come in the order they joined the catalogue.
 */
export const catalogueSorts = [
  'brand',
  'pattern',
  'size',
  'stock',
  'held',
  'supplier',
  'cost',
  'price',
  'margin',
] as const;
export type CatalogueSort = (typeof catalogueSorts)[number];

export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/**
 * A tyre is low on stock when at most this many on the shelf are free (not held for bookings):
 * fewer than four, a set for one car. The stock table's Low stock filter (`?low=true`).
 */
export const lowStockLevel = 3;

/**
 * What a tyre's sale makes: its fitted price without the VAT (which goes to HMRC) less the
 * supplier's cost (before VAT, reclaimed), in pence, and that as a percentage of the price before
 * VAT (one decimal). The fitting is part of the sale: a tyre sold at cost still earns its fitting.
 */
export function marginOf({ price, cost }: { price: number; cost: number }, vatRatePercent: number) {
  const beforeVat = (price * 100) / (100 + vatRatePercent);
  const pence = Math.round(beforeVat - cost);
  return { pence, percent: beforeVat > 0 ? Math.round((pence / beforeVat) * 1000) / 10 : 0 };
}

/** GET /api/tyres/pricing: the rules in force, and the version of the content they come from. */

/** A supplier and the mapping of its file's headers onto our columns (GET /api/tyres/suppliers). */
export type TyreSupplier = { id: number; name: string; mapping: ColumnMapping };

/** Where a tyre can be had: a supplier's list (null: our own), with its part number to order by. */
export type TyreSourceView = {
  supplier: string | null;
  partNumber: string | null;
  cost: number;
  stock: number;
  leadDays: number;
};

/** GET /api/tyres/to-order: a booking whose tyres come from a supplier, with where they can be had. */
export type TyreToOrder = Booking & { sources: TyreSourceView[] };

/** GET /api/tyres/imports/{id}. */
export type TyreImportReport = {
  id: number;
  fileName: string;
  supplier: string | null;
  full: boolean;
  status: 'running' | 'done' | 'failed';
  rows: number;
  imported: number;
  rejected: number;
  withdrawn: number;
  errors: { line: number; reason: string }[];
  failure: string | null;
  startedBy: string | null;
  startedAt: string;
  finishedAt: string | null;
};

/** PATCH /api/tyres/{id}: a new stock count (with the reason, for the activity log), an own price, or hidden. */
export const tyreChangeSchema = z
  .object({
    stock: z.optional(
      z
        .number('Enter the number of tyres on the shelf')
        .check(
          z.int('Enter a whole number of tyres'),
          z.minimum(0, 'Cannot be negative'),
          z.maximum(100_000, 'Too many'),
        ),
    ),
    priceOverride: z.optional(
      z.nullable(
        z
          .number('Enter the price in pence')
          .check(
            z.int('Enter the price in whole pence'),
            z.minimum(1, 'Enter a price'),
            z.maximum(1_000_000, 'At most £10,000'),
          ),
      ),
    ),
    hidden: z.optional(z.boolean('Choose whether customers see this tyre')),
    reason: z.optional(
      z.pipe(
        z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : value)),
        z.string('Say why').check(z.maxLength(200, 'At most 200 characters')),
      ),
    ),
  })
  .check(
    z.superRefine((change, context) => {
      if (change.stock !== undefined && !change.reason) {
        context.issues.push({
          code: 'custom',
          input: change.reason,
          path: ['reason'],
          message: 'Say why the stock changes, for example “Counted the shelf”',
        });
      }
    }),
  );
export type TyreChange = z.output<typeof tyreChangeSchema>;

/** Message of a stock count below the tyres bookings hold. */
export const belowReservedMessage = (reserved: number) =>
  `${reserved} of these tyres are held for bookings: the stock cannot be less than that.`;

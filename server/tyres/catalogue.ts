import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Season, TyreBasics } from '#common/tyres/catalogue.ts';
import { fittedPrice } from '#common/tyres/pricing.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import { pricingRules, tierFor } from '#common/tyres/pricing-settings.ts';
import { sizeText, type TyreSize } from '#common/tyres/size.ts';
import type { TyreSourceView } from '#common/tyres/staff.ts';
import type { Database } from '../db/client.ts';
import { tyreSources, tyreSuppliers, tyres } from '../db/schema.ts';

/** A row of the catalogue. */
export type TyreRow = typeof tyres.$inferSelect;

/** Offered to customers: not hidden by staff, and still in its supplier's range. */
const offered = and(eq(tyres.hidden, false), eq(tyres.available, true));

/** The sizes the catalogue offers tyres in, smallest rim, then width, then profile first. */
export async function offeredSizes(db: Database): Promise<TyreSize[]> {
  return db
    .selectDistinct({ width: tyres.width, profile: tyres.profile, rim: tyres.rim })
    .from(tyres)
    .where(offered)
    .orderBy(asc(tyres.rim), asc(tyres.width), asc(tyres.profile));
}

/** The sizes with an offered tyre that own stock or the supplier has: the sitemap's size pages. */
export async function stockedSizes(db: Database): Promise<TyreSize[]> {
  return db
    .selectDistinct({ width: tyres.width, profile: tyres.profile, rim: tyres.rim })
    .from(tyres)
    .where(and(offered, sql`(${tyres.stock} > ${tyres.reserved} or ${tyres.supplierStock} > 0)`))
    .orderBy(asc(tyres.rim), asc(tyres.width), asc(tyres.profile));
}

/**
 * Every offered tyre's markings (what its slug is made of) and whether own stock or the supplier
 * has it, smallest size first, then in the order they joined the catalogue.
 */
export async function offeredTyreMarks(db: Database) {
  return db
    .select({
      id: tyres.id,
      brand: tyres.brand,
      pattern: tyres.pattern,
      width: tyres.width,
      profile: tyres.profile,
      rim: tyres.rim,
      loadIndex: tyres.loadIndex,
      loadIndexDual: tyres.loadIndexDual,
      speedRating: tyres.speedRating,
      season: tyres.season,
      runFlat: tyres.runFlat,
      extraLoad: tyres.extraLoad,
      stocked: sql<boolean>`(${tyres.stock} > ${tyres.reserved} or ${tyres.supplierStock} > 0)`,
    })
    .from(tyres)
    .where(offered)
    .orderBy(asc(tyres.rim), asc(tyres.width), asc(tyres.profile), asc(tyres.id));
}

/** The offered tyres of each of `sizes`. */
export async function offeredTyresOf(db: Database, sizes: readonly TyreSize[]): Promise<TyreRow[]> {
  if (sizes.length === 0) return [];
  const wanted = sql.join(
    sizes.map((size) => sql`(${size.width}::int, ${size.profile}::int, ${size.rim}::int)`),
    sql`, `,
  );
  return db
    .select()
    .from(tyres)
    .where(and(offered, sql`(${tyres.width}, ${tyres.profile}, ${tyres.rim}) in (${wanted})`));
}

/** The highest load index and speed rating of the tyres listed in `size`, offered or not. */
export async function ratingsOf(db: Database, size: TyreSize) {
  return db
    .select({ loadIndex: tyres.loadIndex, speedRating: tyres.speedRating })
    .from(tyres)
    .where(and(eq(tyres.width, size.width), eq(tyres.profile, size.profile), eq(tyres.rim, size.rim)));
}

export async function tyreById(db: Database, id: number): Promise<TyreRow | undefined> {
  const [row] = await db.select().from(tyres).where(eq(tyres.id, id));
  return row;
}

/** A row's stock as the "fitted from" arithmetic takes it (common/tyres/fitted-from.ts). */
export const tyreStockOf = (row: TyreRow) => ({
  ownFree: row.stock - row.reserved,
  supplierStock: row.supplierStock,
  leadDays: row.leadDays,
  offered: true,
});

/** A row's fitted price by the rules in force (its own price where staff set one). */
export function fittedPriceOf(
  row: Pick<TyreRow, 'brand' | 'rim' | 'costPence' | 'priceOverridePence'>,
  settings: Pick<BusinessSettings, 'tyres' | 'invoicing'>,
): number {
  return fittedPrice(pricingRules(settings.tyres, settings.invoicing.vatRatePercent), {
    rim: row.rim,
    tier: tierFor(settings.tyres, row.brand),
    costPence: row.costPence,
    priceOverridePence: row.priceOverridePence,
  });
}

/** What customers and staff both see of a row, priced by the rules in force. */
export function tyreBasics(
  row: TyreRow,
  settings: Pick<BusinessSettings, 'tyres' | 'invoicing'>,
): TyreBasics {
  const tier = tierFor(settings.tyres, row.brand);
  return {
    id: row.id,
    brand: row.brand,
    pattern: row.pattern,
    size: sizeText(row),
    loadIndex: row.loadIndex,
    loadIndexDual: row.loadIndexDual,
    speedRating: row.speedRating,
    season: row.season as Season,
    runFlat: row.runFlat,
    extraLoad: row.extraLoad,
    tier,
    price: fittedPriceOf(row, settings),
  };
}

/** Where each of the tyres `ids` can be had, cheapest first: what staff order by. */
export async function sourcesOf(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, TyreSourceView[]>> {
  const bySource = new Map<number, TyreSourceView[]>();
  if (ids.length === 0) return bySource;
  const rows = await db
    .select({
      tyreId: tyreSources.tyreId,
      supplier: tyreSuppliers.name,
      partNumber: tyreSources.partNumber,
      cost: tyreSources.costPence,
      stock: tyreSources.stock,
      leadDays: tyreSources.leadDays,
    })
    .from(tyreSources)
    .leftJoin(tyreSuppliers, eq(tyreSuppliers.id, tyreSources.supplierId))
    .where(inArray(tyreSources.tyreId, [...ids]))
    .orderBy(asc(tyreSources.costPence), asc(tyreSources.id));
  for (const { tyreId, ...source } of rows) {
    const list = bySource.get(tyreId) ?? [];
    list.push(source);
    bySource.set(tyreId, list);
  }
  return bySource;
}

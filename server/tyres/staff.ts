import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { BusinessSettings } from '#common/settings/domains.ts';
import { parseTyreSize } from '#common/tyres/size.ts';
import {
  belowReservedMessage,
  marginOf,
  type StaffTyre,
  type TyreChange,
  type TyreSourceView,
} from '#common/tyres/staff.ts';
import type { Database } from '../db/client.ts';
import { bookings, tyres } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { tyreBasics, type TyreRow } from './catalogue.ts';
import { forgetCatalogue } from './offers.ts';

/** A catalogue row as staff see it: what customers see, and the cost, stock and flags behind it. */
export function staffTyre(
  row: TyreRow,
  settings: Pick<BusinessSettings, 'tyres' | 'invoicing'>,
  sources: TyreSourceView[] = [],
): StaffTyre {
  const basics = tyreBasics(row, settings);
  return {
    ...basics,
    ean: row.ean,
    cost: row.costPence,
    priceOverride: row.priceOverridePence,
    stock: row.stock,
    reserved: row.reserved,
    supplierStock: row.supplierStock,
    leadDays: row.leadDays,
    hidden: row.hidden,
    available: row.available,
    demo: row.demo,
    sources,
    margin: marginOf({ price: basics.price, cost: row.costPence }, settings.invoicing.vatRatePercent),
  };
}

/**
 * The tyres a staff search finds: a size (any usual spelling), an EAN, or part of a brand or
 * pattern; every tyre for an empty search.
 */
export function staffSearchWhere(query: string): SQL | undefined {
  const text = query.trim();
  const size = text === '' ? null : parseTyreSize(text);
  if (size) return and(eq(tyres.width, size.width), eq(tyres.profile, size.profile), eq(tyres.rim, size.rim));
  if (/^\d{8,14}$/.test(text)) return eq(tyres.ean, text);
  if (text === '') return undefined;
  const like = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return or(ilike(tyres.brand, like), ilike(tyres.pattern, like));
}

/**
 * Changes a tyre's stock, own price or visibility; answers the row before and after, or null
 * when there is no such tyre. Stock never goes below what bookings hold.
 */
export async function changeTyre(db: Database, id: number, change: TyreChange) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(tyres).where(eq(tyres.id, id)).for('update');
    if (!before) return null;
    if (change.stock !== undefined && change.stock < before.reserved) {
      throw new HttpError(409, belowReservedMessage(before.reserved), {
        stock: [belowReservedMessage(before.reserved)],
      });
    }
    const [after] = await tx
      .update(tyres)
      .set({
        ...(change.stock !== undefined && { stock: change.stock }),
        ...(change.priceOverride !== undefined && { priceOverridePence: change.priceOverride }),
        ...(change.hidden !== undefined && { hidden: change.hidden }),
        updatedAt: new Date(),
      })
      .where(eq(tyres.id, id))
      .returning();
    forgetCatalogue(db);
    return { before, after: after! };
  });
}

/**
 * Removes the demo catalogue: its tyres that no booking names are deleted, the others (kept for
 * the bookings that name them) hidden. Answers how many were deleted.
 */
export async function removeDemoTyres(db: Database): Promise<number> {
  const named = sql`exists (select 1 from ${bookings} where ${bookings.tyreId} = ${tyres.id})`;
  const deleted = await db
    .delete(tyres)
    .where(and(eq(tyres.demo, true), sql`not ${named}`))
    .returning({ id: tyres.id });
  await db.update(tyres).set({ hidden: true }).where(eq(tyres.demo, true));
  forgetCatalogue(db);
  return deleted.length;
}

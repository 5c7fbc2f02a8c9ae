import type { Request, Response } from 'express';
import { and, asc, desc, eq, inArray, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { BusinessSettings } from '#common/settings/domains.ts';
import {
  catalogueSorts,
  lowStockLevel,
  marginOf,
  sortDirections,
  type CatalogueSort,
  type SortDirection,
  type StaffTyrePage,
} from '#common/tyres/staff.ts';
import type { Database } from '../db/client.ts';
import { tyres } from '../db/schema.ts';
import { blankAsMissing, parseQuery, textParam, wholeNumberParam } from '../http/params.ts';
import { fittedPriceOf, sourcesOf, type TyreRow } from './catalogue.ts';
import { flagParam } from './routes.ts';
import { staffSearchWhere, staffTyre } from './staff.ts';

/** Tyres a page of the stock table. */
const pageSize = 50;

/** `?q=&sort=&dir=&low=&offset=` of the catalogue; an empty parameter counts as not given. */
const catalogueQuerySchema = z.object({
  // A search: its first 80 characters.
  q: z._default(
    z.pipe(
      textParam('q'),
      z.transform((q: string) => q.slice(0, 80)),
    ),
    '',
  ),
  sort: blankAsMissing(
    z.optional(z.enum(catalogueSorts, `sort must be one of ${catalogueSorts.join(', ')}.`)),
  ),
  dir: blankAsMissing(z._default(z.enum(sortDirections, 'dir must be asc or desc.'), 'asc')),
  low: blankAsMissing(z._default(flagParam('low'), false)),
  // How many tyres of the order come before the page.
  offset: z._default(wholeNumberParam('offset', 0, 2_147_483_647), 0),
});

type CatalogueQuery = z.output<typeof catalogueQuerySchema>;

/** The order of each sort the database's own columns give. */
const columnOrders: Record<Exclude<CatalogueSort, 'price' | 'margin'>, AnyColumn[]> = {
  brand: [tyres.brand, tyres.pattern],
  pattern: [tyres.pattern, tyres.brand],
  size: [tyres.width, tyres.profile, tyres.rim],
  stock: [tyres.stock],
  held: [tyres.reserved],
  supplier: [tyres.supplierStock],
  cost: [tyres.costPence],
};

/**
 * The ids of a page of tyres sorted by what the price rules make of them (price, margin): the
 * matching tyres' few figures read, priced here, sorted, the page taken. Thousands of tyres take
 * milliseconds; the rules are code, not SQL, and stay in one place.
 */
async function pricedPageIds(
  db: Database,
  where: SQL | undefined,
  { sort, dir, offset }: { sort: 'price' | 'margin'; dir: SortDirection; offset: number },
  settings: Pick<BusinessSettings, 'tyres' | 'invoicing'>,
): Promise<number[]> {
  const rows = await db
    .select({
      id: tyres.id,
      brand: tyres.brand,
      rim: tyres.rim,
      costPence: tyres.costPence,
      priceOverridePence: tyres.priceOverridePence,
    })
    .from(tyres)
    .where(where);
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((row) => {
      const price = fittedPriceOf(row, settings);
      const key =
        sort === 'price'
          ? price
          : marginOf({ price, cost: row.costPence }, settings.invoicing.vatRatePercent).pence;
      return { id: row.id, key };
    })
    .sort((a, b) => (a.key - b.key) * sign || a.id - b.id)
    .slice(offset, offset + pageSize + 1)
    .map((row) => row.id);
}

/**
 * A page of the catalogue for staff, searched, filtered to low stock and sorted as asked, and
 * one more tyre when there is a next page. Ties in the sort go in the order tyres were added.
 */
export async function catalogueRows(
  db: Database,
  { q, sort, dir, low, offset }: CatalogueQuery,
  settings: Pick<BusinessSettings, 'tyres' | 'invoicing'>,
): Promise<TyreRow[]> {
  const free = sql`${tyres.stock} - ${tyres.reserved}`;
  const where = and(staffSearchWhere(q), low ? lte(free, lowStockLevel) : undefined);
  if (sort === 'price' || sort === 'margin') {
    const ids = await pricedPageIds(db, where, { sort, dir, offset }, settings);
    if (ids.length === 0) return [];
    const byId = new Map(
      (await db.select().from(tyres).where(inArray(tyres.id, ids))).map((row) => [row.id, row]),
    );
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
  const order = sort ? columnOrders[sort] : [];
  return db
    .select()
    .from(tyres)
    .where(where)
    .orderBy(...order.map((column) => (dir === 'asc' ? asc(column) : desc(column))), asc(tyres.id))
    .offset(offset)
    .limit(pageSize + 1);
}

/** GET /tyres/catalogue: a page of the stock table. */
export function cataloguePage({ db, settings }: { db: Database; settings: () => Promise<BusinessSettings> }) {
  return async (req: Request, res: Response) => {
    const query = parseQuery(catalogueQuerySchema, req);
    const inForce = await settings();
    const rows = await catalogueRows(db, query, inForce);
    const page = rows.slice(0, pageSize);
    const sources = await sourcesOf(
      db,
      page.map((row) => row.id),
    );
    res.json({
      items: page.map((row) => staffTyre(row, inForce, sources.get(row.id))),
      next: rows.length > pageSize ? query.offset + pageSize : null,
      demoCount: await db.$count(tyres, and(eq(tyres.demo, true), eq(tyres.hidden, false))),
    } satisfies StaffTyrePage);
  };
}

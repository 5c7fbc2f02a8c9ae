import { and, eq } from 'drizzle-orm';
import type { TyrePageAnswer } from '#common/tyres/catalogue.ts';
import { shownQuantities } from '#common/tyres/pricing.ts';
import type { TyreSize } from '#common/tyres/size.ts';
import { tyreSlugs } from '#common/tyres/tyre-slug.ts';
import type { Database } from '../db/client.ts';
import { tyres } from '../db/schema.ts';
import type { BookingDependencies } from '../bookings/dependencies.ts';
import { tyreDescription } from './booking-tyres.ts';
import { offeredTyreMarks } from './catalogue.ts';
import { keptTyre, searchTyres } from './offers.ts';

/**
 * A tyre's own page (/tyres/205-55-r16/michelin-primacy-4-plus-94v): the tyre as its size's page
 * shows it, from the same searches (kept, offers.ts), for each quantity priced, so that the
 * price and "fitted from" are the size page's; and its EAN.
 */
export async function tyrePage(
  deps: BookingDependencies,
  size: TyreSize,
  slug: string,
): Promise<TyrePageAnswer> {
  const answers = await Promise.all(
    shownQuantities.map((quantity) =>
      searchTyres(deps, { size: { ...size, loadIndex: null, speedRating: null }, sort: 'price', quantity }),
    ),
  );
  const offers = answers.map((answer) => answer.items.find((item) => item.slug === slug));
  const offer = offers[0];
  if (!offer) return { found: false, withdrawn: await withdrawnTyre(deps.db, size, slug) };
  const row = await keptTyre(deps.db, offer.id);
  return {
    found: true,
    offer,
    ean: row?.ean ?? null,
    quantities: shownQuantities.map((quantity, index) => ({
      quantity,
      fittedFrom: offers[index]?.fittedFrom ?? null,
      availability: offers[index]?.availability ?? 'none',
    })),
  };
}

/**
 * The name of the tyre of `size` whose page `slug` was and which is no longer offered (hidden by
 * staff, or gone from its supplier's range), else null: its page says so, rather than that there
 * never was such a tyre.
 */
async function withdrawnTyre(db: Database, size: TyreSize, slug: string): Promise<string | null> {
  const rows = await db
    .select()
    .from(tyres)
    .where(and(eq(tyres.width, size.width), eq(tyres.profile, size.profile), eq(tyres.rim, size.rim)));
  const slugs = tyreSlugs(rows);
  const row = rows.find((candidate) => slugs.get(candidate.id) === slug);
  return row && (row.hidden || !row.available) ? tyreDescription(row) : null;
}

/**
 * The pages of the tyres on offer that own stock or the supplier has (the sitemap's): slugs told
 * apart among all the offered tyres of a size, as the searches do.
 */
export async function stockedTyrePages(db: Database): Promise<{ size: TyreSize; slug: string }[]> {
  const rows = await offeredTyreMarks(db);
  const slugs = tyreSlugs(rows);
  return rows
    .filter((row) => row.stocked)
    .map((row) => ({
      size: { width: row.width, profile: row.profile, rim: row.rim },
      slug: slugs.get(row.id)!,
    }));
}

import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { tyreNotOfferedMessage, tyresFromMessage, tyresGoneMessage } from '#common/bookings/booking.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import { londonDate } from '#common/time/london.ts';
import { availabilityOf, firstDayWithTyres } from '#common/tyres/fitted-from.ts';
import { loadIndexText, sizeLabel } from '#common/tyres/size.ts';
import type { TyreToOrder } from '#common/tyres/staff.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import type { BookingTyres, TyreChoiceResult } from '../bookings/dependencies.ts';
import { selectBookings } from '../bookings/records.ts';
import { sourcesOf, tyreBasics, tyreStockOf, type TyreRow } from './catalogue.ts';
import { forgetCatalogue, keptTyre, tyresReserved } from './offers.ts';

/** "Hankook Ventus Prime 4 205/55 R16 91V" (a van tyre's "109/107T"), as bookings, e-mails and the diary name a tyre. */
export const tyreDescription = (row: TyreRow) =>
  `${row.brand} ${row.pattern} ${sizeLabel(row)} ${loadIndexText(row)}${row.speedRating}${row.extraLoad ? ' XL' : ''}${row.runFlat ? ' run-flat' : ''}`;

/**
 * `quantity` of tyre `id` for a booking on `date`: refused when the tyre is not offered, when
 * neither own stock nor the supplier has that many, or when the day is before they can be fitted.
 */
async function chooseTyre(
  db: Database,
  settings: Pick<BusinessSettings, 'tyres' | 'invoicing'>,
  { id, quantity, date, now }: { id: number; quantity: number; date: string; now: Date },
): Promise<TyreChoiceResult> {
  const row = await keptTyre(db, id);
  if (!row || row.hidden || !row.available) {
    return { ok: false, status: 400, field: 'tyreId', message: tyreNotOfferedMessage };
  }
  const source = availabilityOf(tyreStockOf(row), quantity);
  if (source === 'none') return { ok: false, status: 409, message: tyresGoneMessage };
  const from = firstDayWithTyres(source, row.leadDays, londonDate(now))!;
  if (date < from) return { ok: false, status: 400, field: 'date', message: tyresFromMessage(from) };
  return {
    ok: true,
    tyre: {
      id,
      quantity,
      description: tyreDescription(row),
      price: tyreBasics(row, settings).price,
      source: source === 'in-stock' ? 'stock' : 'supplier',
    },
  };
}

/** The catalogue as bookings use it (BookingTyres): the app gives it to them. */
export const bookingTyres: BookingTyres = {
  choose: chooseTyre,
  reserved: tyresReserved,
  changed: (db) => forgetCatalogue(db),
};

/**
 * Bookings still to happen whose tyres come from the supplier: staff's "to order" list, soonest
 * first, each with where its tyre can be had and the supplier's part number to order it by.
 */
export async function tyresToOrder(db: Database): Promise<TyreToOrder[]> {
  const list = await selectBookings(
    db,
    and(
      eq(bookings.tyreSource, 'supplier'),
      sql`${bookings.status} in ('booked', 'confirmed')`,
      isNotNull(bookings.tyreId),
    )!,
  );
  const sources = await sourcesOf(db, [...new Set(list.flatMap((booking) => booking.tyre?.id ?? []))]);
  return list.map((booking) => ({ ...booking, sources: sources.get(booking.tyre?.id ?? 0) ?? [] }));
}

/** Marks a booking's tyres ordered from the supplier (or not, `ordered` false); false if no such booking asks for any. */
export async function markTyresOrdered(db: Database, bookingId: number, ordered: boolean, at: Date) {
  const updated = await db
    .update(bookings)
    .set({ tyresOrderedAt: ordered ? at : null })
    .where(and(eq(bookings.id, bookingId), eq(bookings.tyreSource, 'supplier')))
    .returning({ id: bookings.id });
  return updated.length > 0;
}

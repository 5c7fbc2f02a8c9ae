import type { AvailabilityDay } from '#common/bookings/slots.ts';
import { addDays } from '#common/time/week.ts';

/**
 * Where a tyre would come from for a customer who wants `quantity` of them, and the first day
 * it can be fitted: from the business's own stock (not already reserved by a booking), the
 * first day with a bookable window; from the supplier, the first such day once the supplier's
 * lead time has passed; from neither, not offered.
 */

export const tyreAvailabilities = ['in-stock', 'supplier', 'none'] as const;
export type TyreAvailability = (typeof tyreAvailabilities)[number];

export type TyreStock = {
  /** Own stock less what bookings have reserved. */
  ownFree: number;
  supplierStock: number;
  leadDays: number;
  /** Missing from the supplier's last full file, or hidden by staff: not offered. */
  offered: boolean;
};

/** Where `quantity` tyres would come from: all from own stock, else all from the supplier. */
export function availabilityOf(stock: TyreStock, quantity: number): TyreAvailability {
  if (!stock.offered) return 'none';
  if (stock.ownFree >= quantity) return 'in-stock';
  if (stock.supplierStock >= quantity) return 'supplier';
  return 'none';
}

/** The first day the tyres are here: today from own stock, after the lead time from the supplier. */
export function firstDayWithTyres(availability: TyreAvailability, leadDays: number, today: string) {
  if (availability === 'none') return null;
  return availability === 'in-stock' ? today : addDays(today, Math.max(0, leadDays));
}

/**
 * The first day from `from` on which a window has a place left, from the days the booking
 * settings offer (notice, closed days, bank holidays and the horizon already applied): null when
 * none is left within the horizon.
 */
function firstOpenDay(days: readonly AvailabilityDay[], from: string): string | null {
  return days.find((day) => day.date >= from && day.windows.length > 0)?.date ?? null;
}

/** "Fitted from": the first day `quantity` of the tyre can be fitted, or null when it cannot be. */
export function fittedFrom(
  stock: TyreStock,
  quantity: number,
  days: readonly AvailabilityDay[],
  today: string,
): { availability: TyreAvailability; fittedFrom: string | null } {
  const availability = availabilityOf(stock, quantity);
  const from = firstDayWithTyres(availability, stock.leadDays, today);
  return { availability, fittedFrom: from === null ? null : firstOpenDay(days, from) };
}

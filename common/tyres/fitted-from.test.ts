import { describe, expect, it } from 'vitest';
import { bookingSettingsOf } from '#common/bookings/settings.ts';
import { availabilityOf as openWindows, bookableSlots } from '#common/bookings/slots.ts';
import { availabilityOf, fittedFrom, type TyreStock } from './fitted-from.ts';

const stock = (change: Partial<TyreStock> = {}): TyreStock => ({
  ownFree: 4,
  supplierStock: 20,
  leadDays: 2,
  offered: true,
  ...change,
});

describe('where the tyres come from', () => {
  it('takes them from own stock when it holds the number asked for, else the supplier', () => {
    expect(availabilityOf(stock(), 4)).toBe('in-stock');
    expect(availabilityOf(stock({ ownFree: 3 }), 4)).toBe('supplier');
    expect(availabilityOf(stock({ ownFree: 3, supplierStock: 3 }), 4)).toBe('none');
    expect(availabilityOf(stock({ offered: false }), 1)).toBe('none');
  });
});

/**
 * The booking settings of a new install without branches: mobile fitting Monday to Saturday,
 * 08:00-16:00 in two-hour windows, with four hours' notice.
 */
const settings = bookingSettingsOf({ branches: [] });

/** The days with a free window from `now`, as GET /api/availability gives them. */
function daysFrom(now: Date, full: string[] = [], closed: string[] = []) {
  const withClosed = { ...settings, closedDates: closed.map((date) => ({ date, location: '', note: '' })) };
  const slots = bookableSlots(withClosed, 'mobile', '2026-12-01', 22, now);
  return openWindows(slots, (date) => (full.includes(date) ? 99 : 0));
}

describe('fitted from', () => {
  // Tuesday 1 December 2026, 09:00 in London (GMT).
  const tuesdayMorning = new Date('2026-12-01T09:00:00Z');

  it('is today from own stock while a window is outside the notice', () => {
    expect(fittedFrom(stock(), 2, daysFrom(tuesdayMorning), '2026-12-01')).toEqual({
      availability: 'in-stock',
      fittedFrom: '2026-12-01',
    });
  });

  it('is tomorrow once today’s last window is inside the notice', () => {
    const afternoon = new Date('2026-12-01T10:30:00Z');
    expect(fittedFrom(stock(), 2, daysFrom(afternoon), '2026-12-01').fittedFrom).toBe('2026-12-02');
  });

  it('skips full days, closed days and Sundays', () => {
    const evening = new Date('2026-12-03T18:00:00Z'); // Thursday evening
    const days = daysFrom(evening, ['2026-12-04'], ['2026-12-05']);
    // Friday full, Saturday closed, Sunday never open: Monday.
    expect(fittedFrom(stock(), 1, days, '2026-12-03').fittedFrom).toBe('2026-12-07');
  });

  it('waits for the supplier’s lead time when own stock is short', () => {
    expect(fittedFrom(stock({ ownFree: 1, leadDays: 2 }), 2, daysFrom(tuesdayMorning), '2026-12-01')).toEqual(
      {
        availability: 'supplier',
        fittedFrom: '2026-12-03',
      },
    );
    // Five days from a Tuesday is a Sunday: the Monday after.
    expect(
      fittedFrom(stock({ ownFree: 0, leadDays: 5 }), 2, daysFrom(tuesdayMorning), '2026-12-01').fittedFrom,
    ).toBe('2026-12-07');
  });

  it('is not offered when neither has the tyres, nor beyond the booking horizon', () => {
    expect(
      fittedFrom(stock({ ownFree: 0, supplierStock: 1 }), 2, daysFrom(tuesdayMorning), '2026-12-01'),
    ).toEqual({
      availability: 'none',
      fittedFrom: null,
    });
    expect(
      fittedFrom(stock({ ownFree: 0, leadDays: 40 }), 2, daysFrom(tuesdayMorning), '2026-12-01'),
    ).toEqual({
      availability: 'supplier',
      fittedFrom: null,
    });
  });
});

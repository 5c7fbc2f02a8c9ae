import { describe, expect, it } from 'vitest';
import type { BookingSettings } from './settings.ts';
import { bookableSlots, bookingWeekOf, isBookableAt, locationsOffering, slotAt, windowsOn } from './slots.ts';
import { placesKey } from './branch-services.ts';
import { datesOf, makeSettings, makeWeek, opening, startsOf } from '#tests/support/booking-settings.ts';

describe('a branch’s MOT testing and servicing', () => {
  // Monday 1 June 2026, 06:00 BST.
  const monday = new Date('2026-06-01T05:00:00Z');
  const motWeek = makeWeek([opening('09:00', '10:00', 1), opening('10:00', '11:00', 1)]);
  const servicingWeek = makeWeek([opening('08:00', '12:00', 1)]);

  /** Harold Hill with its own MOT and servicing windows; changed by `change` when given. */
  function withServices(change?: (settings: BookingSettings) => void): BookingSettings {
    const settings = makeSettings();
    settings.locations[1]!.services = {
      mot: { enabled: true, week: motWeek },
      servicing: { enabled: true, week: servicingWeek },
    };
    change?.(settings);
    return settings;
  }

  it('are booked in their own windows, the tyre services in the location’s', () => {
    const settings = withServices();
    const on = (service?: string) =>
      startsOf(bookableSlots(settings, 'harold-hill', '2026-06-02', 1, monday, service));
    expect(on('mot')).toEqual(['2026-06-02 09:00', '2026-06-02 10:00']);
    expect(on('servicing')).toEqual(['2026-06-02 08:00']);
    expect(on('puncture-repair')).toEqual(['2026-06-02 09:00', '2026-06-02 13:00']);
    expect(on()).toEqual(on('puncture-repair'));
    expect(slotAt(settings, 'harold-hill', '2026-06-02', '10:00', 'mot')).toMatchObject({
      start: '10:00',
      end: '11:00',
      places: 1,
    });
    expect(slotAt(settings, 'harold-hill', '2026-06-02', '13:00', 'mot')).toBeNull();
    expect(slotAt(settings, 'harold-hill', '2026-06-02', '10:00')).toBeNull();
  });

  it('are never booked at the customer’s address, nor where they or the branch are switched off', () => {
    const settings = withServices((changed) => {
      changed.locations[0]!.services = changed.locations[1]!.services;
      changed.locations[1]!.services!.servicing!.enabled = false;
    });
    expect(bookingWeekOf(settings, 'harold-hill', 'mot')).toBe(motWeek);
    expect(bookingWeekOf(settings, 'mobile', 'mot')).toBeNull();
    expect(bookingWeekOf(settings, 'harold-hill', 'servicing')).toBeNull();
    expect(bookingWeekOf(settings, 'upminster', 'mot')).toBeNull();
    expect(isBookableAt(settings, 'harold-hill', 'mot')).toBe(true);
    expect(isBookableAt(settings, 'mobile', 'puncture-repair')).toBe(true);
    expect(locationsOffering(settings, 'mot')).toEqual(['harold-hill']);
    expect(locationsOffering(settings, 'servicing')).toEqual([]);
    expect(locationsOffering(settings, 'puncture-repair')).toEqual(['mobile', 'harold-hill']);
    expect(bookableSlots(settings, 'mobile', '2026-06-02', 7, monday, 'mot')).toEqual([]);

    settings.locations[1]!.enabled = false;
    expect(bookingWeekOf(settings, 'harold-hill', 'mot')).toBeNull();
  });

  it('close on the branch’s closed dates and bank holidays', () => {
    const settings = withServices((changed) => {
      changed.closedDates = [
        { date: '2026-06-03', location: 'harold-hill', note: '' },
        { date: '2026-06-04', location: 'mobile', note: '' },
      ];
    });
    const dates = datesOf(bookableSlots(settings, 'harold-hill', '2026-06-02', 3, monday, 'mot'));
    expect(dates).toEqual(['2026-06-02', '2026-06-04']);
    // The Spring bank holiday, Monday 25 May 2026.
    expect(windowsOn(settings, 'harold-hill', '2026-05-25', 'servicing')).toEqual([]);
    settings.openBankHolidays = ['2026-05-25'];
    expect(windowsOn(settings, 'harold-hill', '2026-05-25', 'servicing')).toEqual(servicingWeek.monday);
  });

  it('count their places apart from the tyre work’s and from each other’s', () => {
    expect(placesKey('harold-hill', 'mot')).toBe('harold-hill/mot');
    expect(placesKey('harold-hill', 'servicing')).toBe('harold-hill/servicing');
    expect(placesKey('harold-hill', 'puncture-repair')).toBe('harold-hill');
    expect(placesKey('mobile', 'tyre-replacement')).toBe('mobile');
  });
});

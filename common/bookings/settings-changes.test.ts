import { describe, expect, it } from 'vitest';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { defaultSiteSettings } from '#common/site-content/site-settings.ts';
import { weekdays } from '#common/time/week.ts';
import { bookingSettingsChanges } from './settings-changes.ts';
import { bookingSettingsOf, type BookingSettings } from './settings.ts';

const seed = () => seedSiteContent(defaultSiteSettings);

describe('describing booking changes', () => {
  const branches = seed().branches;
  /** The seed's booking settings in force, changed by `change`. */
  function withBooking(change: (booking: BookingSettings) => void = () => {}): BookingSettings {
    const booking = bookingSettingsOf({ branches });
    change(booking);
    return booking;
  }
  const describeChanges = (before: BookingSettings, after: BookingSettings) =>
    bookingSettingsChanges(before, after, { branches });

  it('reads the same settings as no change', () => {
    expect(describeChanges(withBooking(), withBooking())).toEqual([]);
  });

  it('names the limits, the locations switched and the days whose windows changed', () => {
    const after = withBooking((booking) => {
      booking.horizonDays = 28;
      booking.noticeHours = 24;
      booking.locations[0]!.enabled = false;
      booking.locations[1]!.week.monday[0]!.places = 3;
      booking.locations[1]!.week.saturday = [];
      for (const day of weekdays) booking.locations[2]!.week[day] = [];
    });
    expect(describeChanges(withBooking(), after)).toEqual([
      'Booking: days ahead customers can book “21” → “28”',
      'Booking: shortest notice (hours) “4” → “24”',
      'Booking: online booking of Mobile fitting turned off',
      'Booking: windows of Harold Hill branch changed (Monday, Saturday)',
      'Booking: windows of Upminster branch changed (every day)',
    ]);
  });

  it('names a branch’s MOT testing and servicing switched and their windows changed', () => {
    const after = withBooking((booking) => {
      booking.locations[1]!.services!.mot!.enabled = false;
      booking.locations[2]!.services!.servicing!.week.friday[0]!.places = 2;
    });
    expect(describeChanges(withBooking(), after)).toEqual([
      'Booking: online booking of MOT Testing at Harold Hill branch turned off',
      'Booking: windows of Vehicle Servicing at Upminster branch changed (Friday)',
    ]);
  });

  it('names the closed dates and bank holidays added and removed', () => {
    const before = withBooking((booking) => {
      booking.closedDates = [
        { date: '2026-12-24', location: '', note: '' },
        { date: '2026-11-02', location: 'upminster', note: 'Training' },
      ];
      booking.openBankHolidays = ['2026-05-04'];
    });
    const after = withBooking((booking) => {
      booking.closedDates = [
        { date: '2026-11-02', location: 'upminster', note: 'Staff training' },
        { date: '2026-12-31', location: 'mobile', note: '' },
      ];
      booking.openBankHolidays = ['2026-08-31'];
    });
    expect(describeChanges(before, after)).toEqual([
      'Booking: note of 2 Nov 2026 (Upminster branch) changed',
      'Booking: closed on 31 Dec 2026 (Mobile fitting)',
      'Booking: no longer closed on 24 Dec 2026 (all locations)',
      'Booking: open on Summer bank holiday, 31 Aug 2026',
      'Booking: closed on Early May bank holiday, 4 May 2026',
    ]);
  });
});

import type { BookingSettings, BookingWeek, BookingWindow } from '#common/bookings/settings.ts';
import type { Slot } from '#common/bookings/slots.ts';
import { bankHolidays } from '#common/time/bank-holidays.ts';
import { weekdays } from '#common/time/week.ts';

/** A window of a booking week, with its places (jobs at once). */
export const opening = (start: string, end: string, places = 2): BookingWindow => ({ start, end, places });

/** The same windows every day of the week, or those given for some days. */
export function makeWeek(windows: BookingWindow[], days: Partial<BookingWeek> = {}): BookingWeek {
  return { ...(Object.fromEntries(weekdays.map((day) => [day, windows])) as BookingWeek), ...days };
}

/**
 * Mobile fitting Monday to Saturday, 08:00-10:00 and 10:00-12:00; the Harold Hill branch every
 * day, 09:00-11:00 and 13:00-15:00 (one job each); three weeks ahead, four hours' notice.
 */
export function makeSettings(overrides: Partial<BookingSettings> = {}): BookingSettings {
  return {
    horizonDays: 21,
    noticeHours: 4,
    locations: [
      {
        key: 'mobile',
        enabled: true,
        week: makeWeek([opening('08:00', '10:00'), opening('10:00', '12:00')], { sunday: [] }),
      },
      {
        key: 'harold-hill',
        enabled: true,
        week: makeWeek([opening('09:00', '11:00', 1), opening('13:00', '15:00', 1)]),
      },
      { key: 'upminster', enabled: false, week: makeWeek([opening('09:00', '11:00')]) },
    ],
    closedDates: [],
    openBankHolidays: [],
    ...overrides,
  };
}

/** The days of `slots`, each once. */
export const datesOf = (slots: readonly Slot[]) => [...new Set(slots.map((slot) => slot.date))];
/** Each slot as its day and start, `2026-06-02 08:00`. */
export const startsOf = (slots: readonly Slot[]) => slots.map((slot) => `${slot.date} ${slot.start}`);

/**
 * Booking settings, as the office publishes them, that open every location (mobile fitting and
 * each branch in `branchKeys`) every day, bank holidays too, with the same `windows`: for tests
 * against a running server, which books by the real day.
 */
export function openEveryDay(branchKeys: string[], windows: BookingWindow[]) {
  const week = Object.fromEntries(weekdays.map((day) => [day, windows]));
  return {
    horizonDays: 21,
    noticeHours: 4,
    locations: ['mobile', ...branchKeys].map((key) => ({ key, enabled: true, week })),
    closedDates: [],
    openBankHolidays: Object.keys(bankHolidays),
  };
}
